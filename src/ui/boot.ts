/**
 * The app's first module (main.tsx imports it before anything else): it starts the workbench worker (PGlite, the
 * replicas, the sandbox host) and tells it at once to start PostgreSQL from the prebuilt data directory, so that the
 * worker's downloads and PostgreSQL's start overlap with the page evaluating and rendering the app instead of waiting
 * for it. `main.tsx` takes the worker over. Before all that, isolation.ts may make the page cross-origin isolated
 * (a browser without JSPI, on its first visit): it reloads the page then, and nothing here starts.
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
