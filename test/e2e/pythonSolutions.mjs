// End-to-end test of Python in the built site: pick Python in the editor's language picker (Monaco's Python
// colouring), then in each suite show a scenario's Python reference solution, run it in the page's Python sandbox
// (Pyodide from the site; requests block through JSPI in Chromium, through shared memory in firefox-esr, run with
// JSPI off as 140 comes, whose page the site's service worker made cross-origin isolated) against the real
// workbench and see it pass.
// Usage: node test/e2e/pythonSolutions.mjs [--browser chromium|firefox]   (after `npm run build`)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { assert, checkPageStayedClean, isMain, root, runJourneys, screenshots, waitAcrossReload } from './harness.mjs';

const READY_TIMEOUT = 120_000;
// Pyodide's first start in a page takes seconds, much longer on a machine whose cores are busy.
const RUN_TIMEOUT = 240_000;
const SOLUTIONS = [
  ['slack', 'archive-beta-feedback'],
  ['box', 'q1-planning-folder'],
  ['calendar', 'quick-add-coffee'],
  ['linear', 'label-create-escalation'],
  ['mail', 'settings-signature'],
];

async function open(page, service, id) {
  const key = `${service}-core/${id}`;
  await page.getByLabel('Search scenarios').fill(id);
  await page.locator(`[data-scenario="${key}"]`).click();
  await page.waitForFunction((k) => window.__difflab.store.getState().run.openKey === k && window.__difflab.store.getState().run.status === 'ready', key, { timeout: READY_TIMEOUT });
}

async function run({ browser, server, check }) {
  const page = await browser.newPage();

  await check('the page loads and the environment is ready', async () => {
    await page.goto(server.url);
    await waitAcrossReload(page, () => document.documentElement.dataset.env === 'ready', null, { timeout: READY_TIMEOUT });
    await open(page, ...SOLUTIONS[0]);
    await page.getByTestId('monaco').waitFor({ timeout: 30_000 });
  });

  await check('the page blocks Python through JSPI in Chromium, through shared memory in firefox-esr without JSPI (isolated by the site\'s service worker)', async () => {
    const how = await page.evaluate(() => ({ jspi: typeof WebAssembly.Suspending === 'function', isolated: self.crossOriginIsolated, controlled: navigator.serviceWorker?.controller !== null }));
    const expected = browser.name === 'firefox' ? { jspi: false, isolated: true, controlled: true } : { jspi: true, isolated: false, controlled: false };
    assert(JSON.stringify(how) === JSON.stringify(expected), `JSPI, isolated, controlled: ${JSON.stringify(how)}`);
  });

  await check('picking Python turns the starter into a requests starter, highlighted as Python', async () => {
    await page.getByTestId('language').selectOption('python');
    await page.waitForFunction(() => window.__difflab.store.getState().editor.text.startsWith('# Your script runs as Python 3'), null, { timeout: 10_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid=monaco] .view-lines')?.textContent?.replace(/\s/g, ' ').includes('import requests'), null, { timeout: 10_000 });
    // Python colouring (tokenised in the background): the comment, the keyword `import` and a quoted string differ.
    const colours = () =>
      page.evaluate(() => {
        const tokens = [...document.querySelectorAll('[data-testid=monaco] .view-lines span span')].map((s) => [s.textContent ?? '', s.className]);
        const find = (test) => tokens.find(([t]) => test(t.trim()))?.[1] ?? null;
        return { comment: find((t) => t.startsWith('#')), keyword: find((t) => t === 'import'), string: find((t) => t.startsWith("'")), tokens: tokens.slice(0, 12) };
      });
    let seen = await colours();
    for (let i = 0; i < 20 && !(seen.comment && seen.keyword && seen.string && new Set([seen.comment, seen.keyword, seen.string, 'mtk1']).size === 4); i++) {
      await new Promise((r) => setTimeout(r, 500));
      seen = await colours();
    }
    assert(seen.comment && seen.keyword && seen.string && new Set([seen.comment, seen.keyword, seen.string, 'mtk1']).size === 4, `token classes: ${JSON.stringify(seen)}`);
  });

  for (const [service, id] of SOLUTIONS) {
    await check(`${service}: "Show solution" loads ${id}.py and Run passes it in the Python sandbox`, async () => {
      const solution = await readFile(path.join(root, `scenarios/${service}/solutions/${id}.py`), 'utf8');
      if (service !== SOLUTIONS[0][0]) await open(page, service, id);
      await page.waitForFunction(() => window.__difflab.store.getState().editor.language === 'python', null, { timeout: 10_000 });
      await page.getByTestId('show-solution').click();
      await page.waitForFunction((text) => window.__difflab.store.getState().editor.text === text, solution, { timeout: 10_000 });
      await page.getByTestId('run').click();
      await page.waitForFunction(() => {
        const s = window.__difflab.store.getState().run;
        return s.status === 'ready' && s.last && document.querySelector('[data-testid=verdict]');
      }, null, { timeout: RUN_TIMEOUT });
      const state = await page.evaluate(() => {
        const s = window.__difflab.store.getState();
        return { verdict: document.querySelector('[data-testid=verdict]')?.getAttribute('data-verdict'), console: s.run.console.map((e) => e.text), requests: s.run.requests.length, error: s.run.last?.script.error ?? null };
      });
      assert(state.verdict === 'pass', `verdict ${state.verdict}; error ${state.error}; console ${state.console.join(' | ')}`);
      assert(state.requests >= 1, `${state.requests} requests logged`);
    });
  }

  await screenshots(page, 'python', 'solved');
  await checkPageStayedClean(check, browser);
}

export const journey = { name: 'python-solutions', run };
if (isMain(import.meta.url)) await runJourneys([journey]);
