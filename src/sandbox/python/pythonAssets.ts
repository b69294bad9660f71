/** Where the page's Python worker (src/ui/pythonWorker.ts) finds Pyodide's runtime and the zone files (see scripts/vitePyodide.ts). */
export const PYODIDE_VERSION = '314.0.8';
export const PYODIDE_ASSET_DIR = `pyodide-${PYODIDE_VERSION}`;
export const PYODIDE_FILES = ['pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'] as const;
export const ZONEINFO_FILE = 'zoneinfo.json';
/**
 * A memory snapshot of the prepared Pyodide, gzipped, made by the build in headless Chromium
 * (scripts/pythonPageSnapshot.ts); absent when the build had no Chromium, and then every start is cold.
 */
export const PYTHON_SNAPSHOT_FILE = 'python-snapshot.gz';
/** The worker name under which the Python worker makes that snapshot and posts it to its parent, instead of restoring it. */
export const SNAPSHOT_MAKER_NAME = 'difflab-python-snapshot-maker';
