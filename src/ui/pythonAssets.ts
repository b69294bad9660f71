/** Where the page's Python worker finds Pyodide's runtime and the zone files (see scripts/vitePyodide.ts). */
export const PYODIDE_VERSION = '314.0.8';
export const PYODIDE_ASSET_DIR = `pyodide-${PYODIDE_VERSION}`;
export const PYODIDE_FILES = ['pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'] as const;
export const ZONEINFO_FILE = 'zoneinfo.json';
