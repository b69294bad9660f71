// End-to-end check of the page's Python sandbox in Debian's Chromium and firefox-esr: the built site served under
// a sub-path with no special headers; a probe page starts the site's own Python worker chunk (Pyodide from the
// site) and speaks the sandbox protocol to it, answering its fetches itself. Chromium blocks Python's requests
// through JSPI; a stock firefox-esr 140 has no JSPI, so the probe first opens the site, whose service worker makes
// the folder cross-origin isolated (src/ui/isolation.ts), and answers through shared memory (syncAnswer.ts, bundled
// for the probe). Two more Firefox profiles: JSPI's preference on (the page then blocks as Chromium does), and
// service workers off (a script is refused, saying why). Prints the cold start, a request's round trip (median) and
// the next script's start; exits 1 on a failed check.
// Usage: node test/e2e/python.mjs [--browser chromium|chromium-isolated|firefox|firefox-jspi|firefox-no-sw]   (after `npm run build`)
// Browsers are the two-browser harness's (test/e2e/browsers.mjs); the probe posts its result back to this server.
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import path from 'node:path';
import { FIREFOX_JSPI, launchEngine } from './browsers.mjs';
import { dist, root, shotsDir } from './harness.mjs';

const BASE = '/sub/difflab/';
const only = process.argv.includes('--browser') ? process.argv[process.argv.indexOf('--browser') + 1] : null;
const REQUESTS = 60;
/** hash('difflab') under PYTHONHASHSEED=0 in 32-bit WebAssembly, as Pyodide computes it in Node and in a cold page. */
const DIFFLAB_HASH = -1131678906;

const worker = (await readdir(path.join(dist, 'assets'))).find((f) => /^pythonWorker-.*\.js$/.test(f));
if (!worker) {
  console.error('dist/assets has no pythonWorker chunk: run `npm run build` first');
  process.exit(1);
}

/** The shared-memory answer codec as the site's host uses it, bundled for the probe page. */
const esbuild = createRequire(import.meta.url)('esbuild');
const syncAnswerModule = esbuild.buildSync({ entryPoints: [path.join(root, 'src/sandbox/syncAnswer.ts')], bundle: true, format: 'esm', write: false }).outputFiles[0].text;

/** How the site starts its Python worker: under the page's script policy (src/ui/workerUnderPagePolicy.ts). */
const policyWorkerModule = esbuild.buildSync({ entryPoints: [path.join(root, 'src/ui/workerUnderPagePolicy.ts')], bundle: true, format: 'esm', write: false }).outputFiles[0].text;
/** The built page's script policy (its meta tag), which the probe page carries too. */
const policyMeta = (await readFile(path.join(dist, 'index.html'), 'utf8')).match(/<meta http-equiv="Content-Security-Policy"[^>]*>/)?.[0];
if (!policyMeta) {
  console.error('dist/index.html has no Content-Security-Policy meta tag');
  process.exit(1);
}

/** The globals the worker's lockdown keeps (src/sandbox/python/pythonRealm.ts), bundled for this check. */
const realm = esbuild.buildSync({ entryPoints: [path.join(root, 'src/sandbox/python/pythonRealm.ts')], bundle: true, format: 'esm', write: false }).outputFiles[0].text;
const { COMPUTATION_GLOBALS } = await import(`data:text/javascript;base64,${Buffer.from(realm).toString('base64')}`);

/**
 * Issue 31: a script that breaks out of Python into its worker's JavaScript (a JsProxy held in a closure of
 * requests; its constructor.constructor is that realm's Function) and tries the page's powers. Each try does
 * something this server or the probe page would see if it got through: a request under __escape/, a message on the
 * worker or a BroadcastChannel, a request to a second loopback server (another origin, like any host other than the
 * replicas). __HOST__ is the probe's host, __OTHER__ the second server's.
 */
const ESCAPE = `${await readFile(path.join(root, 'test/fixtures/python/find-bridge.py'), 'utf8')}import json
print(bridge.constructor(${JSON.stringify(String.raw`
const base = 'http://__HOST__/sub/difflab/__escape/';
const tries = {};
const attempt = (name, f) => {
  try {
    const value = f();
    tries[name] = value === undefined || value === null ? 'refused' : 'reached: ' + String(value).slice(0, 40);
  } catch {
    tries[name] = 'refused';
  }
};
const g = Function('return this')();
attempt('fetch', () => g.fetch(base + 'fetch'));
attempt('XMLHttpRequest', () => { const x = new g.XMLHttpRequest(); x.open('GET', base + 'xhr', false); x.send(); return x.status; });
attempt('WebSocket', () => new g.WebSocket(base.replace('http', 'ws') + 'ws'));
attempt('EventSource', () => new g.EventSource(base + 'sse'));
attempt('importScripts', () => g.importScripts(base + 'script.js'));
attempt('Worker', () => new g.Worker(base + 'worker.js'));
attempt('SharedWorker', () => new g.SharedWorker(base + 'shared.js'));
attempt('WebTransport', () => new g.WebTransport(base.replace('http', 'https') + 'wt'));
attempt('navigator.sendBeacon', () => g.navigator.sendBeacon(base + 'beacon', 'x'));
attempt('navigator.storage', () => g.navigator.storage.getDirectory());
attempt('indexedDB', () => g.indexedDB.open('difflab-escape'));
attempt('caches', () => g.caches.open('difflab-escape'));
attempt('localStorage', () => g.localStorage.setItem('difflab-escape', 'x'));
attempt('sessionStorage', () => g.sessionStorage.setItem('difflab-escape', 'x'));
attempt('document', () => g.document.title);
attempt('window', () => g.window.document);
attempt('BroadcastChannel', () => new g.BroadcastChannel('difflab-escape').postMessage('forged'));
attempt('postMessage to the page', () => g.postMessage({ type: 'done', ok: true }));
attempt('self.postMessage', () => g.self.postMessage({ type: 'console', entry: { level: 'log', text: 'forged' } }));
attempt('reportError', () => g.reportError(new Error('forged')));
attempt('close', () => g.close);
attempt('location', () => g.location.href);
attempt('webkitRequestFileSystem', () => g.webkitRequestFileSystem(0, 1, () => {}));
attempt('Notification', () => new g.Notification('forged'));
attempt('createImageBitmap', () => g.createImageBitmap);
attempt('OffscreenCanvas', () => new g.OffscreenCanvas(1, 1));
attempt('Request', () => new g.Request(base + 'request'));
// Whatever is left on the worker's global scope, own or inherited, with a value.
const left = new Set();
for (let t = g; t && t !== Object.prototype && t !== EventTarget.prototype; t = Object.getPrototypeOf(t)) {
  for (const name of Object.getOwnPropertyNames(t)) if (name !== 'constructor' && g[name] !== undefined) left.add(name);
}
tries.globals = [...left].sort();
// Dynamic import() fetches a module: no script API turns it off; the page's script policy, which the worker
// inherits, must refuse another origin's. The module is only on that server: it cannot load without a request there.
import('http://__OTHER__/import.js').catch(() => {});
import(base + 'import.js').catch(() => {});
return JSON.stringify(tries);
`)})())
`;

// The probe: plain JavaScript in the page, the site's worker chunk, and the result posted back to this server.
// The page carries the site's script policy, so its own script is a file of the site, as the site's are.
/** Fills memory past the 64 MB limit in big steps between interrupt checks (issue 32's case, pythonMemoryLimit.test.ts). */
const MEMORY_FILLER = 'keep = []\nwhile True:\n    keep.append(bytearray(1 << 26))\n';
const probe = `<!doctype html><meta charset="utf-8">${policyMeta}<title>python probe</title><pre id="out">running</pre><script type="module" src="probe.js"></script>`;
const probeScript = `
import { newSyncBuffer, writeSyncAnswer } from './syncAnswer.js';
import { workerUnderPagePolicy } from './workerUnderPagePolicy.js';
const workerUrl = new URL('assets/${worker}', location.href);
const source = ${JSON.stringify(`
import requests, json, datetime, time
from zoneinfo import ZoneInfo
s = requests.Session()
s.headers['Authorization'] = 'Bearer probe'
for i in range(${REQUESTS}):
    r = s.post('https://slack.com/api/chat.postMessage', json={'channel': 'C1', 'text': f'n{i}'})
    assert r.json()['echo']['text'] == f'n{i}', r.text
time.sleep(30)
print(json.dumps({'now': datetime.datetime.now(ZoneInfo('America/Los_Angeles')).isoformat(), 'status': r.status_code}))
try:
    import js
    print('js imported')
except ImportError:
    print('js closed')
import sys
closed = []
for name in ('pyodide.ffi', 'pyodide.http', 'pyodide_js'):
    try:
        __import__(name)
    except ImportError:
        closed.append(name)
print(json.dumps({'closed': closed, 'hashRandomization': sys.flags.hash_randomization, 'hash': hash('difflab')}))
`)};
function start() {
  const worker = workerUnderPagePolicy(workerUrl, 'difflab-python');
  const channel = new MessageChannel();
  worker.postMessage({ port: channel.port2 }, [channel.port2]);
  return { worker, port: channel.port1, created: performance.now() };
}
// Where each run stands, on the page, for the harness to read when no result comes.
const progress = {};
const show = () => { document.getElementById('out').textContent = JSON.stringify(progress); };
function run({ worker: thread, port: worker, created }, label, posted = performance.now(), script = source, lingerMs = 0, timeMs = 60000) {
  return new Promise((resolve) => {
    const fetches = [];
    progress[label] = { posted: true, messages: [] };
    show();
    const out = { console: [], fetchGaps: [], createdToStarted: 0, postedToStarted: 0, toPage: [] };
    // The worker's own messages to the page (the sandbox speaks only on its port): a script must not forge any.
    thread.onmessage = ({ data }) => out.toPage.push(JSON.stringify(data).slice(0, 200));
    // Shared memory where the page has it (isolated), as runScript gives it: the worker then blocks on it.
    const sync = self.crossOriginIsolated ? { buffer: newSyncBuffer(64 << 20) } : undefined;
    worker.onmessage = ({ data }) => {
      const seen = progress[label].messages;
      if (seen.at(-1)?.type === data.type) seen.at(-1).n++;
      else seen.push({ type: data.type, n: 1, at: Math.round(performance.now()) });
      show();
      if (data.type === 'started') {
        out.createdToStarted = performance.now() - created;
        out.postedToStarted = performance.now() - posted;
        // As the site's host does (runScript): a worker that has not ended its script a second past the time limit is ended.
        setTimeout(() => {
          if (out.done) return;
          out.done = { ok: false, reason: 'timeout', error: 'ended by the host past the time limit' };
          thread.terminate();
          resolve(out);
        }, timeMs + 1000);
      }
      if (data.type === 'console') out.console.push(data.entry.text);
      if (data.type === 'fetch') {
        fetches.push(performance.now());
        const body = new TextEncoder().encode(JSON.stringify({ ok: true, echo: JSON.parse(data.request.body.text) }));
        const answer = { type: 'fetchResult', id: data.id, response: { status: 200, statusText: 'OK', headers: [['content-type', 'application/json']], body, url: data.request.url, redirected: false } };
        if (sync) writeSyncAnswer(sync.buffer, data.id, answer);
        else worker.postMessage(answer, [body.buffer]);
      }
      if (data.type === 'done') {
        out.done = { ok: data.ok, reason: data.reason, error: data.error };
        for (let i = 1; i < fetches.length; i++) out.fetchGaps.push(fetches[i] - fetches[i - 1]);
        // A script's asynchronous tries get time to reach this server before the worker goes.
        setTimeout(() => { thread.terminate(); resolve(out); }, lingerMs);
      }
    };
    thread.onerror = (e) => { out.done = { ok: false, error: 'worker error: ' + e.message }; resolve(out); };
    // A run that never ends is reported with what it had said, instead of the whole probe going silent.
    setTimeout(() => {
      if (out.done) return;
      out.done = { ok: false, error: 'no end within 90 s; messages: ' + JSON.stringify(progress[label].messages) };
      thread.terminate();
      resolve(out);
    }, 90000);
    worker.postMessage({ type: 'run', language: 'python', source: script, limits: { timeMs, memoryBytes: 64 << 20, maxRequests: 500, maxConsoleChars: 200000 }, determinism: { now: Date.parse('2026-03-25T16:00:00Z'), randomSeed: 1 }, files: [], ...(sync ? { sync } : {}) });
  });
}
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : null; };
const first = start();
const spare = start();
const cold = await run(first, 'cold', first.created);
// The spare has been loading meanwhile, as the site's factory keeps one ahead of need.
await new Promise((r) => setTimeout(r, 3000));
const warm = await run(spare, 'warm');
const heard = [];
const listener = new BroadcastChannel('difflab-escape');
listener.onmessage = ({ data }) => heard.push(String(data));
const escape = await run(start(), 'escape', undefined, ${JSON.stringify(ESCAPE)}.replaceAll('__HOST__', location.host).replaceAll('__OTHER__', '__OTHER_HOST__'), 3000);
escape.broadcast = heard;
// Issue 32: 64 MB blocks kept in a loop stop at the memory limit, not at the time limit (10 s, the site's default).
const memory = await run(start(), 'memory', undefined, ${JSON.stringify(MEMORY_FILLER)}, 0, 10000);
const result = { escape, memory, userAgent: navigator.userAgent, jspi: typeof WebAssembly.Suspending === 'function', isolated: self.crossOriginIsolated, cold, warm, roundTripMs: median(warm.fetchGaps.slice(10)), coldStartMs: cold.createdToStarted, nextStartMs: warm.postedToStarted };
document.getElementById('out').textContent = JSON.stringify(result, null, 2);
await fetch('__result', { method: 'POST', body: JSON.stringify(result) });
`;

const types = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json', '.zip': 'application/zip', '.html': 'text/html', '.css': 'text/css', '.ttf': 'font/ttf' };
let deliver = () => {};
const misses = [];
/** Requests the escape script's tries made (none may arrive). */
const escapes = [];
const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (!url.pathname.startsWith(BASE)) {
    misses.push(url.pathname);
    return void res.writeHead(404).end();
  }
  const rel = decodeURIComponent(url.pathname.slice(BASE.length));
  if (rel.startsWith('__escape/')) {
    escapes.push(rel);
    return void res.writeHead(404).end();
  }
  if (rel === 'probe.html') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(probe);
  if (rel === 'probe.js') return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(probeScript.replace('__OTHER_HOST__', otherHost));
  if (rel === 'workerUnderPagePolicy.js') return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(policyWorkerModule);
  if (rel === 'syncAnswer.js') return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(syncAnswerModule);
  if (rel === '__result') {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    res.writeHead(204).end();
    return deliver(JSON.parse(Buffer.concat(chunks).toString('utf8')));
  }
  const file = path.join(dist, rel === '' ? 'index.html' : rel);
  if (!file.startsWith(dist + path.sep)) return void res.writeHead(403).end();
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' }).end(body);
  } catch {
    misses.push(url.pathname);
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
/** Another origin on this machine that serves any module to anyone (CORS): what the escape script's import() tries. */
const otherRequests = [];
const other = createServer((req, res) => {
  otherRequests.push(req.url);
  res.writeHead(200, { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*' }).end('export const reached = true;');
});
await new Promise((resolve) => other.listen(0, '127.0.0.1', resolve));
const otherHost = `127.0.0.1:${other.address().port}`;
const probeUrl = `http://127.0.0.1:${server.address().port}${BASE}probe.html`;
const nextResult = (ms) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no result within ${ms / 1000} s`)), ms);
    deliver = (r) => {
      clearTimeout(timer);
      resolve(r);
    };
  });

/** The profiles the probe runs in: the browser, its extra preferences, and how its page must block Python. */
const PROFILES = {
  chromium: { browser: 'chromium', prefs: {}, expect: { jspi: true, isolated: false } },
  // For the measurement only (the site never isolates a browser with JSPI): what shared memory would give Chromium.
  'chromium-isolated': { browser: 'chromium', prefs: {}, register: true, expect: { jspi: true, isolated: true } },
  firefox: { browser: 'firefox', prefs: {}, expect: { jspi: false, isolated: true } },
  'firefox-jspi': { browser: 'firefox', prefs: FIREFOX_JSPI, expect: { jspi: true, isolated: false } },
  'firefox-no-sw': { browser: 'firefox', prefs: { 'dom.serviceWorkers.enabled': false }, expect: { jspi: false, isolated: false }, notRunInSite: true },
};

/**
 * In the site itself, where no Python can run: a Python script's Run is a step that did not run, saying why, with no
 * verdict (not FAIL) in the verdict pane and the run's summary. Screenshots at both sizes. Returns what was wrong.
 */
async function pythonNotRunInSite(page, name) {
  const problems = [];
  const key = 'slack-core/archive-beta-feedback';
  await page.waitForFunction(() => document.documentElement.dataset.env === 'ready', { timeout: 120_000 });
  await page.setViewport({ width: 1440, height: 900 });
  await page.type('#scenario-search', 'archive-beta-feedback');
  await page.click(`[data-scenario="${key}"]`);
  await page.waitForFunction((k) => window.__difflab.store.getState().run.openKey === k && window.__difflab.store.getState().run.status === 'ready', { timeout: 120_000 }, key);
  await page.select('[data-testid=language]', 'python');
  await page.waitForFunction(() => window.__difflab.store.getState().editor.language === 'python', { timeout: 10_000 });
  const dir = path.join(shotsDir, name);
  await mkdir(dir, { recursive: true });
  // Run at each size: below ~1100 px the panes are tabs, and after a run the verdict's tab comes into view.
  for (const [step, [width, height]] of [[1440, 900], [1024, 768]].entries()) {
    await page.setViewport({ width, height });
    await page.click('[data-testid=run]');
    await page.waitForFunction((n) => window.__difflab.store.getState().run.status === 'ready' && window.__difflab.store.getState().run.last?.step === n, { timeout: 60_000 }, step + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const seen = await page.evaluate(() => {
      const notice = document.querySelector('[data-testid=not-run]');
      const box = notice?.getBoundingClientRect();
      return {
        notice: notice?.textContent ?? null,
        inView: !!box && box.width > 0 && box.top >= 0 && box.bottom <= innerHeight,
        verdict: document.querySelector('[data-testid=verdict]') !== null,
        summary: document.querySelector('[data-testid=run-summary]')?.textContent ?? null,
      };
    });
    const at = `${width}x${height}`;
    if (!/NOT RUN.*cannot run in this page.*service worker/s.test(seen.notice ?? '')) problems.push(`${at}: no not-run notice with why: ${seen.notice}`);
    else if (!seen.inView) problems.push(`${at}: the not-run notice is out of view`);
    if (seen.verdict) problems.push(`${at}: a verdict is shown for a step that never ran`);
    if (!/NOT RUN/.test(seen.summary ?? '') || /FAIL|PASS/.test(seen.summary ?? '')) problems.push(`${at}: the run summary says ${seen.summary}`);
    await page.screenshot({ path: path.join(dir, `python-not-run-${at}.png`) });
  }
  return problems;
}

/**
 * The probe in one of the harness's browsers (puppeteer-core: Chromium over CDP, firefox-esr over WebDriver BiDi),
 * after the site itself has loaded once: where it lacks JSPI, that visit registers the isolation worker (and
 * reloads), so the probe, in the same folder, is served isolated.
 */
async function inBrowser({ browser, prefs, register, notRunInSite }, name) {
  const engine = await launchEngine(browser, { viewport: { width: 1024, height: 768 }, prefs });
  try {
    const page = await engine.browser.newPage();
    const siteUrl = probeUrl.replace(/probe\.html$/, '');
    await page.goto(siteUrl, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(() => document.querySelector('[data-scenario]') !== null, { timeout: 120_000 });
    const siteProblems = notRunInSite ? await pythonNotRunInSite(page, name) : [];
    if (register) await page.evaluate(async () => (await navigator.serviceWorker.register('isolation-sw.js'), await navigator.serviceWorker.ready, true));
    const waiting = nextResult(240_000);
    await page.goto(probeUrl, { waitUntil: 'load', timeout: 120_000 });
    try {
      return { ...(await waiting), siteProblems };
    } catch (error) {
      const where = await page.evaluate(() => document.getElementById('out')?.textContent).catch((e) => `(page unreadable: ${e.message})`);
      throw new Error(`${error.message}; the probe's runs: ${where}`);
    }
  } finally {
    await engine.close();
  }
}

/** What the escape script reached (issue 31): nothing of the page, its storage, the network or the page's messages. */
const importsReached = new Set();
function escapeProblems(escape, name) {
  const problems = [];
  if (!escape?.done?.ok) return [`the escape script did not run: ${escape?.done?.error}`];
  const tries = JSON.parse(escape.console.at(-1) ?? '{}');
  const left = tries.globals ?? [];
  delete tries.globals;
  for (const [name, outcome] of Object.entries(tries)) if (outcome !== 'refused') problems.push(`escape: ${name} ${outcome}`);
  const extra = left.filter((name) => !COMPUTATION_GLOBALS.has(name));
  if (extra.length) problems.push(`escape: globals left beyond the computation ones: ${extra.join(' ')}`);
  if (escape.toPage.length) problems.push(`escape: the worker posted to the page: ${escape.toPage.join(' ')}`);
  if (escape.broadcast.length) problems.push(`escape: a BroadcastChannel message reached the page: ${escape.broadcast.join(' ')}`);
  const elsewhere = otherRequests.splice(0);
  if (elsewhere.length) problems.push(`escape: import() reached another origin: ${elsewhere.join(' ')}`);
  const requests = escapes.splice(0);
  if (requests.includes('__escape/import.js')) importsReached.add(name);
  const reached = requests.filter((rel) => rel !== '__escape/import.js');
  if (reached.length) problems.push(`escape: requests reached this server: ${reached.join(' ')}`);
  return problems;
}

let failed = 0;
for (const [name, profile] of Object.entries(PROFILES)) {
  if (only && only !== name && only !== profile.browser) continue;
  try {
    const r = await inBrowser(profile, name);
    const problems = [...r.siteProblems];
    if (r.jspi !== profile.expect.jspi || r.isolated !== profile.expect.isolated) {
      problems.push(`the page has JSPI: ${r.jspi}, is cross-origin isolated: ${r.isolated}; expected ${JSON.stringify(profile.expect)}`);
    }
    if (!profile.expect.jspi && !profile.expect.isolated) {
      // Neither way to block: the script is refused at once, saying why, and nothing runs.
      const refused = !r.cold.done?.ok && r.cold.done?.reason === 'unavailable' && /cannot run in this page.*service worker/.test(r.cold.done?.error ?? '') && r.cold.console.length === 0;
      if (!refused) problems.push(`expected the refusal, got ${JSON.stringify(r.cold.done)}`);
      console.log(`${problems.length ? '✗' : '✓'} ${name}: a Python script is refused with why (${r.cold.done?.error?.slice(0, 60)}…), and in the site its step is not run, with no verdict`);
      for (const p of problems) console.log(`    ${p}`);
      if (problems.length) failed++;
      continue;
    }
    if (!r.cold.done?.ok) problems.push(`cold run failed: ${r.cold.done?.error}`);
    if (!r.warm.done?.ok) problems.push(`warm run failed: ${r.warm.done?.error}`);
    const [line, closed, bridges] = r.warm.console;
    if (JSON.stringify(JSON.parse(line ?? '{}')) !== JSON.stringify({ now: '2026-03-25T09:00:30-07:00', status: 200 })) problems.push(`unexpected output: ${line}`);
    if (closed !== 'js closed') problems.push(`import js: ${closed}`);
    // The page's workers start from the build's memory snapshot when there is one: as closed, and seeded as a cold start.
    if (JSON.stringify(JSON.parse(bridges ?? '{}')) !== JSON.stringify({ closed: ['pyodide.ffi', 'pyodide.http', 'pyodide_js'], hashRandomization: 0, hash: DIFFLAB_HASH })) {
      problems.push(`bridges or hash seed: ${bridges}`);
    }
    if (r.warm.fetchGaps.length !== REQUESTS - 1) problems.push(`${r.warm.fetchGaps.length + 1} requests reached the page`);
    problems.push(...escapeProblems(r.escape, name));
    if (r.memory?.done?.reason !== 'memory' || r.memory.done.error !== 'Script stopped: it used more than 64 MB of memory (memory limit)') {
      problems.push(`memory filler: expected the memory limit's stop, got ${JSON.stringify(r.memory?.done)}`);
    }
    const how = r.isolated ? 'shared memory' : 'JSPI';
    console.log(`${problems.length ? '✗' : '✓'} ${name}: cold start ${Math.round(r.coldStartMs)} ms, next script starts in ${Math.round(r.nextStartMs)} ms, round trip (median) ${r.roundTripMs?.toFixed(2)} ms (${how})`);
    for (const p of problems) console.log(`    ${p}`);
    if (problems.length) failed++;
  } catch (error) {
    console.log(`✗ ${name}: ${error.message}`);
    failed++;
  }
}
const outside = misses.filter((m) => m !== '/favicon.ico');
// Allowed by the policy's 'self' (issue 31's report): a module worker's import() can fetch a module of the site's own origin.
if (importsReached.size) console.log(`  note: the page worker's dynamic import() of a module of the site's own origin reached this server in ${[...importsReached].join(', ')} (see docs/sandbox.md, "Python: what a script can and cannot do")`);
if (outside.length) {
  console.log(`✗ requests outside ${BASE} or missing: ${[...new Set(outside)].join(', ')}`);
  failed++;
}
server.close();
other.close();
process.exit(failed ? 1 : 0);
