import type { LanguageId } from '../sandbox/languages.ts';

/**
 * Starts the sandbox worker for `language` on the page's thread and hands it `port`, the channel to the sandbox
 * host in the workbench worker: a module worker running ./sandboxWorker.ts (Vite bundles it from this
 * `new URL(…, import.meta.url)` pattern). `onFailed` hears a worker that failed to load or crashed. A browser
 * cannot cap a worker's memory; the capped WebAssembly memory the worker gives QuickJS does (see
 * src/sandbox/loadQuickJS.ts).
 */
export function startSandboxWorker(language: LanguageId, port: MessagePort, onFailed: (message: string) => void): Worker {
  const worker = takeWorker(language);
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    onFailed(event.message || 'the sandbox worker failed to load or crashed');
  });
  worker.addEventListener('messageerror', () => onFailed('a message to the sandbox worker could not be read'));
  worker.postMessage({ port }, [port]);
  return worker;
}

/**
 * One spare worker per language, loading its interpreter (and warming it up: the runner's `prepare`) before it is
 * needed: started when a language is first asked for — or picked (`prewarmSandbox`) — and again each time the spare
 * is handed out, so a page that runs only JavaScript never loads the shell. One worker still runs one script: a
 * spare has run none, and it waits for the port to its host before it runs anything.
 */
const spares = new Map<LanguageId, Worker>();

function takeWorker(language: LanguageId): Worker {
  const worker = spares.get(language) ?? newWorker(language);
  spares.set(language, newWorker(language));
  return worker;
}

/** Starts the language's spare now if there is none, e.g. when Bash is picked in the editor. */
export function prewarmSandbox(language: LanguageId): void {
  if (!spares.has(language)) spares.set(language, newWorker(language));
}

/** Each language's worker is its own chunk, so a page that runs only JavaScript never loads the shell. */
function newWorker(language: LanguageId): Worker {
  switch (language) {
    case 'javascript':
      return new Worker(new URL('./sandboxWorker.ts', import.meta.url), { type: 'module', name: 'difflab-sandbox' });
    case 'bash':
      return new Worker(new URL('./bashWorker.ts', import.meta.url), { type: 'module', name: 'difflab-sandbox-bash' });
    default:
      throw new Error(`there is no ${language} sandbox in this build`);
  }
}
