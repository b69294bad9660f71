/**
 * The page's first script, loaded on its own before the app's modules: it starts the two slow things of a start —
 * the prebuilt data directory's download and the workbench worker (PGlite, the replicas, the sandbox host) — so that
 * they overlap with loading, parsing and painting the app instead of waiting for it. `main.tsx` takes them over.
 */

/** The prebuilt PGlite data directory (every replica schema and the project's seeds), or null if missing. */
async function downloadDataDir(): Promise<ArrayBuffer | null> {
  try {
    const res = await fetch(`${import.meta.env.BASE_URL}pgdata.tar.gz`);
    return res.ok ? await res.arrayBuffer() : null;
  } catch {
    return null;
  }
}

export const dataDir = downloadDataDir();
export const worker = new Worker(new URL('./workbench/workbenchWorker.ts', import.meta.url), { type: 'module', name: 'difflab-workbench' });

let failed: string | null = null;
// A worker whose script cannot load says so once, perhaps before the app listens: keep it.
worker.addEventListener('error', (e) => (failed ??= e.message || 'the workbench worker could not load'), { once: true });

/** Why the worker failed before the app took it over, or null. */
export const earlyWorkerError = (): string | null => failed;
