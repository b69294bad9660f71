import { PATTERN_WORKER_SOURCE, setPatternWorkerFactory } from '../evaluation/index.ts';

/**
 * Backtracking regular expressions of evaluations run in a Web Worker that is terminated past its budget: from the
 * page (Studio's live assertions) and from inside the workbench worker (nested workers). The worker's code is a
 * Blob URL, so it needs no bundling.
 */
export function installBrowserPatternWorker(): void {
  const url = URL.createObjectURL(new Blob([PATTERN_WORKER_SOURCE], { type: 'text/javascript' }));
  setPatternWorkerFactory(() => {
    const worker = new Worker(url, { name: 'difflab-patterns' });
    return {
      postMessage: (message) => worker.postMessage(message),
      onMessage: (handler) => {
        worker.onmessage = (e: MessageEvent) => handler(e.data);
      },
      terminate: () => worker.terminate(),
    };
  });
}
