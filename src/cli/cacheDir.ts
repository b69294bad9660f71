import { accessSync, constants, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './files.ts';

/**
 * Where the CLI keeps what it builds once and reuses: bundles of its own code (they must sit under the package's
 * node_modules so that their bare imports resolve) and PGlite data directories. `DIFFLAB_CACHE_DIR` moves the data
 * directories elsewhere (a volume of an image, say); a package installed read-only keeps them in the temp folder.
 */
export const cliCacheDir = join(repoRoot, 'node_modules', '.cache', 'difflab');

let dataDir: string | null | undefined;

/** A writable folder for data directories, or null when there is none. */
export function dataCacheDir(): string | null {
  if (dataDir !== undefined) return dataDir;
  const candidates = [process.env.DIFFLAB_CACHE_DIR, join(cliCacheDir, 'pgdata'), join(tmpdir(), `difflab-cache-${process.getuid?.() ?? 'user'}`, 'pgdata')];
  dataDir = null;
  for (const dir of candidates) {
    if (!dir) continue;
    try {
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK);
      dataDir = dir;
      break;
    } catch {
      // not writable: the next
    }
  }
  return dataDir;
}

/** Writes through a temporary file, so that a concurrent process (vitest runs several) never reads half a file. */
export function writeAtomically(path: string, contents: string | Uint8Array): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}
