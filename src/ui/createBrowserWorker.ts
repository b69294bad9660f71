import type { LanguageId } from '../sandbox/languages.ts';

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
 * Python's workers take a second or more to load Pyodide, so once one has been asked for, a spare is kept loading
 * ahead of the next script (one worker per script stays the rule: the spare has run nothing).
 */
let sparePython: Worker | null = null;

function newPythonWorker(): Worker {
  return new Worker(new URL('./pythonWorker.ts', import.meta.url), { type: 'module', name: 'difflab-python' });
}

/** Each language's worker is its own chunk, so a page that runs only JavaScript never loads the shell. */
function startWorker(language: LanguageId): Worker {
  switch (language) {
    case 'javascript':
      return new Worker(new URL('./sandboxWorker.ts', import.meta.url), { type: 'module', name: 'difflab-sandbox' });
    case 'bash':
      return new Worker(new URL('./bashWorker.ts', import.meta.url), { type: 'module', name: 'difflab-sandbox-bash' });
    case 'python': {
      const worker = sparePython ?? newPythonWorker();
      sparePython = newPythonWorker();
      return worker;
    }
    default:
      throw new Error(`there is no ${language} sandbox in this build`);
  }
}
