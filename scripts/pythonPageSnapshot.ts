import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { cliCacheDir, writeAtomically } from '../src/cli/cacheDir.ts';
import { PYODIDE_ASSET_DIR, PYODIDE_FILES, PYTHON_SNAPSHOT_FILE, SNAPSHOT_MAKER_NAME } from '../src/sandbox/python/pythonAssets.ts';

/**
 * The page's Python snapshot (see PYTHON_SNAPSHOT_FILE), made from the built site: the site's own Python worker,
 * started in headless Chromium under the maker's name, prepares Pyodide cold and posts its memory snapshot. It is
 * made in a browser, not in Node, because the heap remembers its runtime: one made in Node (even with JSPI faked)
 * restores in Chromium but then fails its first blocking request ("trying to suspend JS frames"). One made in
 * Chromium restores in Chromium and in Firefox. Kept in the CLI's cache by the content of what it depends on
 * (the worker chunk, which holds the sandbox's Python files, and Pyodide's runtime), so a build whose Python side
 * has not changed copies it.
 */
const MAKE_TIMEOUT_MS = 300_000;
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };

export async function writePageSnapshot(outDir: string, log: (line: string) => void): Promise<void> {
  const assets = join(outDir, 'assets');
  const chunk = existsSync(assets) ? readdirSync(assets).find((f) => /^pythonWorker-.*\.js$/.test(f)) : undefined;
  if (!chunk) return;
  const pyodideDir = join(assets, PYODIDE_ASSET_DIR);
  const target = join(pyodideDir, PYTHON_SNAPSHOT_FILE);
  const hash = createHash('sha256');
  for (const file of [join(assets, chunk), ...PYODIDE_FILES.map((f) => join(pyodideDir, f))]) hash.update(readFileSync(file));
  const cached = join(cliCacheDir, `python-page-snapshot-${hash.digest('hex').slice(0, 16)}.gz`);
  if (existsSync(cached)) return void copyFileSync(cached, target);
  const started = performance.now();
  let snapshot: Uint8Array;
  try {
    const made = await makeInChromium(outDir, chunk);
    if (!made) return log('difflab: no Chromium to make the Python snapshot with: the page\'s Python starts cold (set CHROMIUM_PATH)');
    snapshot = made;
  } catch (error) {
    return log(`difflab: the Python snapshot could not be made (${error instanceof Error ? error.message : String(error)}): the page's Python starts cold`);
  }
  const gzipped = gzipSync(snapshot);
  mkdirSync(cliCacheDir, { recursive: true });
  writeAtomically(cached, gzipped);
  copyFileSync(cached, target);
  log(`difflab: Python snapshot made in ${Math.round(performance.now() - started)} ms (${snapshot.length} bytes, ${gzipped.length} gzipped)`);
}

/** The snapshot the site's Python worker posts when started as the maker in headless Chromium; null without Chromium. */
async function makeInChromium(outDir: string, chunk: string): Promise<Uint8Array | null> {
  // The e2e harness's browsers: Debian's Chromium, a fresh profile, every non-loopback request refused.
  const { findBrowser, launchEngine } = (await import(new URL('../test/e2e/browsers.mjs', import.meta.url).href)) as {
    findBrowser(name: string): { path?: string; missing?: string };
    launchEngine(name: string, options: { viewport: { width: number; height: number } }): Promise<{ browser: { newPage(): Promise<{ goto(url: string): Promise<unknown> }> }; close(): Promise<void> }>;
  };
  if (findBrowser('chromium').missing) return null;
  const base = '/snapshot/';
  const page = `<!doctype html><meta charset="utf-8"><script type="module">
const worker = new Worker(new URL('assets/${chunk}', location.href), { type: 'module', name: ${JSON.stringify(SNAPSHOT_MAKER_NAME)} });
const send = (body) => fetch('__snapshot', { method: 'POST', body });
worker.onmessage = ({ data }) => data && data.snapshot && send(data.snapshot);
worker.onerror = (e) => send('error: ' + e.message);
</script>`;
  let deliver: (body: Buffer) => void = () => {};
  const received = new Promise<Buffer>((resolve) => (deliver = resolve));
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    if (!path.startsWith(base)) return void res.writeHead(404).end();
    const rel = path.slice(base.length);
    if (rel === 'make.html') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
    if (rel === '__snapshot') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.writeHead(204).end();
        deliver(Buffer.concat(chunks));
      });
      return;
    }
    const file = join(outDir, rel);
    if (!file.startsWith(outDir + sep) || !existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const engine = await launchEngine('chromium', { viewport: { width: 800, height: 600 } });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const address = server.address() as { port: number };
    await (await engine.browser.newPage()).goto(`http://127.0.0.1:${address.port}${base}make.html`);
    const body = await Promise.race([
      received,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no snapshot within ${MAKE_TIMEOUT_MS / 1000} s`)), MAKE_TIMEOUT_MS))),
    ]);
    if (body.subarray(0, 6).toString() === 'error:') throw new Error(body.toString().slice(0, 300));
    return new Uint8Array(body);
  } finally {
    clearTimeout(timer);
    await engine.close();
    server.close();
  }
}
