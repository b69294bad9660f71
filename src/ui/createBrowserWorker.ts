import type { LanguageId } from '../sandbox/languages.ts';
import { spareWorkers } from '../sandbox/spareWorkers.ts';
import pythonWorkerUrl from './pythonWorker.ts?worker&url';
import { workerUnderPagePolicy } from './workerUnderPagePolicy.ts';

/**
 * Starts the sandbox worker for `language` on the page's thread and hands it `port`, the channel to the sandbox
 * host in the workbench worker: a module worker running ./sandboxWorker.ts (Vite bundles it from this
 * `new URL(…, import.meta.url)` pattern). `onFailed` hears a worker that failed to load or crashed. A browser
 * cannot cap a worker's memory; the capped WebAssembly memory the worker gives QuickJS does (see
 * src/sandbox/loadQuickJS.ts).
 */
export function startSandboxWorker(language: LanguageId, port: MessagePort, onFailed: (message: string) => void): Worker {
  const worker = startWorker(language);
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    onFailed(event.message || 'the sandbox worker failed to load or crashed');
  });
  worker.addEventListener('messageerror', () => onFailed('a message to the sandbox worker could not be read'));
  worker.postMessage({ port }, [port]);
  return worker;
}

/**
 * A loaded worker of each language in use waits for the next script (src/sandbox/spareWorkers.ts, the mechanism
 * Node shares): a worker loads its code when it is created, and Python's loads Pyodide too (seconds) before its first message.
 */
const spares = spareWorkers<null, Worker>(newWorker, (worker) => worker.terminate());

/** Starts loading a worker of `language` ahead of its first script (e.g. when its editor tab is picked). */
export function warmSandbox(language: LanguageId): void {
  spares.warm(language, null);
}

function startWorker(language: LanguageId): Worker {
  return spares.take(language, null);
}

/** Each language's worker is its own chunk, so a page that runs only JavaScript never loads the shell. */
function newWorker(language: LanguageId): Worker {
  switch (language) {
    case 'javascript':
      return new Worker(new URL('./sandboxWorker.ts', import.meta.url), { type: 'module', name: 'difflab-sandbox' });
    case 'bash':
      return new Worker(new URL('./bashWorker.ts', import.meta.url), { type: 'module', name: 'difflab-sandbox-bash' });
    case 'python':
      // A Python script can reach its worker's JavaScript (docs/sandbox.md): the page's policy bounds its import().
      return workerUnderPagePolicy(pythonWorkerUrl, 'difflab-python');
    default:
      throw new Error(`there is no ${language} sandbox in this build`);
  }
}
