// End-to-end test of Bash in the built site: pick Bash in the editor's language picker, show a scenario's Bash
// reference solution (paging with curl and jq), run it in the page's Bash sandbox worker and see it pass; then see
// a script's output while it runs and after the time limit stops it.
// Usage: node test/e2e/bash.mjs [--browser chromium|firefox]   (after `npm run build`)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { assert, checkPageStayedClean, isMain, root, runJourneys, screenshots, waitAcrossReload } from './harness.mjs';

const READY_TIMEOUT = 120_000;
const KEY = 'slack-core/create-launch-warroom';

async function run({ browser, server, check }) {
  const page = await browser.newPage();
  const solution = await readFile(path.join(root, 'scenarios/slack/solutions/create-launch-warroom.sh'), 'utf8');

  await check('the scenario opens and the environment is ready', async () => {
    await page.goto(server.url);
    await waitAcrossReload(page, () => document.documentElement.dataset.env === 'ready', null, { timeout: READY_TIMEOUT });
    await page.getByLabel('Search scenarios').fill('create-launch-warroom');
    await page.locator(`[data-scenario="${KEY}"]`).click();
    await page.waitForFunction((k) => window.__difflab.store.getState().run.openKey === k && window.__difflab.store.getState().run.status === 'ready', KEY, { timeout: READY_TIMEOUT });
    await page.getByTestId('monaco').waitFor({ timeout: 30_000 });
  });

  await check('picking Bash turns the starter into a curl starter, highlighted as shell', async () => {
    await page.getByTestId('language').selectOption('bash');
    await page.waitForFunction(() => window.__difflab.store.getState().editor.text.startsWith('# Your script runs in a Bash shell'), null, { timeout: 10_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid=monaco] .view-lines')?.textContent?.includes('curl'), null, { timeout: 10_000 });
    // Shell colouring (tokenised in the background): comment lines and quoted strings get colours of their own.
    await page.waitForFunction(() => {
      const tokens = [...document.querySelectorAll('[data-testid=monaco] .view-lines span span')].map((s) => [s.textContent ?? '', s.className]);
      const comment = tokens.find(([t]) => t.startsWith('#'))?.[1];
      const string = tokens.find(([t]) => t.startsWith("'"))?.[1];
      return comment && string && comment !== string && comment !== 'mtk1';
    }, null, { timeout: 10_000 });
  });

  await check('"Show solution" loads the Bash solution and Run passes it in the Bash sandbox', async () => {
    await page.getByTestId('show-solution').click();
    await page.waitForFunction((text) => window.__difflab.store.getState().editor.text === text, solution, { timeout: 10_000 });
    await page.getByTestId('run').click();
    await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
    const state = await page.evaluate(() => {
      const s = window.__difflab.store.getState();
      return { verdict: document.querySelector('[data-testid=verdict]')?.getAttribute('data-verdict'), console: s.run.console.map((e) => e.text), requests: s.run.requests.length, error: s.run.last?.script.error ?? null };
    });
    assert(state.verdict === 'pass', `verdict ${state.verdict}; error ${state.error}; console ${state.console.join(' | ')}`);
    assert(state.console.some((line) => line.startsWith('created #atlas-2-4-warroom')), `console: ${state.console.join(' | ')}`);
    assert(state.requests >= 3, `${state.requests} requests logged`);
  });

  await screenshots(page, 'bash', 'solved');

  await check('Bash output shows while the script runs and stays when the time limit stops it', async () => {
    await page.evaluate(() => window.__difflab.store.getState().editor.setText('echo "first line"\nfor i in 1 2; do echo "step $i"; done\nwhile true; do :; done'));
    await page.getByTestId('run').click();
    // Seen while the run is still going (the loop never ends before the 10 s time limit).
    await page.waitForFunction(() => {
      const s = window.__difflab.store.getState();
      return s.run.status === 'running' && s.run.console.some((e) => e.text === 'step 2');
    }, null, { timeout: 30_000 });
    await page.waitForFunction(() => window.__difflab.store.getState().run.status !== 'running', null, { timeout: 60_000 });
    const state = await page.evaluate(() => {
      const s = window.__difflab.store.getState();
      return { console: s.run.console.map((e) => e.text), error: s.run.last?.script.error ?? null };
    });
    assert(state.error?.includes('time limit'), `error: ${state.error}`);
    assert(['first line', 'step 1', 'step 2'].every((line) => state.console.includes(line)), `console: ${state.console.join(' | ')}`);
  });
  await checkPageStayedClean(check, browser);
}

export const journey = { name: 'bash', run };
if (isMain(import.meta.url)) await runJourneys([journey]);
