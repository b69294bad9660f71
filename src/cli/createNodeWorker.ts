import { Worker, type ResourceLimits, type TransferListItem } from 'node:worker_threads';
import type { SandboxLimits, WorkerFactory, WorkerLike } from '../sandbox/types.ts';

const MB = 1024 * 1024;
export const NODE_WORKER_STACK_MB = 4;
/** Registers tsx in the worker, then imports ./sandboxWorker.ts (see the file for why). */
const BOOTSTRAP = new URL('./sandboxWorkerBootstrap.mjs', import.meta.url);

/**
 * The V8 heap of the worker holds the worker's own code and the host-side copies of request and response
 * bodies and console text; the script's heap is the WebAssembly memory, capped separately (loadQuickJS.ts).
 */
export function nodeResourceLimits(limits: SandboxLimits): ResourceLimits {
  return {
    maxOldGenerationSizeMb: Math.ceil(limits.memoryBytes / MB) + 64,
    maxYoungGenerationSizeMb: 16,
    stackSizeMb: NODE_WORKER_STACK_MB,
  };
}

/** The WorkerFactory for Node (CLI, tests): a worker_thread running src/cli/sandboxWorker.ts. */
export const createNodeWorker: WorkerFactory = (limits) => {
  const worker = new Worker(BOOTSTRAP, {
    // Not the parent's flags (vitest's, or an --import that would not apply anyway).
    execArgv: [],
    resourceLimits: nodeResourceLimits(limits),
  });
  const adapter: WorkerLike = {
    postMessage: (message, transfer) => worker.postMessage(message, transfer as TransferListItem[] | undefined),
    onMessage: (listener) => void worker.on('message', listener),
    onError: (listener) => {
      worker.on('error', listener);
      worker.on('messageerror', listener);
      worker.on('exit', (code) => listener(new Error(`the sandbox worker exited with code ${code}`)));
    },
    terminate: () => void worker.terminate(),
  };
  return adapter;
};
