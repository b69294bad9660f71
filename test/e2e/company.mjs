// End-to-end journey through a scenario of the company suite (Fernbrook, five services in one environment): its seed
// is loaded when the scenario is chosen, the reference solution passes with the diff grouped by service, and a
// change in a service the task does not name is shown as an unexplained side effect.
// Usage: node test/e2e/company.mjs [--browser chromium|firefox]   (after `npm run build`)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { assert, checkPageStayedClean, isMain, root, runJourneys, screenshots, waitAcrossReload } from './harness.mjs';

const READY_TIMEOUT = 180_000;
const TEST_ID = 'share-rebalance-runbook';

/** A write the task does not ask for, in a third service: an event on the acting person's calendar. */
const SIDE_EFFECT = `
await fetch('https://www.googleapis.com/calendar/v3/calendars/primary/events', {
  method: 'POST',
  headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
  body: JSON.stringify({ summary: 'Read the rebalance runbook', start: { dateTime: '2026-03-10T17:00:00Z' }, end: { dateTime: '2026-03-10T17:30:00Z' } }),
});
`;

async function run({ browser, server, check }) {
  const suite = JSON.parse(await readFile(path.join(root, 'scenarios/company/suite.json'), 'utf8'));
  const test = suite.tests.find((t) => t.id === TEST_ID);
  assert(test, `scenarios/company/suite.json has no test ${TEST_ID}`);
  const key = `${suite.id}/${test.id}`;
  const solution = await readFile(path.join(root, 'scenarios/company', test.solution), 'utf8');
  const page = await browser.newPage();

  await check('the page becomes ready with the company suite in its list', async () => {
    await page.goto(server.url);
    await waitAcrossReload(page, () => document.documentElement.dataset.env === 'ready', null, { timeout: READY_TIMEOUT });
    await page.getByLabel('Search scenarios').fill(test.id);
    await page.locator(`[data-scenario="${key}"]`).waitFor({ timeout: 10_000 });
  });

  await check(`choosing "${test.title}" loads the five-service seed and opens its environment`, async () => {
    const clicked = await page.evaluate(() => performance.now());
    await page.locator(`[data-scenario="${key}"]`).click();
    const opened = await page.waitForFunction((k) => {
      const s = window.__difflab.store.getState();
      return s.run.openKey === k && s.run.status === 'ready' ? performance.now() : null;
    }, key, { timeout: READY_TIMEOUT });
    // Reported, not asserted: `npm run bench` measures it (test/e2e/pageLoad.mjs).
    console.log(`    click → environment ready: ${Math.round(opened - clicked)} ms`);
    const services = await page.evaluate(() => [...new Set(window.__difflab.store.getState().run.tables.map((t) => t.service))]);
    assert(services.join(',') === 'slack,box,calendar,linear,mail', `the environment holds ${services.join(', ')}`);
    const prompt = await page.getByTestId('prompt').textContent();
    assert(prompt?.includes(test.prompt.slice(0, 30)), `the prompt shown is not the scenario's: ${prompt}`);
  });

  await check('the reference solution passes, and the diff is grouped by service, then table', async () => {
    await page.getByTestId('monaco').waitFor({ timeout: 30_000 });
    await page.getByTestId('show-solution').click();
    await page.waitForFunction((text) => window.__difflab.store.getState().editor.text === text, solution, { timeout: 10_000 });
    await page.getByTestId('run').click();
    await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
    const verdict = await page.getByTestId('verdict').getAttribute('data-verdict');
    const error = await page.evaluate(() => window.__difflab.store.getState().run.last?.script.error ?? '');
    assert(verdict === 'pass', `verdict ${verdict} ${error}`);
    const groups = await page.locator('[data-testid=diff-panel] .diff-service').evaluateAll((els) =>
      els.map((el) => ({ service: el.getAttribute('data-service'), head: el.querySelector('.diff-service-head')?.textContent ?? '', tables: [...el.querySelectorAll('.diff-table')].map((t) => t.getAttribute('data-table')) })),
    );
    assert(groups.map((g) => g.service).join(',') === 'slack,box', `service groups: ${JSON.stringify(groups)}`);
    assert(groups[0].head.startsWith('Slack') && groups[1].head.startsWith('Box'), `headings: ${groups.map((g) => g.head).join(' | ')}`);
    assert(groups[0].tables.join() === 'messages' && groups[1].tables.join() === 'box_files', `tables: ${JSON.stringify(groups)}`);
    assert((await page.locator('[data-testid=diff-panel] .diff-row[data-status=unexplained]').count()) === 0, 'a side effect after the reference solution');
  });

  await check('screenshots of the solved cross-service scenario at both sizes', async () => {
    await page.locator('.result-body').evaluate((el) => el.scrollTo(0, 0));
    await screenshots(page, 'company', 'solved');
  });

  await check('the State tab lists the tables under each of the five services', async () => {
    await page.getByTestId('tab-state').click();
    await page.locator('.state-service').first().waitFor({ timeout: 10_000 });
    const heads = await page.locator('.state-service-head').allTextContents();
    assert(heads.join(',') === 'Slack,Box,Google Calendar,Linear,MailHub', `service headings: ${heads.join(', ')}`);
    assert((await page.locator('.state-service[data-service=box] .badge-changed').count()) === 1, 'the changed Box table is not marked');
    await page.getByRole('tab', { name: /Verdict & diff/ }).click();
  });

  await check('Reset, then the solution plus a Calendar event: the closed world fails on the side effect in Calendar', async () => {
    await page.getByTestId('reset').click();
    await page.waitForFunction(() => {
      const s = window.__difflab.store.getState();
      return s.run.status === 'ready' && s.run.last === null;
    }, null, { timeout: 60_000 });
    await page.evaluate((text) => window.__difflab.store.getState().editor.setText(text), solution + SIDE_EFFECT);
    await page.getByTestId('run').click();
    await page.waitForFunction(() => window.__difflab.store.getState().run.last !== null, null, { timeout: 60_000 });
    const { passed, agentDiff } = await page.evaluate(() => {
      const v = window.__difflab.store.getState().run.last.verdict;
      return { passed: v.passed, agentDiff: v.agent_diff_passed };
    });
    assert(agentDiff === true && passed === false, `closed world ${passed}, Agent-Diff ${agentDiff}`);
    assert((await page.getByTestId('verdict').getAttribute('data-verdict')) === 'fail', 'the verdict is not FAIL');
    const calendar = page.locator('[data-testid=diff-panel] .diff-service[data-service=calendar]');
    assert((await calendar.count()) === 1, 'no Google Calendar group in the diff');
    assert((await calendar.locator('.diff-service-head').textContent())?.includes('1 unexplained'), 'the Calendar heading does not count the side effect');
    assert((await calendar.locator('.diff-table[data-table=calendar_events] .diff-row[data-status=unexplained]').count()) === 1, 'the new event is not shown as unexplained');
    assert((await page.locator('[data-testid=diff-panel] .diff-service[data-service=slack] .diff-row[data-status=unexplained]').count()) === 0, 'a Slack row is flagged too');
  });

  await check('screenshots of the side effect at both sizes', async () => {
    await page.locator('[data-testid=diff-panel] .diff-service[data-service=calendar]').scrollIntoViewIfNeeded();
    await screenshots(page, 'company', 'side-effect');
  });

  await checkPageStayedClean(check, browser);
}

export const journey = { name: 'company', run };
if (isMain(import.meta.url)) await runJourneys([journey]);
