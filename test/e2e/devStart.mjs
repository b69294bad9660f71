// The dev server's second start, as `npm run dev` does it, to a ready environment in a fresh Chromium profile:
// the data-directory check (scripts/pgdata.mjs: skipped when seeds and schemas are unchanged), Vite's start, then
// the page load to ready (window.__difflab.readyAt). A first start runs before, unmeasured, so that the caches a
// second start finds (the data directory, Vite's pre-bundled dependencies) are there, as on a developer's machine.
// Usage: node test/e2e/devStart.mjs [--json]
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { findBrowser } from './browsers.mjs';
import { openBrowser, root, sizes } from './harness.mjs';

const json = process.argv.includes('--json');
const log = (line) => (json ? undefined : console.log(line));

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `npm run dev`'s two steps, timed; resolves once the server answers, with a way to stop it. */
async function startDev() {
  const t0 = Date.now();
  const check = spawnSync(process.execPath, [path.join(root, 'scripts/pgdata.mjs')], { cwd: root, encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`scripts/pgdata.mjs failed: ${check.stderr || check.stdout}`);
  const pgdataMs = Date.now() - t0;
  const port = await freePort();
  const t1 = Date.now();
  const vite = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  vite.stdout.on('data', (d) => (output += d));
  vite.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}/`;
  for (;;) {
    if (vite.exitCode !== null) throw new Error(`vite exited ${vite.exitCode}: ${output}`);
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - t1 > 120_000) throw new Error(`vite did not answer in 120 s: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const serverMs = Date.now() - t1;
  return {
    url,
    pgdataMs,
    serverMs,
    pgdataLine: check.stdout.trim().split('\n').at(-1),
    stop: () =>
      new Promise((resolve) => {
        vite.once('exit', resolve);
        vite.kill('SIGTERM');
      }),
  };
}

/** A fresh profile's page load to a ready environment, ms after navigation start. */
async function pageReady(url, timeout) {
  // Without DevTools' network events (puppeteer records every request by default), which cost the browser about
  // 2 ms of CPU a request: a user's browser does not pay them, and the dev server's ~480 module requests would.
  const browser = await openBrowser('chromium', { viewport: sizes.wide, network: false });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    return Math.round(await page.waitForFunction(() => window.__difflab?.readyAt ?? null, null, { timeout, polling: 50 }));
  } finally {
    await browser.close();
  }
}

const chromium = findBrowser('chromium');
if (chromium.missing) {
  console.log(json ? JSON.stringify({ skipped: chromium.missing }) : `dev server's second start: not measured — ${chromium.missing}`);
  process.exit(json ? 0 : 1);
}

const runs = [];
for (const which of ['first', 'second']) {
  const dev = await startDev();
  try {
    // The first start is cold (Vite transforms every module once): it may take minutes on a loaded machine.
    const readyMs = await pageReady(dev.url, which === 'first' ? 900_000 : 180_000);
    runs.push({ which, pgdataMs: dev.pgdataMs, serverMs: dev.serverMs, pageReadyMs: readyMs, totalMs: dev.pgdataMs + dev.serverMs + readyMs });
    log(`${which} start: data directory ${dev.pgdataMs} ms (${dev.pgdataLine}), Vite ${dev.serverMs} ms, page ready ${readyMs} ms`);
  } finally {
    await dev.stop();
  }
}
const second = runs[1];
const result = { devSecondStartPageReadyMs: second.pageReadyMs, devSecondStartTotalMs: second.totalMs, second, first: runs[0] };
console.log(json ? JSON.stringify(result) : `dev server, second start: page ready ${second.pageReadyMs} ms after navigation; ${second.totalMs} ms from \`npm run dev\``);
