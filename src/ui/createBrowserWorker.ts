import type { LanguageId } from '../sandbox/languages.ts';
import type { WorkerFactory } from '../sandbox/types.ts';

/**
 * The WorkerFactory for the browser: a module worker running ./sandboxWorker.ts (Vite bundles it from this
 * `new URL(…, import.meta.url)` pattern). A browser cannot cap a worker's memory; the capped WebAssembly memory
 * the worker gives QuickJS does (see src/sandbox/loadQuickJS.ts).
 */
export const createBrowserWorker: WorkerFactory = (_limits, language) => {
  const worker = startWorker(language);
  return {
    postMessage: (message, transfer) => worker.postMessage(message, transfer ?? []),
    onMessage: (listener) => worker.addEventListener('message', (event) => listener(event.data)),
    onError: (listener) => {
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        listener(new Error(event.message || 'the sandbox worker failed to load or crashed'));
      });
      worker.addEventListener('messageerror', () => listener(new Error('a message from the sandbox worker could not be read')));
    },
    terminate: () => worker.terminate(),
  };
};

/** Each language's worker is its own chunk, so a page that runs only JavaScript never loads the shell. */
function startWorker(language: LanguageId): Worker {
  switch (language) {
    case 'javascript':
      return new Worker(new URL('./sandboxWorker.ts', import.meta.url), { type: 'module', name: 'difflab-sandbox' });
    default:
      throw new Error(`there is no ${language} sandbox in this build`);
  }
}
