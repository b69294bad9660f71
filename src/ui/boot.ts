/**
 * The page's first module: it starts the workbench worker (PGlite, the replicas, the sandbox host) and tells it at
 * once to start PostgreSQL from the prebuilt data directory, so that the worker's modules, its downloads and
 * PostgreSQL's start overlap with the page loading, evaluating and rendering the app (main.tsx, which takes the
 * worker over). On the dev server it is index.html's entry and loads the app after it (see the end): a module graph
 * runs only once all of it has loaded, and a browser fetches a handful of modules at a time, so as the app's first
 * import it waited for ~270 modules and the worker's queued behind them. Before all that, isolation.ts may make the
 * page cross-origin isolated (a browser without JSPI, on its first visit): it reloads the page then, and nothing
 * here starts.
 */
import './isolation.ts';
import type { ToWorker } from './workbench/protocol.ts';

/** The prebuilt PGlite data directory (every replica schema and the project's seeds), as an absolute URL. */
export const dataDirUrl = new URL(`${import.meta.env.BASE_URL}pgdata.tar.gz`, document.baseURI).href;
export const worker = new Worker(new URL('./workbench/workbenchWorker.ts', import.meta.url), { type: 'module', name: 'difflab-workbench' });
worker.postMessage({ kind: 'boot', dataDir: dataDirUrl } satisfies ToWorker);

let failed: string | null = null;
// A worker whose script cannot load says so once, perhaps before the app listens: keep it.
worker.addEventListener('error', (e) => (failed ??= e.message || 'the workbench worker could not load'), { once: true });

/** Why the worker failed before the app took it over, or null. */
export const earlyWorkerError = (): string | null => failed;

// On the dev server this is the page's entry, and the app comes after it: not as a static import, which would make
// the app's modules part of this graph, all loaded before any of this runs. A build's entry is main.tsx itself
// (vite.config.ts), whose first import is this module.
if (import.meta.env.DEV) void import('./main.tsx');
