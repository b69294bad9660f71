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
 * when the sources are not at hand. Not for the page: Python records at start whether the runtime can suspend
 * WebAssembly (JSPI), which Node 20 cannot, and a snapshot made with V8's old stack switching flag fails in
 * Chromium ("trying to suspend JS frames").
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
