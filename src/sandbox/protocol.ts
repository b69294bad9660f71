import type { LanguageId } from './languages.ts';
import type { ConsoleEntry, SandboxLimits, ScratchFile, ScriptDeterminism, ShimRequest, ShimResponse, StopReason } from './types.ts';

/** Messages between runScript (host) and startSandboxWorker (worker). Plain data: they cross postMessage. */
export type HostToWorker =
  | { type: 'run'; language: LanguageId; source: string; limits: SandboxLimits; determinism: ScriptDeterminism; files: ScratchFile[]; sync?: SyncChannel }
  | { type: 'fetchResult'; id: number; response: ShimResponse }
  | { type: 'fetchError'; id: number; message: string };

export type WorkerToHost =
  /** The script starts evaluating now: the time limit counts from here, not from worker start-up. */
  | { type: 'started' }
  | { type: 'console'; entry: ConsoleEntry }
  | { type: 'fetch'; id: number; request: ShimRequest }
  /** The WebAssembly heap grew to this many bytes (sent in coarse steps), so a silent death can be explained. */
  | { type: 'memory'; bytes: number }
  | ({ type: 'done'; files?: ScratchFile[] } & ScriptOutcome);

/** How a script ended, as the worker reports it. */
export type ScriptOutcome = { ok: true } | { ok: false; reason: StopReason; error: string };

/**
 * How a worker that must block on a fetch (Python's `requests` is synchronous) gets its answer where shared memory
 * exists (Node, or a cross-origin isolated page): the worker still posts each `fetch` as a message; the host writes
 * the answer into `buffer` and wakes the worker (syncAnswer.ts). Without one (a page that is not cross-origin
 * isolated) the worker gets fetchResult/fetchError messages as usual and suspends on them (JSPI).
 */
export interface SyncChannel {
  buffer: SharedArrayBuffer;
}

/** The VM's module file name: error lines refer to it. */
export const SCRIPT_FILE_NAME = 'script.js';

/**
 * The WebAssembly memory given to QuickJS is capped at the script's memory limit plus this much: QuickJS's own
 * static data and C stack live there too (16 MB is the initial heap this Emscripten build asks for).
 */
export const WASM_BASE_BYTES = 16 * 1024 * 1024;

/** Both directions carry `{ type }` objects; anything else on the channel is ignored. */
export function isMessage<T extends { type: string }>(message: unknown): message is T {
  return typeof message === 'object' && message !== null && typeof (message as { type?: unknown }).type === 'string';
}
