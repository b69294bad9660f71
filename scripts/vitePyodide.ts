import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { buildZoneinfo, zoneinfoFile, zoneinfoJson } from '../src/cli/zoneinfo.ts';
import { writePageSnapshot } from './pythonPageSnapshot.ts';
import { PYODIDE_ASSET_DIR, PYODIDE_FILES, PYODIDE_VERSION, PYTHON_SNAPSHOT_FILE, ZONEINFO_FILE } from '../src/sandbox/python/pythonAssets.ts';

/**
 * Serves (dev) and emits (build) what the page's Python worker loads at run time, from the site itself: Pyodide's
 * runtime (wasm, standard library zip, lock file, the module that loads them) and the zone files for `zoneinfo`,
 * under `assets/<PYODIDE_ASSET_DIR>/`. No CDN: the page works offline and from any sub-path of a static host.
 */
/** The zone files, from the cache Node's Python workers use (built once per machine). */
function zoneinfoText(): string {
  const file = zoneinfoFile();
  return file ? readFileSync(file, 'utf8') : zoneinfoJson(buildZoneinfo());
}

export function pyodideAssets(): Plugin {
  const pyodideDir = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));
  const installed = (JSON.parse(readFileSync(join(pyodideDir, 'package.json'), 'utf8')) as { version: string }).version;
  if (installed !== PYODIDE_VERSION) throw new Error(`pyodide ${installed} is installed; src/sandbox/python/pythonAssets.ts names ${PYODIDE_VERSION}`);
  let zoneinfo: string | undefined;
  const contents = (file: string): Buffer | string =>
    file === ZONEINFO_FILE ? (zoneinfo ??= zoneinfoText()) : readFileSync(join(pyodideDir, file));
  const files = [...PYODIDE_FILES, ZONEINFO_FILE];
  let outDir: string | undefined;
  let log: (line: string) => void = () => {};
  return {
    name: 'difflab-pyodide-assets',
    configResolved(config) {
      if (config.command === 'build') outDir = resolve(config.root, config.build.outDir);
      log = (line) => config.logger.info(line);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0];
        const marker = `/${PYODIDE_ASSET_DIR}/`;
        const at = path.indexOf(marker);
        const file = at >= 0 ? path.slice(at + marker.length) : '';
        // The dev server has no snapshot (the build makes it): its worker starts cold, not from the SPA fallback's page.
        if (file === PYTHON_SNAPSHOT_FILE) return void res.writeHead(404).end();
        if (!files.includes(file)) return next();
        const type = file.endsWith('.wasm') ? 'application/wasm' : file.endsWith('.mjs') ? 'text/javascript' : file.endsWith('.zip') ? 'application/zip' : 'application/json';
        res.setHeader('Content-Type', type);
        res.end(contents(file));
      });
    },
    generateBundle() {
      for (const file of files) this.emitFile({ type: 'asset', fileName: `assets/${PYODIDE_ASSET_DIR}/${file}`, source: contents(file) });
    },
    // Once the site is written: its Python worker makes the snapshot the page restores (see pythonPageSnapshot.ts).
    async closeBundle() {
      if (outDir) await writePageSnapshot(outDir, log);
    },
  };
}
