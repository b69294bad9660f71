import { Worker } from 'node:worker_threads';
import { PATTERN_WORKER_SOURCE, setPatternWorkerFactory } from '../evaluation/index.ts';

let installed = false;

/** Backtracking regular expressions of evaluations run in a worker thread that is stopped past its budget. */
export function installNodePatternWorker(): void {
  if (installed) return;
  installed = true;
  setPatternWorkerFactory(() => {
    const worker = new Worker(PATTERN_WORKER_SOURCE, { eval: true });
    return {
      postMessage: (message) => worker.postMessage(message),
      onMessage: (handler) => {
        worker.on('message', handler);
        // After the listener (which refs it again): an idle pattern worker never keeps the process alive; while a job
        // runs, its budget's timer does.
        worker.unref();
      },
      terminate: () => void worker.terminate(),
    };
  });
}
