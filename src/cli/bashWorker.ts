import { parentPort, workerData, type TransferListItem } from 'node:worker_threads';
import { bashRunner } from '../sandbox/bash/bashRunner.ts';
import { startSandboxWorker } from '../sandbox/worker.ts';

// The Node entry of the Bash sandbox worker (started by createNodeWorker.ts, usually from a code-cached bundle of
// this file through codeCachedWorker.cjs).

/** What codeCachedWorker.cjs tells the bundle it loaded. */
export interface CodeCacheState {
  /** There was no code cache, or V8 rejected it: this worker writes one once its full warm-up has run. */
  wanted: boolean;
  /** Writes the code cache of what this worker has compiled so far beside the bundle. */
  save(): void;
}

export function start(codeCache?: CodeCacheState): void {
  if (!parentPort) throw new Error('bashWorker.ts must run in a worker_thread');
  const port = parentPort;
  startSandboxWorker(
    {
      postMessage: (message, transfer) => port.postMessage(message, transfer as TransferListItem[] | undefined),
      onMessage: (listener) => port.on('message', listener),
    },
    // With the code cache, functions come compiled: only the common first script is warmed up, the rest would cost
    // CPU in each worker for a first use that is already cheap. The worker that writes the cache warms all up first,
    // so that what most scripts use is in it.
    bashRunner(codeCache && { warmUp: codeCache.wanted ? 'all' : 'curl-jq', warmedUp: codeCache.wanted ? codeCache.save : undefined }),
  );
}

// The loader calls start(); a worker that imports this module itself (the tsx fallback) starts here.
if (!(workerData as { codeCache?: unknown } | null)?.codeCache) start();
