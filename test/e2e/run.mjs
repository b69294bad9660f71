// End-to-end journey through the playground of the built site (served under a sub-path): solve a Slack scenario with
// its reference solution, check the verdict and the diff, then reset and fail with an empty script.
// Usage: node test/e2e/run.mjs [--browser chromium|firefox]   (after `npm run build`)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { assert, checkPageStayedClean, isMain, root, runJourneys, screenshots, waitAcrossReload } from './harness.mjs';

const READY_TIMEOUT = 120_000;

/** The Slack scenario to solve: one whose solution inserts rows, preferring a channel creation (two tables). */
async function pickScenario() {
  const suite = JSON.parse(await readFile(path.join(root, 'scenarios/slack/suite.json'), 'utf8'));
  const inserting = suite.tests.filter((t) => t.solution && t.assertions.some((a) => a.diff_type === 'added'));
  const test = inserting.find((t) => t.id === 'create-launch-warroom') ?? inserting[0];
  assert(test, 'scenarios/slack/suite.json has no scenario with a solution that inserts rows');
  const solution = await readFile(path.join(root, 'scenarios/slack', test.solution), 'utf8');
  return { key: `${suite.id}/${test.id}`, test, solution, assertions: test.assertions.length };
}

async function run({ browser, server, check }) {
  // Anything not addressed to this machine is recorded and refused (browser.external); the site must not need it.
  const page = await browser.newPage();
  const scenario = await pickScenario();
  console.log(`scenario: ${scenario.key}`);

  await check('the shell and scenario list paint before the environment is ready', async () => {
    await page.goto(server.url);
    await page.locator('[data-scenario]').first().waitFor({ timeout: 15_000 });
    await waitAcrossReload(page, () => document.documentElement.dataset.env === 'ready', null, { timeout: READY_TIMEOUT });
    // Ordering, not timing: the shell's first commit happened while PGlite was still starting, and before readiness.
    const { shell, env, readyAt } = await page.evaluate(() => {
      const mark = performance.getEntriesByName('difflab-shell')[0];
      return { shell: mark?.startTime, env: mark?.detail?.env, readyAt: window.__difflab.readyAt };
    });
    assert(shell !== undefined, 'the app never marked its first paint');
    assert(env === 'starting', `the environment was "${env}" when the shell painted`);
    assert(readyAt > shell, `ready at ${readyAt} ms, shell at ${shell} ms`);
  });

  await check('the environment becomes ready (PGlite in the workbench worker) and enables Run', async () => {
    assert(await page.getByTestId('run').isEnabled(), 'Run stays disabled');
    assert((await page.locator('.env-status').textContent())?.includes('Ready'), 'the header does not say Ready');
  });

  await check(`picking "${scenario.test.title}" through search opens it`, async () => {
    await page.getByLabel('Search scenarios').fill(scenario.test.id);
    await page.locator(`[data-scenario="${scenario.key}"]`).click();
    await page.waitForFunction((k) => {
      const s = window.__difflab.store.getState();
      return s.run.openKey === k && s.run.status === 'ready';
    }, scenario.key, { timeout: READY_TIMEOUT });
    const prompt = await page.getByTestId('prompt').textContent();
    assert(prompt?.includes(scenario.test.prompt.slice(0, 30)), `the prompt shown is not the scenario's: ${prompt}`);
  });

  await check('Monaco loads from the bundle and "Show solution" puts the reference solution in it', async () => {
    await page.getByTestId('monaco').waitFor({ timeout: 30_000 });
    await page.getByTestId('show-solution').click();
    await page.waitForFunction((text) => window.__difflab.store.getState().editor.text === text, scenario.solution, { timeout: 10_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid=monaco] .view-lines')?.textContent?.includes('fetch'), null, { timeout: 10_000 });
  });

  await check('Ctrl+Enter runs the solution: every assertion passes and the verdict is PASS', async () => {
    await page.locator('[data-testid=monaco] .view-lines').click();
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
    const verdict = await page.getByTestId('verdict').getAttribute('data-verdict');
    const passed = await page.locator('[data-testid=assertions] > li').evaluateAll((els) => els.map((e) => e.getAttribute('data-passed')));
    const console_ = await page.evaluate(() => window.__difflab.store.getState().run.console.map((e) => `${e.level}: ${e.text}`).join('\n'));
    const error = await page.evaluate(() => window.__difflab.store.getState().run.last?.script.error ?? '');
    assert(passed.length === scenario.assertions, `${passed.length} assertions shown, the scenario has ${scenario.assertions}`);
    assert(passed.every((p) => p === 'true'), `assertions passed: ${passed.join(', ')}\n${error}\n${console_}`);
    assert(verdict === 'pass', `verdict ${verdict}\n${error}\n${console_}`);
    assert((await page.getByTestId('verdict').textContent())?.includes('PASS'), 'the verdict does not read PASS');
  });

  await check('the diff panel shows the inserted rows, tagged with their assertions', async () => {
    const inserts = await page.evaluate(() => window.__difflab.store.getState().run.last.runDiff.inserts.length);
    const rows = page.locator('[data-testid=diff-panel] .diff-row[data-kind=insert]');
    assert(inserts > 0, 'the run inserted nothing');
    assert((await rows.count()) === inserts, `${await rows.count()} insert rows shown for ${inserts} inserts`);
    const unexplained = await page.locator('[data-testid=diff-panel] .diff-row[data-status=unexplained]').count();
    assert(unexplained === 0, `${unexplained} rows flagged as side effects after the reference solution`);
    assert((await page.locator('[data-testid=diff-panel] .tag-assertion').count()) > 0, 'no row carries an assertion tag');
  });

  await check('the request log lists each request with method, URL, status and time', async () => {
    const made = await page.evaluate(() => window.__difflab.store.getState().run.requests.length);
    await page.getByRole('tab', { name: /Requests/ }).click();
    const rows = page.locator('[data-testid=request-log] tbody tr');
    assert(made > 0 && (await rows.count()) === made, `${await rows.count()} rows for ${made} requests`);
    const first = await rows.first().locator('td').allTextContents();
    assert(/^(GET|POST)$/.test(first[1]) && first[2].startsWith('https://slack.com/api/') && /^\d{3}$/.test(first[3]), `row: ${first.join(' | ')}`);
    await page.getByRole('tab', { name: /Console/ }).click();
  });

  await check('hovering an assertion highlights the rows it matched', async () => {
    await page.locator('[data-testid=assertions] > li button').first().hover();
    const highlighted = await page.locator('[data-testid=diff-panel] .diff-row.highlight').count();
    assert(highlighted > 0, 'no diff row is highlighted');
    await page.mouse.move(5, 500);
  });

  await check('screenshots of a solved scenario at both sizes', async () => {
    // The verdict at the top, and the rows of the second assertion highlighted.
    await page.locator('.result-body').evaluate((el) => el.scrollTo(0, 0));
    await page.locator('[data-testid=assertions] > li button').nth(1).hover();
    await screenshots(page, 'playground', 'solved');
    await page.mouse.move(5, 500);
  });

  await check('the state browser lists the tables and highlights the rows this run changed', async () => {
    await page.getByTestId('tab-state').click();
    await page.locator('.state-tables button').first().waitFor({ timeout: 10_000 });
    const table = await page.evaluate(() => window.__difflab.store.getState().run.last.runDiff.inserts[0].__table__);
    await page.locator('.state-tables button', { hasText: table }).first().click();
    await page.locator('.row-grid tbody tr').first().waitFor({ timeout: 10_000 });
    assert((await page.locator('.state-tables .badge-changed').count()) > 0, 'no table is marked as changed');
    await page.getByRole('tab', { name: /Verdict & diff/ }).click();
  });

  await check('the API tab shows the service reference from the route table, filterable', async () => {
    await page.getByTestId('tab-api').click();
    const panel = page.getByTestId('api-reference');
    await panel.locator('details.api-endpoint').first().waitFor({ timeout: 20_000 });
    const all = await panel.locator('details.api-endpoint').count();
    await panel.getByLabel('Filter endpoints').fill('chat.postMessage');
    const filtered = await panel.locator('details.api-endpoint').count();
    assert(all >= 20 && filtered >= 1 && filtered < all, `expected a filterable list of endpoints, got ${all} then ${filtered}`);
    await page.getByRole('tab', { name: /Verdict & diff/ }).click();
  });

  await check('Reset, then an empty script: nothing changed and the verdict is FAIL', async () => {
    await page.getByTestId('reset').click();
    await page.waitForFunction(() => {
      const s = window.__difflab.store.getState();
      return s.run.status === 'ready' && s.run.last === null;
    }, null, { timeout: 30_000 });
    // Emptied through the store (typing in the editor is the next check's); Ctrl+Enter from the editor runs it.
    await page.evaluate(() => window.__difflab.store.getState().editor.setText(''));
    await page.locator('[data-testid=monaco] .view-lines').click();
    await page.waitForFunction(() => window.__difflab.store.getState().editor.text === '', null, { timeout: 5000 });
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
    const verdict = await page.getByTestId('verdict').getAttribute('data-verdict');
    assert(verdict === 'fail', `verdict ${verdict}`);
    assert((await page.getByTestId('verdict').textContent())?.includes('FAIL'), 'the verdict does not read FAIL');
    assert((await page.locator('[data-testid=diff-panel] .diff-row').count()) === 0, 'the diff shows rows after an empty script');
  });

  await check('the editor comes back after agent mode and still edits the script', async () => {
    await page.getByTestId('mode-agent').click();
    await page.getByTestId('agent-panel').waitFor({ timeout: 10_000 });
    await page.getByTestId('mode-script').click();
    await page.locator('[data-testid=monaco] .view-lines').click();
    await page.keyboard.type('// back');
    await page.waitForFunction(() => window.__difflab.store.getState().editor.text.includes('// back'), null, { timeout: 5000 });
  });

  await check('a malformed suite import names the JSON path of each problem', async () => {
    const bad = { name: 'Broken', service: 'slack', tests: [{ id: 't1', name: 'x', seed_template: 's', assertions: [{ diff_type: 'created', entity: 'messages' }] }] };
    await page.getByTestId('import-input').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
    const reports = page.getByTestId('import-reports');
    await reports.waitFor({ timeout: 10_000 });
    const text = await reports.textContent();
    assert(text?.includes('$.tests[0].prompt'), `no path for the missing prompt in: ${text}`);
  });

  await check('dropping an Agent-Diff suite on the page adds its scenarios and opens the first', async () => {
    const suite = {
      name: 'Dropped mini suite',
      service: 'slack',
      tests: [
        {
          id: 'drop_1',
          name: 'Say hi in #random (dropped)',
          prompt: 'Say hi in #random',
          seed_template: 'northwind_slack',
          assertions: [{ diff_type: 'added', entity: 'messages', where: { message_text: { contains: 'hi' } } }],
        },
      ],
    };
    await page.evaluate((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'mini.json', { type: 'application/json' }));
      for (const type of ['dragenter', 'dragover', 'drop']) window.dispatchEvent(new DragEvent(type, { dataTransfer: dt, cancelable: true }));
    }, JSON.stringify(suite));
    await page.locator('[data-scenario="Dropped mini suite/drop_1"]').waitFor({ timeout: 10_000 });
    await page.waitForFunction(() => {
      const s = window.__difflab.store.getState();
      return s.run.openKey === 'Dropped mini suite/drop_1' && s.run.status === 'ready';
    }, null, { timeout: 30_000 });
    assert((await page.getByTestId('prompt').textContent()) === 'Say hi in #random', 'the dropped scenario is not shown');
  });

  await check('every asset is served from the sub-path (relative base)', async () => {
    assert(server.misses.length === 0, `requests outside /difflab/ or missing files: ${server.misses.join(', ')}`);
  });

  await checkPageStayedClean(check, browser);
}

export const journey = { name: 'playground', run };
if (isMain(import.meta.url)) await runJourneys([journey]);
