import type { LanguageId } from './languages.ts';
import { isMessage, type HostToWorker, type ScriptOutcome, type SyncChannel, type WorkerToHost } from './protocol.ts';
import { crashMessage } from './stopMessages.ts';
import { waitSyncAnswer } from './syncAnswer.ts';
import type { ConsoleEntry, SandboxLimits, ScratchFile, ScriptDeterminism, ShimRequest, ShimResponse, WorkerPort } from './types.ts';

/** One script to run, as the host sent it. */
export interface RunJob {
  source: string;
  limits: SandboxLimits;
  determinism: ScriptDeterminism;
  /** The run's scratch directory as earlier scripts of the run left it. */
  files: ScratchFile[];
}

/** What a language's runner may do; the worker harness turns each call into a message to the host. */
export interface RunnerIO {
  /** The script starts evaluating now: the host's time limit counts from here, not from worker start-up. */
  started(): void;
  console(entry: ConsoleEntry): void;
  /** One request through the host's fetch bridge; rejects with a TypeError whose message is meant for the script. */
  fetch(request: ShimRequest): Promise<ShimResponse>;
  /** The script's heap grew to this many bytes (sent in coarse steps), so that a silent death can be explained. */
  memory(bytes: number): void;
  /** The script ended; only the first call counts. `files`: the scratch directory now, for the run's next script. */
  done(outcome: ScriptOutcome, files?: ScratchFile[]): void;
  /**
   * One request, the worker blocked until it is answered (for languages whose HTTP calls are synchronous). There
   * only when the host gave shared memory (Node, a cross-origin isolated page); otherwise a runner suspends on
   * `fetch` instead. Returns a TypeError, not throws, for a refused request.
   */
  fetchBlocking?(request: ShimRequest): ShimResponse | TypeError;
}

/** A language's half of the sandbox: it runs one source and reports through `io`. */
export interface ScriptRunner {
  language: LanguageId;
  /**
   * Work that does not depend on the script — loading the interpreter, its commands, warming them up — done as soon
   * as the worker starts, so that a worker started ahead of need (a spare) is ready when its script comes. It must
   * leave nothing a script could see: the script still gets a fresh interpreter of its own. `hurry` fires when the
   * script has come: what is optional (a warm-up) should stop, since the script now waits for it.
   */
  prepare?(hurry: AbortSignal): Promise<void>;
  run(job: RunJob, io: RunnerIO): void | Promise<void>;
}

function requestTransfer(request: ShimRequest): Transferable[] {
  const transfer: Transferable[] = [];
  if (request.body?.kind === 'bytes') transfer.push(request.body.bytes.buffer);
  if (request.body?.kind === 'form') {
    for (const entry of request.body.entries) if ('file' in entry) transfer.push(entry.file.bytes.buffer);
  }
  return transfer;
}

/**
 * The worker side of the sandbox, shared by every language: waits for one `run` message, hands it to the
 * language's runner and relays what the runner does (console lines, fetches and their answers, the end) to the
 * host. One worker runs one script; the host terminates it afterwards. The listener is attached synchronously, so
 * messages sent while the runner loads are not lost.
 */
export function startSandboxWorker(port: WorkerPort, runner: ScriptRunner): void {
  let running = false;
  let finished = false;
  // Started at once; a failure here is the run's to report (it runs, or crashes with the reason).
  const hurry = new AbortController();
  const prepared = runner.prepare?.(hurry.signal).then(
    () => null,
    (error: unknown) => error,
  );
  let nextFetchId = 1;
  const fetches = new Map<number, { resolve: (r: ShimResponse) => void; reject: (e: Error) => void }>();
  const send = (message: WorkerToHost, transfer?: Transferable[]): void => port.postMessage(message, transfer);

  const io: RunnerIO = {
    started: () => send({ type: 'started' }),
    console: (entry) => {
      if (!finished) send({ type: 'console', entry });
    },
    fetch: (request) =>
      new Promise<ShimResponse>((resolve, reject) => {
        const id = nextFetchId++;
        fetches.set(id, { resolve, reject });
        send({ type: 'fetch', id, request }, requestTransfer(request));
      }),
    memory: (bytes) => send({ type: 'memory', bytes }),
    done: (outcome, files) => {
      if (finished) return;
      finished = true;
      send({ type: 'done', ...outcome, ...(files?.length ? { files } : {}) }, files?.map((f) => f.bytes.buffer));
    },
  };

  function blockingFetch(sync: SyncChannel, limits: SandboxLimits) {
    return (request: ShimRequest): ShimResponse | TypeError => {
      const id = nextFetchId++;
      send({ type: 'fetch', id, request }, requestTransfer(request));
      // Bounded by the time limit: the host terminates the worker soon after it anyway.
      const answer = waitSyncAnswer(sync.buffer, id, limits.timeMs);
      if (!answer) return new TypeError('fetch failed: no response within the time limit');
      return answer.type === 'fetchResult' ? answer.response : new TypeError(answer.message);
    };
  }

  async function run({ source, limits, determinism, files, sync }: Extract<HostToWorker, { type: 'run' }>): Promise<void> {
    hurry.abort();
    const runIo = sync ? { ...io, fetchBlocking: blockingFetch(sync, limits) } : io;
    try {
      const failed = await prepared;
      if (failed) throw failed;
      await runner.run({ source, limits, determinism, files: files ?? [] }, runIo);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      io.done({ ok: false, reason: 'crash', error: crashMessage(detail) });
    }
  }

  port.onMessage((message) => {
    if (!isMessage<HostToWorker>(message)) return;
    switch (message.type) {
      case 'run':
        if (running) return;
        running = true;
        void run(message);
        break;
      case 'fetchResult':
        fetches.get(message.id)?.resolve(message.response);
        fetches.delete(message.id);
        break;
      case 'fetchError':
        fetches.get(message.id)?.reject(new TypeError(message.message));
        fetches.delete(message.id);
        break;
    }
  });
}
