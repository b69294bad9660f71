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

let key: string | null | undefined;
/** `DIFFLAB_PYTHON_SNAPSHOT=off`: every Python worker starts cold (the bench measures both). */
export const SNAPSHOT_SWITCH = 'DIFFLAB_PYTHON_SNAPSHOT';

/**
 * Where Node's Python workers keep the memory snapshot they restore (pythonRunner.ts), named by what it depends
 * on: Pyodide's runtime and the sandbox's own Python files and runner (which set up what the snapshot holds). Null
 * when the sources are not at hand. Not the page's: a heap remembers the runtime that made it, and one made in Node
 * restores in Chromium but fails there at the first blocking request ("trying to suspend JS frames"), JSPI faked
 * or not; the page's is made in Chromium at build time (scripts/pythonPageSnapshot.ts).
 */
export function pythonSnapshotFile(): string | null {
  if (process.env[SNAPSHOT_SWITCH] === 'off') return null;
  key ??= snapshotKey();
  return key && join(cliCacheDir, `python-snapshot-${key}.bin`);
}

function snapshotKey(): string | null {
  try {
    const pyodideDir = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));
    const hash = createHash('sha256');
    for (const path of [join(pyodideDir, 'package.json'), join(pyodideDir, 'pyodide.asm.wasm'), ...filesUnder(PYTHON_DIR)]) {
      hash.update(`\0${path.slice(path.lastIndexOf('/python/'))}\0`).update(readFileSync(path));
    }
    return hash.digest('hex').slice(0, 16);
  } catch {
    return null;
  }
}
