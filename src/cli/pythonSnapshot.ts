import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliCacheDir } from './cacheDir.ts';

const PYTHON_DIR = fileURLToPath(new URL('../sandbox/python/', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]))
    .sort();
}

let file: string | null | undefined;
/** `DIFFLAB_PYTHON_SNAPSHOT=off`: every Python worker starts cold (the bench measures both). */
export const SNAPSHOT_SWITCH = 'DIFFLAB_PYTHON_SNAPSHOT';

/**
 * Where Node's Python workers keep the memory snapshot they restore (pythonRunner.ts), named by what it depends
 * on: Pyodide's runtime and the sandbox's own Python files and runner (which set up what the snapshot holds). The
 * build ships the same snapshot to the page (scripts/vitePyodide.ts). Null when the sources are not at hand.
 */
export function pythonSnapshotFile(): string | null {
  if (process.env[SNAPSHOT_SWITCH] === 'off') return null;
  if (file !== undefined) return file;
  try {
    const pyodideDir = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));
    const hash = createHash('sha256');
    for (const path of [join(pyodideDir, 'package.json'), join(pyodideDir, 'pyodide.asm.wasm'), ...filesUnder(PYTHON_DIR)]) {
      hash.update(`\0${path.slice(path.lastIndexOf('/python/'))}\0`).update(readFileSync(path));
    }
    file = join(cliCacheDir, `python-snapshot-${hash.digest('hex').slice(0, 16)}.bin`);
  } catch {
    file = null;
  }
  return file;
}
