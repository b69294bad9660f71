// End-to-end: failures explained, faithful shares and honest errors, in each browser at 1440×900 and 1024×768.
// A failing assertion shows its nearest row with the differing value; the solution run on top of a wrong script says
// the state still holds step 1's change, with Reset; the hybrid verdict names its gate; every problem of an imported
// file is listed; the studio flags unknown names as they are typed; facets hold one value per meaning; a provider
// without CORS headers gives the CORS message and no verdict, a closed port the network message; a shared run link
// opens that run's replay with its verdict on screen; the HTML export marks the unexplained row; a draft that cannot
// be saved is flagged. Screenshots: test-results/e2e/<browser>/explain-*.png.
// Usage: node test/e2e/explain.mjs [--browser chromium|firefox]   (after `npm run build`)
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { assert, checkPageStayedClean, isMain, root, runJourneys, screenshots, settle, shotsDir, sizes, waitAcrossReload } from './harness.mjs';

const READY_TIMEOUT = 180_000;
const scenarioKey = 'slack-core/random-boardgame-venue';

/** A script that does the task in the wrong channel: #general instead of #random. */
const wrongChannel = `
await fetch('https://slack.com/api/chat.postMessage', {
  method: 'POST',
  headers: { Authorization: 'Bearer x', 'Content-Type': 'application/json' },
  body: JSON.stringify({ channel: 'C07GENERAL', text: "Friday's board game night moved to the 4th-floor lounge." }),
});`;

/** A model server that answers without CORS headers: a page's fetch cannot read it, a no-cors probe can. */
async function noCorsServer() {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{}');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/v1`, close: () => new Promise((resolve) => { server.close(resolve); server.closeAllConnections(); }) };
}

/** A port on this machine where nothing listens (bound once, then closed). */
async function closedPort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/v1`;
}

/** A share link's fragment, as the page writes it: `#share=v1.` + base64url(deflate(JSON)). */
function shareFragment(state) {
  return '#share=v1.' + deflateSync(Buffer.from(JSON.stringify(state))).toString('base64url');
}

async function demoRun(id) {
  const lines = (await readFile(path.join(root, 'scenarios/slack/demo-runs.jsonl'), 'utf8')).split('\n').filter(Boolean);
  const run = lines.map((l) => JSON.parse(l)).find((r) => r.id === id);
  assert(run, `no demo run ${id}`);
  return run;
}

const tagOf = (page) => {
  const v = page.viewportSize();
  return `${v.width}×${v.height}`;
};

async function waitReady(page, key = null) {
  await waitAcrossReload(
    page,
    (k) => {
      const s = window.__difflab?.store.getState();
      return Boolean(s && s.run.status === 'ready' && (k === null || s.run.openKey === k));
    },
    key,
    { timeout: READY_TIMEOUT },
  );
}

async function openScenario(page, key) {
  await page.evaluate((k) => window.__difflab.store.getState().catalog.select(k), key);
  await waitReady(page, key);
}

async function runScript(page, text) {
  await page.evaluate((t) => window.__difflab.store.getState().editor.setText(t), text);
  const before = await page.evaluate(() => window.__difflab.store.getState().run.steps);
  await page.getByTestId('run').click();
  await page.waitForFunction((n) => window.__difflab.store.getState().run.steps === n + 1, before, { timeout: 60_000 });
  await page.getByTestId('verdict').waitFor({ timeout: 10_000 });
}

/**
 * Scrolls an element into view, as a person scrolls to the verdict. Below 1100 px the panes are tabs, and a run's
 * end brings the verdict's forward by itself.
 */
async function reveal(locator) {
  await locator.scrollIntoViewIfNeeded();
}

/** Below 1100 px, where the panes are tabs: shows the task pane (the editor, the agent's settings and Run). */
async function showTaskTab(page) {
  const tab = page.getByTestId('pane-tab-task');
  if (await tab.isVisible()) await tab.click();
}

/** Whether an element's box is inside the viewport (its top at least, and not cut off sideways). */
async function inViewport(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top >= 0 && r.top < window.innerHeight && r.left >= 0 && r.right <= window.innerWidth + 1;
  });
}

/** The failing assertion's nearest row, with `channel_id "C07GENERAL" (general) ≠ "C07RANDOM" (random)` in view. */
async function failureExplained(page, check) {
  await check(`${tagOf(page)}: a failing assertion shows its nearest row, channel_id "C07GENERAL" (general) ≠ "C07RANDOM" (random)`, async () => {
    await openScenario(page, scenarioKey);
    await runScript(page, wrongChannel);
    const verdict = await page.getByTestId('verdict').getAttribute('data-verdict');
    assert(verdict === 'fail', `verdict ${verdict}`);
    const failed = page.locator('[data-testid=assertion][data-passed=false]').first();
    const reading = await failed.getByTestId('assertion-reading').textContent();
    assert(reading.includes('channel_id') && reading.includes('"C07RANDOM"') && reading.includes('exactly 1'), `the assertion's where and count are not shown: ${reading}`);
    const row = failed.getByTestId('nearest-row').first();
    await row.waitFor({ timeout: 5000 });
    const line = row.locator('.check-line[data-passed=false]').first();
    const text = (await line.textContent()).replace(/\s+/g, ' ');
    assert(/channel_id\s*"C07GENERAL"\s*\(general\)\s*≠\s*"C07RANDOM"\s*\(random\)/.test(text), `the failing check reads: ${text}`);
    await reveal(line);
    assert(await inViewport(line), 'the differing value is outside the viewport');
  });
}

/**
 * Firefox reports each request its CORS rules refuse as an error of the page ("Cross-Origin Request Blocked: …").
 * The journey provokes exactly those, against its own two servers; they are the browser's words for the failure
 * under test, not errors of the page, so they leave the list the page's errors are checked on.
 */
function forgetProvokedCorsErrors(browser, urls) {
  for (let i = browser.pageErrors.length - 1; i >= 0; i--) {
    const m = browser.pageErrors[i];
    if (/^Cross-Origin Request Blocked/.test(m) && urls.some((u) => m.includes(u))) browser.pageErrors.splice(i, 1);
  }
}

/** A provider without CORS headers, then a closed port: the message for each, and no verdict. */
async function unreachableProviders(page, check) {
  await check(`${tagOf(page)}: a provider without CORS headers gives the CORS message and no verdict; a closed port the network message`, async () => {
    const noCors = await noCorsServer();
    const closed = await closedPort();
    try {
      await showTaskTab(page);
      await page.getByTestId('mode-agent').click();
      await page.getByTestId('agent-tab-live').click();
      // The settings fold to one line (a tab's click folds them); Edit opens them as a sheet.
      if (!(await page.getByTestId('agent-provider').isVisible())) await page.getByTestId('agent-settings-edit').click();
      await page.getByTestId('agent-provider').selectOption('ollama');
      await page.evaluate((url) => window.__difflab.store.getState().agent.setSettings({ baseURL: url, model: 'qwen2.5-coder:7b' }), noCors.url);
      await page.getByTestId('agent-settings-edit').click();
      const started = Date.now();
      await page.getByTestId('agent-run').click();
      await page.waitForFunction(() => document.querySelector('[data-testid=not-run]') !== null, null, { timeout: 30_000 });
      const ms = Date.now() - started;
      const notRun = page.getByTestId('not-run');
      const text = await notRun.textContent();
      assert((await notRun.getAttribute('data-kind')) === 'cors', `kind ${await notRun.getAttribute('data-kind')}: ${text}`);
      assert(/NOT RUN/.test(text) && /without CORS headers/.test(text), `the notice reads: ${text}`);
      assert((await page.getByTestId('verdict').count()) === 0, 'a verdict is shown for a run that never reached the model');
      await reveal(notRun);
      assert(await inViewport(notRun), 'the notice is outside the viewport');
      if (page.viewportSize().width < sizes.wide.width) await shotAsIs(page, 'narrow-provider-cors');
      console.log(`    CORS message ${ms} ms after Run agent`);
      if (page.viewportSize().width >= sizes.wide.width) await screenshots(page, 'explain', 'provider-cors');
      // The agent pane's own line says it once, with the command set as code, not in raw backticks.
      await showTaskTab(page);
      const line = page.getByTestId('agent-error');
      const said = await line.textContent();
      assert(!said.includes('`') && !/NOT RUN/i.test(said), `the agent pane's error line reads: ${said}`);
      assert((await line.locator('code').allTextContents()).includes('npx difflab eval'), `no command set as code in: ${said}`);
      assert(await inViewport(line), "the agent pane's error line is outside the viewport");

      await page.evaluate((url) => window.__difflab.store.getState().agent.setSettings({ baseURL: url }), closed);
      await showTaskTab(page);
      await page.getByTestId('agent-run').click();
      await page.waitForFunction(() => document.querySelector('[data-testid=not-run]')?.getAttribute('data-kind') === 'unreachable', null, { timeout: 30_000 });
      const closedText = await page.getByTestId('not-run').textContent();
      assert(/nothing answered at http:\/\/127\.0\.0\.1:\d+\/v1/.test(closedText), `the notice reads: ${closedText}`);
      assert((await page.getByTestId('verdict').count()) === 0, 'a verdict is shown for a run that never reached the model');
      if (page.viewportSize().width >= sizes.wide.width) await screenshots(page, 'explain', 'provider-closed-port');
    } finally {
      await noCors.close();
      forgetProvokedCorsErrors(page.browser, [noCors.url, closed]);
      await showTaskTab(page);
      await page.getByTestId('mode-script').click();
    }
  });
}

/** The playground's journeys of failures explained (and of errors that say what they are), at 1440×900. */
async function run({ browser, server, check }) {
  const page = await browser.newPage();
  await page.goto(server.url);
  await waitReady(page);
  const solution = await readFile(path.join(root, 'scenarios/slack/solutions/random-boardgame-venue.js'), 'utf8');

  await failureExplained(page, check);
  await check('screenshots: the failure explained', async () => {
    await reveal(page.getByTestId('nearest-row').first());
    await screenshots(page, 'explain', 'failure');
  });

  await check("the solution run on top says the state still holds step 1's change, and Reset clears it", async () => {
    await runScript(page, solution);
    const note = page.getByTestId('carried-changes');
    await note.waitFor({ timeout: 5000 });
    const text = await note.textContent();
    assert(/1 change from step 1/.test(text) && /On its own, this step’s changes would pass/.test(text), `the note reads: ${text}`);
    assert(await inViewport(note), 'the note is outside the viewport');
    await screenshots(page, 'explain', 'carried-changes');
    await note.getByTestId('carried-reset').click();
    await page.waitForFunction(() => window.__difflab.store.getState().run.last === null, null, { timeout: 30_000 });
    await runScript(page, solution);
    assert((await page.getByTestId('verdict').getAttribute('data-verdict')) === 'pass', 'the solution does not pass after Reset');
    assert((await page.getByTestId('carried-changes').count()) === 0, 'the note stays after Reset');
  });

  await check('the hybrid verdict names the gate that decided it: the closed world, although the score is 100%', async () => {
    await openScenario(page, 'mail-core/compose-draft-anneliese');
    const reference = await readFile(path.join(root, 'scenarios/mail/solutions/compose-draft-anneliese.js'), 'utf8');
    await runScript(page, `${reference}\nawait api('POST', '/folders', { display_name: 'Scratch' });`);
    const decided = page.getByTestId('hybrid-decided');
    await decided.waitFor({ timeout: 10_000 });
    const text = (await decided.textContent()).replace(/\s+/g, ' ');
    assert(/Failed by the closed world, although the score is 100%/.test(text), `the hybrid verdict reads: ${text}`);
    assert((await page.locator('.hybrid-gates li[data-gate=closed_world][data-passed=false]').count()) === 1, 'the closed-world gate is not marked failed');
    await reveal(decided);
    await screenshots(page, 'explain', 'hybrid-gate');
  });

  await check('importing a suite with five problems lists all five, each with its path', async () => {
    const suite = {
      format: 'difflab-suite/1', id: 'five-problems', name: 'Five problems', services: ['slack'], seed: 'northwind_slack',
      tests: [
        { id: 'a', title: 't', prompt: 'p', assertions: [{ diff_type: 'created', entity: 'messages' }] },
        { id: 'b', prompt: 'p', assertions: [{ diff_type: 'added', entity: 'messages', where: { channel_id: { contians: 'C' } } }] },
        { id: 'c', title: 't', prompt: 5, assertions: [{ diff_type: 'added', entity: 'messages' }] },
        { id: 'a', title: 't', prompt: 'p', assertions: [{ diff_type: 'added', entity: 'messages' }] },
      ],
    };
    await page.getByTestId('import-input').setInputFiles({ name: 'five.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(suite)) });
    await page.getByTestId('import-errors').waitFor({ timeout: 10_000 });
    const items = await page.locator('[data-testid=import-errors] > li').allTextContents();
    assert(items.length === 5, `${items.length} problems listed: ${items.join(' | ')}`);
    for (const p of ['$.tests[0].assertions[0].diff_type', '$.tests[1].title', '$.tests[1].assertions[0].where.channel_id.contians', '$.tests[2].prompt', '$.tests[3].id']) {
      assert(items.some((t) => t.trim().startsWith(p)), `no problem at ${p}: ${items.join(' | ')}`);
    }
    await screenshots(page, 'explain', 'import-problems');
    await page.getByLabel('Dismiss import results').click();
  });

  await check('the studio flags an unknown table and column as the spec is typed, with a did-you-mean', async () => {
    await openScenario(page, scenarioKey);
    await page.getByTestId('studio-toggle').click();
    await page
      .getByTestId('studio-spec')
      .fill(JSON.stringify({ assertions: [{ diff_type: 'added', entity: 'mesages' }, { diff_type: 'added', entity: 'messages', where: { chanel_id: 'C07RANDOM' } }] }, null, 2));
    const flags = page.getByTestId('studio-name-issues');
    await flags.waitFor({ timeout: 5000 });
    const text = await flags.textContent();
    assert(text.includes('no table "mesages"') && text.includes('did you mean "messages"'), `the flags read: ${text}`);
    assert(text.includes('no column "chanel_id"') && text.includes('did you mean "channel_id"'), `the flags read: ${text}`);
    // As typed, at both sizes: the flags are on screen without scrolling, whole (they stick below the text).
    for (const size of [sizes.wide, sizes.narrow]) {
      await page.setViewportSize(size);
      await settle(page);
      const box = await flags.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, height: window.innerHeight };
      });
      assert(box.top >= 0 && box.bottom <= box.height, `at ${size.width}×${size.height} the flags span ${Math.round(box.top)}–${Math.round(box.bottom)} px of a ${box.height} px window`);
    }
    await page.setViewportSize(sizes.wide);
    await screenshots(page, 'explain', 'studio-unknown-names');
    await page.getByTestId('studio-toggle').click();
  });

  await check('filter facets hold one value per meaning, and every scenario has a category', async () => {
    await page.locator('.scenario-filters > summary').click();
    const category = page.locator('fieldset.facet', { hasText: 'Category' });
    const chips = (await category.locator('button.chip').allTextContents()).map((t) => t.replace(/\s*\d+\s*$/, '').trim());
    assert(chips.includes('clean-up') && !chips.includes('cleanup'), `category values: ${chips.join(', ')}`);
    assert(!chips.includes('create') && !chips.includes('creation'), `category values: ${chips.join(', ')}`);
    const counted = (await category.locator('.chip-count').allTextContents()).reduce((a, b) => a + Number(b), 0);
    const total = await page.evaluate(() => window.__difflab.store.getState().catalog.entries.length);
    assert(counted === total, `the category chips count ${counted} of ${total} scenarios`);
    await screenshots(page, 'explain', 'facets');
    await page.locator('.scenario-filters > summary').click();
  });

  await unreachableProviders(page, check);
  await checkPageStayedClean(check, browser);
}

/** A screenshot of the page as it is now, scrolled where the journey left it (not resized). */
async function shotAsIs(page, label) {
  const dir = path.join(shotsDir, page.browser.name);
  await mkdir(dir, { recursive: true });
  const { width, height } = page.viewportSize();
  await page.screenshot({ path: path.join(dir, `explain-${label}-${width}x${height}.png`) });
}

/** The size-dependent checks again at 1024×768, where the panes stack. */
async function runNarrow({ browser, server, check }) {
  const page = await browser.newPage();
  await page.goto(server.url);
  await waitReady(page);
  await failureExplained(page, check);
  await shotAsIs(page, 'narrow-failure');
  await unreachableProviders(page, check);
  await checkPageStayedClean(check, browser);
}

/** A fresh profile opens a shared run: nothing in storage, the environment starting from scratch. */
async function runShare({ browser, server, check }) {
  const run = await demoRun('demo-side-effect');
  const link = server.url + shareFragment({ kind: 'run', run });
  let page;
  for (const size of [sizes.wide, sizes.narrow]) {
    await check(`${size.width}×${size.height}: a shared run link opens that run's replay with its verdict and diff on screen`, async () => {
      await page?.close();
      page = await browser.newPage();
      await page.setViewportSize(size);
      const started = Date.now();
      await page.goto(link);
      const verdict = page.getByTestId('verdict');
      await verdict.waitFor({ timeout: 60_000 });
      const ms = Date.now() - started;
      assert((await verdict.getAttribute('data-verdict')) === 'fail', `verdict ${await verdict.getAttribute('data-verdict')}`);
      const pills = (await verdict.textContent()).replace(/\s+/g, ' ');
      assert(/Agent-Diff pass/.test(pills) && /Closed world fail/.test(pills), `the verdict reads: ${pills}`);
      const unexplained = page.locator('[data-testid=diff-panel] .diff-row[data-status=unexplained]');
      assert((await unexplained.count()) === 1, `${await unexplained.count()} unexplained rows in the diff`);
      await reveal(verdict);
      assert(await inViewport(verdict), 'the verdict is outside the viewport');
      if (size === sizes.narrow) await shotAsIs(page, 'narrow-shared-run');
      // The environment starting later must not take the replay off the screen.
      await waitReady(page);
      await page.waitForTimeout(300);
      assert((await page.getByTestId('verdict').count()) === 1, 'the verdict went away when the environment opened the scenario');
      console.log(`    verdict on screen ${ms} ms after navigation`);
      if (size === sizes.wide) await screenshots(page, 'explain', 'shared-run');
    });
  }

  await check('the HTML export shows both verdicts and the unexplained row marked, readable without JavaScript', async () => {
    await showTaskTab(page);
    await page.getByTestId('agent-tab-runs').click();
    const file = await page.captureDownload(() => page.getByTestId('runs-html').first().click());
    assert(!/<script(?! type="application\/json")/i.test(file.text), 'the export runs a script');
    assert(!/<[a-z][^>]*\son[a-z]+\s*=/i.test(file.text.replace(/<script type="application\/json"[\s\S]*?<\/script>/gi, '')), 'the export has an event handler');
    const view = await browser.newPage();
    try {
      // Read with scripts forbidden by the page's own policy (turning JavaScript off in the driver leaves its
      // evaluations hanging in Chromium 156); the export has none that would run anyway (checked above).
      const noScripts = '<meta http-equiv="Content-Security-Policy" content="script-src \'none\'">';
      await view.raw.setContent(/<head[^>]*>/i.test(file.text) ? file.text.replace(/<head[^>]*>/i, (h) => h + noScripts) : noScripts + file.text);
      const marked = view.locator('tr.unexplained');
      assert((await marked.count()) >= 1, 'no row is marked unexplained');
      const text = await marked.first().textContent();
      assert(text.includes('UNEXPLAINED side effect'), `the marked row reads: ${text}`);
      const verdicts = (await view.locator('table.verdicts').textContent()).replace(/\s+/g, ' ');
      assert(/Agent-Diff verdict\s*pass/.test(verdicts) && /Closed world\s*fail/.test(verdicts), `the verdicts read: ${verdicts}`);
      await marked.first().scrollIntoViewIfNeeded();
      await screenshots(view, 'explain', 'html-export');
    } finally {
      await view.close();
    }
  });

  await check("a replayed run's failing assertion shows nearest rows of the seed when its step changed nothing, as a live step's does", async () => {
    const stopped = await demoRun('demo-stopped-early');
    await page.evaluate(async (text) => {
      const s = window.__difflab.store.getState();
      await s.agent.importRuns(text);
      await window.__difflab.store.getState().agent.openReplay('demo-stopped-early', 0);
    }, JSON.stringify(stopped));
    await waitReady(page);
    const tab = page.getByTestId('pane-tab-verdict');
    if (await tab.isVisible()) await tab.click();
    const failed = page.locator('[data-testid=assertion][data-passed=false]').first();
    const seedRow = failed.locator('[data-testid=nearest-row][data-source=seed]').first();
    await seedRow.waitFor({ timeout: 30_000 });
    const line = seedRow.locator('.check-line').first();
    await reveal(line);
    assert(await inViewport(line), "the seed row's checks are outside the viewport");
    await shotAsIs(page, 'narrow-replay-nearest');
  });

  await check('a draft that cannot be saved (storage full) is flagged, with a download', async () => {
    // This profile's storage is full from here on: a write of more than 500,000 characters throws, as a full store does.
    await page.evaluate(() => {
      const real = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (String(value).length > 500_000) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return real.call(this, key, value);
      };
    });
    await showTaskTab(page);
    await page.getByTestId('mode-script').click();
    await page.evaluate(() => window.__difflab.store.getState().editor.setText('// a long script\n' + '// line\n'.repeat(70_000)));
    const warning = page.getByTestId('draft-save-warning');
    await warning.waitFor({ timeout: 60_000 });
    const text = await warning.textContent();
    assert(/could not be saved: the browser's storage for this page is full/.test(text) && /Download/.test(text), `the warning reads: ${text}`);
    assert(await inViewport(warning), 'the warning is outside the viewport');
    assert((await page.getByTestId('carried-changes').count()) === 0, "the replayed agent run's steps are taken for this playground's");
    await screenshots(page, 'explain', 'draft-not-saved');
  });

  await checkPageStayedClean(check, browser);
}

export const journeys = [
  { name: 'explain', run },
  { name: 'explain-narrow', run: runNarrow, viewport: sizes.narrow },
  { name: 'explain-share', run: runShare },
];
if (isMain(import.meta.url)) await runJourneys(journeys);
