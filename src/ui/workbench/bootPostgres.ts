import type { PGlite } from '@electric-sql/pglite';
import { startPGlite } from '../../engine/startPGlite.ts';

/** PostgreSQL's start in the workbench worker: the data directory's download, then PGlite on it. */
export interface PostgresBoot {
  /** The prebuilt data directory, or undefined when there is none or it could not be fetched. */
  dataDir: Promise<Blob | undefined>;
  /** PGlite starting on it (on an empty cluster without one). */
  opening: Promise<PGlite>;
  /** performance.now() when it began. */
  startedAt: number;
}

let early: PostgresBoot | null = null;

async function fetchDataDir(url: string | null): Promise<Blob | undefined> {
  if (!url) return undefined;
  try {
    const res = await fetch(url);
    return res.ok ? await res.blob() : undefined;
  } catch {
    return undefined;
  }
}

function start(dataDirUrl: string | null): PostgresBoot {
  const startedAt = performance.now();
  const dataDir = fetchDataDir(dataDirUrl);
  const opening = dataDir.then(startPGlite);
  // Its failure is the workbench's to report, when it takes the boot; until then it is not unhandled.
  opening.catch(() => undefined);
  return { dataDir, opening, startedAt };
}

/** Begins PostgreSQL's start, once, as soon as the page sends its `boot` message (workbenchWorker.ts). */
export function beginPostgres(dataDirUrl: string | null): void {
  early ??= start(dataDirUrl);
}

/** The start begun early, taken once; any later start (Retry after a failure) begins afresh. */
export function takePostgres(dataDirUrl: string | null): PostgresBoot {
  const boot = early ?? start(dataDirUrl);
  early = null;
  return boot;
}
