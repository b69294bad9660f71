// Shared by the end-to-end scripts: a static server for dist/ under a sub-path, and Debian's Chromium.
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const dist = path.join(root, 'dist');

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.data': 'application/octet-stream',
  '.gz': 'application/gzip',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
};

/**
 * Serves dist/ at http://127.0.0.1:<port><base> and nothing outside `base`, so an asset the page asks for at the
 * host root (an absolute `/assets/…` URL) is a 404 the tests see. Files are sent as they are: a .gz is the
 * payload itself, never a Content-Encoding.
 */
export async function serveDist(base = '/difflab/') {
  await stat(path.join(dist, 'index.html')).catch(() => {
    throw new Error('dist/index.html is missing: run `npm run build` first');
  });
  const misses = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (!url.pathname.startsWith(base)) {
      misses.push(url.pathname);
      res.writeHead(404).end();
      return;
    }
    let rel = decodeURIComponent(url.pathname.slice(base.length));
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    const file = path.join(dist, rel);
    if (!file.startsWith(dist + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
      res.end(body);
    } catch {
      misses.push(url.pathname);
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}${base}`,
    misses,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A fresh Chromium profile each time: nothing cached, nothing in storage. Never downloads a browser. */
export async function launch(viewport = { width: 1600, height: 1000 }) {
  const dir = await mkdtemp(path.join(tmpdir(), 'difflab-e2e-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
    viewport,
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Whether a URL stays on this machine (data: and blob: URLs never leave the page). */
export function isLocal(url) {
  if (url.startsWith('data:') || url.startsWith('blob:')) return true;
  try {
    const { hostname } = new URL(url);
    return hostname === '127.0.0.1';
  } catch {
    return false;
  }
}

/**
 * A list of named checks that print ✓/✗ as they finish. `finish()` prints "N passed, N failed" and returns the exit
 * code; `stopped(err)` records a run that broke off between checks.
 */
export function checklist() {
  const results = [];
  return {
    results,
    async check(name, fn) {
      const started = Date.now();
      try {
        await fn();
        results.push({ name, ok: true });
        console.log(`✓ ${name} (${Date.now() - started} ms)`);
      } catch (err) {
        results.push({ name, ok: false });
        console.log(`✗ ${name}\n    ${String(err?.message ?? err).split('\n').join('\n    ')}`);
      }
    },
    stopped(err) {
      console.log(`✗ the run stopped: ${err?.stack ?? err}`);
      results.push({ name: 'harness', ok: false });
    },
    finish() {
      const passed = results.filter((r) => r.ok).length;
      const failed = results.length - passed;
      console.log(`${passed} passed, ${failed} failed`);
      return failed ? 1 : 0;
    },
  };
}

export function assert(cond, message) {
  if (!cond) throw new Error(message);
}

/** The closing checks of a page run: no request left the machine and the page threw nothing. */
export async function checkPageStayedClean(check, { external, pageErrors }) {
  await check('no request left 127.0.0.1', async () => {
    assert(external.length === 0, `external requests: ${[...new Set(external)].join(', ')}`);
  });
  await check('no uncaught error in the page', async () => {
    assert(pageErrors.length === 0, pageErrors.join('\n'));
  });
}

/**
 * Serves dist/ under /difflab/, launches Chromium and starts whatever `more` starts (e.g. a fake model server). If
 * any of them fails, closes what started, prints the failure as the run's tally and exits 1.
 */
export async function startOrExit(more = async () => undefined) {
  let server;
  let browser;
  try {
    server = await serveDist('/difflab/');
    browser = await launch();
    return { server, browser, extra: await more() };
  } catch (err) {
    console.log(`✗ could not start: ${err?.message ?? err}`);
    await server?.close();
    await browser?.close();
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

/**
 * Refuses every request of `context` not addressed to this machine and records it in `external`; `pageErrors` gets
 * the uncaught errors of each page passed to `watch`. With `everyRequest`, requests that bypass routing are recorded too.
 */
export async function keepLocal(context, { everyRequest = false } = {}) {
  const external = [];
  const pageErrors = [];
  await context.route((url) => !isLocal(url.href), (route) => {
    external.push(route.request().url());
    return route.abort();
  });
  if (everyRequest) {
    context.on('request', (req) => {
      if (!isLocal(req.url())) external.push(req.url());
    });
  }
  return { external, pageErrors, watch: (page) => page.on('pageerror', (err) => pageErrors.push(err.message)) };
}
