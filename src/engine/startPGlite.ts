import { PGlite } from '@electric-sql/pglite';

const PGLITE_START = ['-c', 'shared_buffers=16MB'];

/**
 * Starts the PGlite an Engine runs on: from a data directory dumped by `engine.dump()`, or an empty cluster. Its own
 * module, so that the page's worker can begin it before the engine's and the replicas' modules have loaded.
 */
export function startPGlite(loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({
    loadDataDir,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_START],
  } as ConstructorParameters<typeof PGlite>[0]);
}
