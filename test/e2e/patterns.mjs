// Regular expressions in the page are bounded too: an answer check (a JavaScript pattern, which only a backtracking
// engine runs) is judged in the pattern worker that the workbench worker starts (a nested worker), and Studio's live
// assertions judge a catastrophic pattern without freezing the page.
// Usage: node test/e2e/patterns.mjs [--browser chromium|firefox]   (after `npm run build`)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { assert, checkPageStayedClean, isMain, root, runJourneys, screenshots, waitAcrossReload } from './harness.mjs';

const READY_TIMEOUT = 120_000;

async function run({ browser, server, check }) {
  const page = await browser.newPage();
  const suite = JSON.parse(await readFile(path.join(root, 'scenarios/mail/suite.json'), 'utf8'));
  const test = suite.tests.find((t) => t.id === 'search-door-code');
  assert(test, 'mail suite has no search-door-code scenario');
  const key = `${suite.id}/${test.id}`;
  const solution = await readFile(path.join(root, 'scenarios/mail', test.solution), 'utf8');

  await check('a scenario with a regex answer check opens', async () => {
    await page.goto(server.url);
    await waitAcrossReload(page, () => document.documentElement.dataset.env === 'ready', null, { timeout: READY_TIMEOUT });
    await page.getByLabel('Search scenarios').fill(test.id);
    await page.locator(`[data-scenario="${key}"]`).click();
    await page.waitForFunction((k) => {
      const s = window.__difflab.store.getState();
      return s.run.openKey === k && s.run.status === 'ready';
    }, key, { timeout: READY_TIMEOUT });
  });

  await check('its solution passes: the answer check ran in the nested pattern worker', async () => {
    await page.getByTestId('monaco').waitFor({ timeout: 30_000 });
    await page.getByTestId('show-solution').click();
    await page.waitForFunction((text) => window.__difflab.store.getState().editor.text === text, solution, { timeout: 10_000 });
    await page.getByTestId('run').click();
    await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
    const answers = await page.evaluate(() => window.__difflab.store.getState().run.last?.verdict?.answers ?? []);
    assert(answers.length > 0 && answers.every((a) => a.passed), `answer checks: ${JSON.stringify(answers)}`);
    assert((await page.getByTestId('verdict').getAttribute('data-verdict')) === 'pass', 'the verdict is not PASS');
    await screenshots(page, 'patterns', 'answer-check');
  });

  await checkPageStayedClean(check, browser);
}

export const journey = { name: 'patterns', run };
if (isMain(import.meta.url)) await runJourneys([journey]);
