import type { LanguageId } from './languages.ts';
import { isMessage, WASM_BASE_BYTES, type HostToWorker, type SyncChannel, type WorkerToHost } from './protocol.ts';
import { answerFetch } from './shimHttp.ts';
import { newSyncBuffer, writeSyncAnswer } from './syncAnswer.ts';
import {
  abortedMessage,
  consoleTruncatedNote,
  crashMessage,
  memoryLimitMessage,
  requestLimitMessage,
  requestRefusedMessage,
  timeLimitMessage,
} from './stopMessages.ts';
import {
  defaultLimits,
  type ConsoleEntry,
  type FetchHandler,
  type RequestLogEntry,
  type SandboxLimits,
  type ScratchFile,
  type ScriptDeterminism,
  type ScriptResult,
  type ShimRequest,
  type StopReason,
  type WorkerFactory,
  type WorkerLike,
} from './types.ts';

export interface RunScriptOptions extends ScriptDeterminism {
  fetch: FetchHandler;
  createWorker: WorkerFactory;
  /** The script's language (default JavaScript): the worker factory starts that language's worker. */
  language?: LanguageId;
  /** The run's scratch directory as earlier scripts left it (languages with a file system see these files). */
  files?: ScratchFile[];
  /** The scratch directory as this script left it, when the script ended with it (not when its worker died). */
  onFiles?: (files: ScratchFile[]) => void;
  limits?: Partial<SandboxLimits>;
  /** Each console line as the script prints it (the result repeats them all). */
  onConsole?: (entry: ConsoleEntry) => void;
  signal?: AbortSignal;
}

/**
 * How long past the time limit the host waits for the worker to stop the script itself (the VM's interrupt handler
 * normally does, with a clean message) before it terminates the worker.
 */
const TERMINATE_GRACE_MS = 1000;
/** How long a finished run waits for requests still being answered. */
const IN_FLIGHT_GRACE_MS = 5000;
/**
 * A worker that has not started the script by then is reported as crashed (a cold browser start takes ~0.5 s for
 * QuickJS; Pyodide takes seconds, and many times that on a machine whose cores are all busy).
 */
const STARTUP_TIMEOUT_MS: Record<string, number> = { javascript: 30_000, python: 180_000 };
/** A worker that dies with its WebAssembly heap this close to the cap is taken to have run out of memory. */
const NEAR_CAP = 0.8;

/**
 * Runs one script (an ES module: top-level await works) in a fresh worker and reports how it went.
 *
 * The run ends, as a Node process does, when the module has finished and nothing is pending: no fetch() in
 * flight and no setTimeout/setInterval left (AbortSignal.timeout's timer does not count). It also ends at the
 * first uncaught error (in the module or a timer callback) and at the time limit, which counts from the moment
 * the script starts, not from worker start-up.
 *
 * Never throws: every failure, including a broken worker factory, comes back as `{ ok: false, reason, error }`.
 * Everything here is the same for every language; only the worker differs.
 */
export function runScript(source: string, options: RunScriptOptions): Promise<ScriptResult> {
  const limits: SandboxLimits = { ...defaultLimits, ...options.limits };
  const language = options.language ?? 'javascript';
  const consoleEntries: ConsoleEntry[] = [];
  const requests: RequestLogEntry[] = [];
  let scriptStartedAt = Date.now();
  let consoleChars = 0;
  let consoleTruncated = false;
  let requestCount = 0;
  let requestLimitHit = false;
  let heapBytes = 0;
  let worker: WorkerLike | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settle: (result: ScriptResult) => void = () => {};
  let ended = false;
  const inFlight = new Set<Promise<void>>();
  const sync = language === 'python' ? newSyncChannel(limits) : null;

  const done = new Promise<ScriptResult>((resolve) => (settle = resolve));

  function end(outcome: { ok: true } | { ok: false; reason: StopReason; error: string }): void {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    try {
      worker?.terminate();
    } catch {
      // Already gone.
    }
    let final = outcome;
    // The over-limit fetch() rejected inside the script; whether the script caught that or died of it, the
    // limit is the story (a timeout or memory stop still says what finally stopped it).
    if (requestLimitHit && (final.ok || final.reason === 'error')) {
      final = { ok: false, reason: 'requests', error: requestLimitMessage(limits) };
    }
    const result = { ...final, console: consoleEntries, requests, durationMs: Date.now() - scriptStartedAt };
    // A script that died with requests in flight: let them finish (or fail) first, so that nothing writes after the
    // caller reads the diff. The wait is bounded in case a handler never answers.
    if (inFlight.size === 0) settle(result);
    else {
      const grace = new Promise<void>((resolve) => setTimeout(resolve, IN_FLIGHT_GRACE_MS));
      void Promise.race([Promise.allSettled([...inFlight]), grace]).then(() => settle(result));
    }
  }

  function onAbort(): void {
    end({ ok: false, reason: 'aborted', error: abortedMessage() });
  }

  function addConsole(entry: ConsoleEntry): void {
    if (consoleTruncated) return;
    let kept = entry;
    if (consoleChars + entry.text.length > limits.maxConsoleChars) {
      // The worker enforces the budget too; this guards against a worker that does not.
      consoleTruncated = true;
      kept = { level: 'warn', text: consoleTruncatedNote(limits) };
    }
    consoleChars += kept.text.length;
    consoleEntries.push(kept);
    try {
      options.onConsole?.(kept);
    } catch {
      // A listener's bug must not end the run.
    }
  }

  function send(message: HostToWorker, transfer: Transferable[] = []): void {
    if (!ended) worker?.postMessage(message, transfer);
  }

  /** A fetch's answer: in shared memory when the worker blocks for it, else as a message. */
  function answer(message: Extract<HostToWorker, { type: 'fetchResult' | 'fetchError' }>, transfer: Transferable[] = []): void {
    if (ended) return;
    if (!sync) return send(message, transfer);
    writeSyncAnswer(sync.buffer, message.id, message);
  }

  async function relayFetch(id: number, request: ShimRequest): Promise<void> {
    requestCount++;
    if (requestCount > limits.maxRequests) {
      requestLimitHit = true;
      answer({ type: 'fetchError', id, message: requestRefusedMessage(limits) });
      return;
    }
    try {
      const response = await answerFetch(options.fetch, request, (entry) => {
        if (!ended) requests.push(entry);
      });
      answer({ type: 'fetchResult', id, response }, [response.body.buffer]);
    } catch (error) {
      answer({ type: 'fetchError', id, message: error instanceof Error ? error.message : String(error) });
    }
  }

  function onMessage(message: unknown): void {
    if (ended || !isMessage<WorkerToHost>(message)) return;
    switch (message.type) {
      case 'started':
        scriptStartedAt = Date.now();
        clearTimeout(timer);
        timer = setTimeout(
          () => end({ ok: false, reason: 'timeout', error: timeLimitMessage(limits) }),
          limits.timeMs + TERMINATE_GRACE_MS,
        );
        break;
      case 'console':
        addConsole(message.entry);
        break;
      case 'fetch': {
        const relay = relayFetch(message.id, message.request);
        inFlight.add(relay);
        void relay.finally(() => inFlight.delete(relay));
        break;
      }
      case 'memory':
        heapBytes = message.bytes;
        break;
      case 'done':
        if (message.files) {
          try {
            options.onFiles?.(message.files);
          } catch {
            // A listener's bug must not end the run differently.
          }
        }
        end(message.ok ? { ok: true } : { ok: false, reason: message.reason, error: message.error });
        break;
    }
  }

  function onWorkerError(error: unknown): void {
    if (ended) return;
    const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
    const code = (error as { code?: unknown } | null)?.code;
    const outOfMemory =
      code === 'ERR_WORKER_OUT_OF_MEMORY' ||
      /out of memory/i.test(detail) ||
      heapBytes >= NEAR_CAP * (limits.memoryBytes + WASM_BASE_BYTES);
    end(
      outOfMemory
        ? { ok: false, reason: 'memory', error: memoryLimitMessage(limits) }
        : { ok: false, reason: 'crash', error: crashMessage(detail) },
    );
  }

  if (options.signal?.aborted) {
    onAbort();
    return done;
  }
  options.signal?.addEventListener('abort', onAbort);
  try {
    worker = options.createWorker(limits, language);
    worker.onMessage(onMessage);
    worker.onError(onWorkerError);
    const startupMs = STARTUP_TIMEOUT_MS[language] ?? STARTUP_TIMEOUT_MS.javascript;
    timer = setTimeout(
      () => end({ ok: false, reason: 'crash', error: crashMessage(`the sandbox did not start within ${startupMs / 1000} s`) }),
      startupMs,
    );
    const files = (options.files ?? []).map(copyFile);
    const determinism = { now: options.now, randomSeed: options.randomSeed };
    const transfer: Transferable[] = files.map((f) => f.bytes.buffer);
    send({ type: 'run', language, source, limits, determinism, files, ...(sync ? { sync } : {}) }, transfer);
    // Node loads its fetch classes (undici) on the first use of `Request`, a tenth of a second: done now, while the
    // worker starts the script, rather than when its first request arrives.
    void globalThis.Request;
  } catch (error) {
    end({ ok: false, reason: 'crash', error: crashMessage(error instanceof Error ? error.message : String(error)) });
  }
  return done;
}

/** The caller keeps its scratch files: the worker gets copies (their buffers are transferred). */
function copyFile(file: ScratchFile): ScratchFile {
  return { path: file.path, bytes: file.bytes.slice() };
}

/**
 * Shared memory for a script that blocks on its requests, where it exists (Node, or a cross-origin isolated page).
 * An answer may be as large as the script's memory limit: a larger one could not be held by the script anyway.
 */
function newSyncChannel(limits: SandboxLimits): SyncChannel | null {
  if (typeof SharedArrayBuffer === 'undefined' || typeof Atomics === 'undefined') return null;
  try {
    return { buffer: newSyncBuffer(limits.memoryBytes) };
  } catch {
    return null;
  }
}
