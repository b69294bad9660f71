// Shared by the end-to-end journeys: a static server for dist/ under a sub-path, a browser (Chromium or Firefox,
// see browsers.mjs) whose pages speak the driver's Playwright-like subset, checklists, screenshots and the runner.
import { createServer } from 'node:http';
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chosenBrowsers, findBrowser, launchEngine } from './browsers.mjs';
import { Page } from './driver.mjs';

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
 * A list of named checks that print ✓/✗ as they finish. `scope(label)` gives a `check` whose results are recorded
 * under that label (a browser and a journey); `finish()` lists the failures, prints "N passed, N failed" and returns
 * the exit code; `stopped(err)` records a run that broke off between checks.
 */
export function checklist() {
  const results = [];
  let label = '';
  const list = {
    results,
    scope(next) {
      label = next;
      return list.check;
    },
    async check(name, fn) {
      const started = Date.now();
      try {
        await fn();
        results.push({ name: `${label}${name}`, ok: true });
        console.log(`✓ ${name} (${Date.now() - started} ms)`);
      } catch (err) {
        results.push({ name: `${label}${name}`, ok: false });
        console.log(`✗ ${name}\n    ${String(err?.message ?? err).split('\n').join('\n    ')}`);
      }
    },
    /** A check that does not run here, and why; counted apart, never as passed. */
    skip(name, why) {
      results.push({ name: `${label}${name}`, ok: true, skipped: why });
      console.log(`- ${name} (skipped: ${why})`);
    },
    fail(name, message) {
      results.push({ name: `${label}${name}`, ok: false });
      console.log(`✗ ${name}\n    ${message}`);
    },
    stopped(err) {
      console.log(`✗ the run stopped: ${err?.stack ?? err}`);
      results.push({ name: `${label}the run stopped: ${String(err?.message ?? err).split('\n')[0]}`, ok: false });
    },
    finish() {
      const passed = results.filter((r) => r.ok && !r.skipped).length;
      const skipped = results.filter((r) => r.skipped);
      const failed = results.filter((r) => !r.ok);
      if (skipped.length) console.log(`\nskipped:\n${skipped.map((r) => `  - ${r.name}: ${r.skipped}`).join('\n')}`);
      if (failed.length) console.log(`\nfailed:\n${failed.map((r) => `  ✗ ${r.name}`).join('\n')}`);
      console.log(`${passed} passed, ${failed.length} failed${skipped.length ? `, ${skipped.length} skipped` : ''}`);
      return failed.length ? 1 : 0;
    },
  };
  return list;
}

/**
 * page.waitForFunction that survives the page being replaced: a firefox-esr without JSPI reloads on its first visit
 * to become cross-origin isolated (src/ui/isolation.ts), and a wait under way then fails; it is started again on the
 * new page, four times at most.
 */
export async function waitAcrossReload(page, fn, arg, options) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.waitForFunction(fn, arg, options);
    } catch (error) {
      const message = String(error?.message);
      // A wait that ran out of time is an answer; one that lost its page (Firefox over BiDi says only "Waiting
      // failed") is started again on the new page after a moment, as the page may still be settling.
      if (attempt >= 5 || /ms exceeded/.test(message) || !/Waiting failed|context|navigat|detached/i.test(message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
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


/** The two window sizes every journey is looked at in. */
export const sizes = { wide: { width: 1440, height: 900 }, narrow: { width: 1024, height: 768 } };

/**
 * Opens a fresh `name` (chromium or firefox). `newPage()` gives a driver Page whose uncaught errors land in
 * `pageErrors`; `external` lists every request that tried to leave 127.0.0.1 (refused by the browser's proxy, or
 * seen by a page; with `network: false`, only what the proxy refused).
 */
export async function openBrowser(name, { viewport = sizes.wide, network = true } = {}) {
  const engine = await launchEngine(name, { viewport, network });
  const pageErrors = [];
  const external = engine.refused;
  const browser = {
    name,
    version: engine.version,
    external,
    pageErrors,
    async newPage() {
      const raw = await engine.browser.newPage();
      raw.on('pageerror', (err) => pageErrors.push(err?.message ?? String(err)));
      raw.on('request', (req) => {
        if (!isLocal(req.url())) external.push(req.url());
      });
      const page = new Page(raw, browser);
      // firefox-esr 140 refuses part of puppeteer's own default-viewport call (see Page.setViewportSize): set it here.
      if (!raw.viewport()) await page.setViewportSize(viewport);
      return page;
    },
    close: engine.close,
  };
  return browser;
}

export const shotsDir = path.join(root, 'test-results', 'e2e');

/** Waits for two animation frames: whatever a resize or a click changed has been laid out and painted. */
export async function settle(page) {
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok()))));
}

/**
 * Screenshots of the page as it is, at both sizes: test-results/e2e/<browser>/<journey>-<label>-<W>x<H>.png.
 * The window goes back to the size it had.
 */
export async function screenshots(page, journey, label) {
  const dir = path.join(shotsDir, page.browser.name);
  await mkdir(dir, { recursive: true });
  const before = page.viewportSize();
  const files = [];
  for (const size of [sizes.wide, sizes.narrow]) {
    await page.setViewportSize(size);
    await settle(page);
    await new Promise((ok) => setTimeout(ok, 150));
    const file = path.join(dir, `${journey}-${label}-${size.width}x${size.height}.png`);
    await page.screenshot({ path: file });
    files.push(file);
  }
  if (before) await page.setViewportSize(before);
  await settle(page);
  return files;
}

/**
 * Runs each journey ({ name, run({ browser, server, check, skip, checks }) }) in each chosen browser, a fresh profile per
 * journey, on one static server. A browser that is not installed fails the run with how to install it. Prints the
 * wall time per browser and the tally, and exits with its code.
 */
export async function runJourneys(journeys, argv = process.argv) {
  const checks = checklist();
  let server;
  const times = [];
  try {
    const names = chosenBrowsers(argv);
    server = await serveDist('/difflab/');
    console.log(`site: ${server.url}`);
    for (const name of names) {
      const found = findBrowser(name);
      if (found.missing) {
        checks.scope(`${name}: `);
        checks.fail(`${name} is available`, found.missing);
        continue;
      }
      const started = Date.now();
      await checkGuard(name, checks.scope(`${name}: `));
      for (const journey of journeys) {
        const check = checks.scope(`${name} · ${journey.name}: `);
        let browser;
        try {
          browser = await openBrowser(name, { viewport: journey.viewport ?? sizes.wide });
          console.log(`\n── ${journey.name} in ${browser.version} ──`);
          await journey.run({ browser, server, check, skip: checks.skip, checks });
        } catch (err) {
          checks.stopped(err);
        } finally {
          await browser?.close();
        }
      }
      times.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } catch (err) {
    checks.stopped(err);
  } finally {
    await server?.close();
  }
  if (times.length) console.log(`\nwall time: ${times.join(', ')} (${journeys.map((j) => j.name).join(', ')})`);
  process.exit(checks.finish());
}

/**
 * The check every other "no request left 127.0.0.1" rests on: a request to an outside host from a page and from its
 * worker is refused and recorded.
 */
async function checkGuard(name, check) {
  const browser = await openBrowser(name);
  try {
    const page = await browser.newPage();
    await check('requests leaving 127.0.0.1, from a page or its worker, are refused and recorded', async () => {
      const outcome = await page.evaluate(async () => {
        const tryFetch = (u) => fetch(u).then((r) => `status ${r.status}`, () => 'refused');
        const src = 'fetch("http://guard-probe.invalid/from-worker").then((r) => postMessage("status " + r.status), () => postMessage("refused"))';
        const worker = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
        const fromWorker = new Promise((ok) => (worker.onmessage = (e) => ok(e.data)));
        return { page: await tryFetch('http://guard-probe.invalid/from-page'), worker: await fromWorker };
      });
      const seen = (p) => browser.external.some((u) => u.includes(`guard-probe.invalid/${p}`));
      assert(seen('from-page') && seen('from-worker'), `recorded: ${JSON.stringify(browser.external)}; outcome ${JSON.stringify(outcome)}`);
      assert(!/status 2/.test(outcome.page + outcome.worker), `a probe got through: ${JSON.stringify(outcome)}`);
    });
    await check('an uncaught error in a page is recorded', async () => {
      await page.evaluate(() => void setTimeout(() => { throw new Error('guard-probe error'); }, 0));
      const deadline = Date.now() + 5000;
      while (!browser.pageErrors.some((m) => m.includes('guard-probe error')) && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 50));
      assert(browser.pageErrors.some((m) => m.includes('guard-probe error')), `recorded: ${JSON.stringify(browser.pageErrors)}`);
    });
  } finally {
    await browser.close();
  }
}

/**
 * axe-core's colour-contrast rule over the page as it is now (WCAG AA: 4.5:1 for text, 3:1 for large text). Returns
 * one line per failing element: its selector, the ratio found, its colours and a bit of its text.
 */
export async function contrastViolations(page, { include } = {}) {
  const source = await readFile(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');
  await page.raw.evaluate(`if (!window.axe) { ${source}\n }`);
  return page.evaluate(async (scope) => {
    const result = await window.axe.run(scope ? { include: [scope] } : document, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => {
        const d = n.any[0]?.data ?? {};
        return `${n.target.join(' ')}: ${d.contrastRatio}:1 (${d.fgColor} on ${d.bgColor}, ${d.fontSize} ${d.fontWeight}) “${(n.html ?? '').replace(/<[^>]+>/g, '').slice(0, 40)}”`;
      }),
    );
  }, include ?? null);
}

/** Whether the module at `url` is the script node was started with. */
export function isMain(url) {
  return process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(url);
}
