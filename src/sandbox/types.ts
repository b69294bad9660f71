import type { LanguageId } from './languages.ts';

/** Limits for one script run. Each, when hit, stops the script with a clear message. */
export interface SandboxLimits {
  /** Wall-clock budget for the whole script, in milliseconds. */
  timeMs: number;
  /** Memory cap for the script's heap, in bytes. */
  memoryBytes: number;
  /** Maximum number of fetch() calls. */
  maxRequests: number;
  /** Maximum total console output kept, in characters (the rest is dropped with a note). */
  maxConsoleChars: number;
}

export const defaultLimits: SandboxLimits = {
  timeMs: 10_000,
  memoryBytes: 64 * 1024 * 1024,
  maxRequests: 500,
  maxConsoleChars: 200_000,
};

export type ConsoleLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

export interface ConsoleEntry {
  level: ConsoleLevel;
  text: string;
}

/** A request as it crosses from the sandbox to the host: plain data, cloneable across a worker boundary. */
export interface ShimRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body: ShimBody | null;
  /** As in fetch(): 'follow' (the default) lets the host follow 3xx responses. */
  redirect: 'follow' | 'manual' | 'error';
}

export type ShimBody =
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array<ArrayBuffer> }
  | { kind: 'form'; entries: ShimFormEntry[] };

export type ShimFormEntry =
  | { name: string; value: string }
  | { name: string; file: { bytes: Uint8Array<ArrayBuffer>; type: string; filename: string } };

export interface ShimResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  /** The final URL, after any redirects the host followed. */
  url: string;
  redirected: boolean;
}

export interface RequestLogEntry {
  method: string;
  url: string;
  status: number;
  ms: number;
  /** A hop the host followed for a redirect (Box's download host): part of the script's call before it, not a call. */
  redirected?: true;
}

/**
 * 'aborted': the caller's AbortSignal fired. 'unavailable': the language cannot run here at all (Python in a page
 * with neither JSPI nor cross-origin isolation); 'syntax': the script does not parse in its language. Either way
 * the script never started: the step is not run, not failed.
 */
export type StopReason = 'timeout' | 'memory' | 'requests' | 'error' | 'crash' | 'aborted' | 'unavailable' | 'syntax';

/** Whether the script never started (its language cannot run here, or it does not parse): a step that was not run, with no verdict. */
export function neverStarted(result: { reason?: StopReason }): boolean {
  return result.reason === 'unavailable' || result.reason === 'syntax';
}

export interface ScriptResult {
  ok: boolean;
  /** Why the script did not finish normally. */
  reason?: StopReason;
  /** A message for people: the uncaught error with its line, or which limit was hit. */
  error?: string;
  console: ConsoleEntry[];
  requests: RequestLogEntry[];
  durationMs: number;
}

/** The host side's way to answer a sandboxed fetch: usually the router bound to an environment. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** A minimal worker: the browser's Worker and Node's worker_threads Worker both adapt to it. */
export interface WorkerLike {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onMessage(listener: (message: unknown) => void): void;
  /**
   * Called when the worker dies without a message (out of memory, crash). May be called more than once, and
   * after terminate(); the host ignores calls once the run has ended.
   */
  onError(listener: (error: unknown) => void): void;
  terminate(): void;
}

/** What makes a run reproducible (invariant 4); each left out keeps real time or real randomness. */
export interface ScriptDeterminism {
  /** Starts the VM's clock here (ms since the epoch); it then moves only as timers fire (see clock.ts). */
  now?: number;
  /** Seeds the VM's Math.random. */
  randomSeed?: number;
}

/**
 * Starts a worker that runs scripts of this language (each language has its own worker entry). What a worker is
 * may depend only on the language and `limits.memoryBytes` (Node caps the worker's heap by it): every other limit
 * reaches the worker in its run message, so a worker started ahead of need serves any script with that memory limit.
 */
export type WorkerFactory = (limits: SandboxLimits, language: LanguageId) => WorkerLike;

/**
 * A file of a run's scratch directory: what a script wrote there is handed to the next script of the same run
 * (each script still runs in a fresh worker). Languages without a file system ignore them.
 */
export interface ScratchFile {
  path: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** The worker side's end of the channel: `self` in a browser worker, `parentPort` in a Node worker_thread. */
export interface WorkerPort {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onMessage(listener: (message: unknown) => void): void;
}
