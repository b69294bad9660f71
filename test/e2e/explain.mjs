// End-to-end: failures explained, faithful shares, honest errors — at 1440×900 and 1024×768, in Debian's Chromium.
// A failing assertion shows its nearest row with the differing value; running the solution on top of a wrong
// script says the state still holds step 1's changes, with Reset; a shared run link opens that run's replay with
// its verdict on screen; the HTML export marks the unexplained row without JavaScript; a provider without CORS
// headers gives the CORS message and no FAIL verdict, a closed port the network message.
// Screenshots go to test-results/explain/. Usage: node test/e2e/explain.mjs   (after `npm run build`)
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { assert, checkPageStayedClean, checklist, keepLocal, launch, root, serveDist } from './harness.mjs';

const READY_TIMEOUT = 180_000;
const shots = path.join(root, 'test-results', 'explain');
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
];
const SLACK = 'slack-core';
const scenarioKey = `${SLACK}/random-boardgame-venue`;

const checks = checklist();
const { check } = checks;

/** A script that does the task in the wrong channel: #general instead of #random. */
const wrongChannel = `
await fetch('https://slack.com/api/chat.postMessage', {
  method: 'POST',
  headers: { Authorization: 'Bearer x', 'Content-Type': 'application/json' },
  body: JSON.stringify({ channel: 'C07GENERAL', text: "Friday's board game night moved to the 4th-floor lounge." }),
});`;

/** A model server that answers without CORS headers: the page's fetch cannot read it, a no-cors probe can. */
async function noCorsServer() {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{}');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/v1`, close: () => new Promise((resolve) => server.close(resolve)) };
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

async function waitReady(page, key) {
  await page.waitForFunction(
    (k) => {
      const s = window.__difflab?.store.getState();
      return s && s.run.status === 'ready' && (k === null || s.run.openKey === k);
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
 * Scrolls an element of the verdict pane into view, as a person scrolls to the verdict. Below 1100 px the panes
 * stack (the layout's tabs, which bring the verdict forward after a run, come with the ui-layout work).
 */
async function reveal(locator) {
  await locator.scrollIntoViewIfNeeded();
}

/** Whether an element's box is inside the viewport (at least its top part). */
async function inViewport(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top >= 0 && r.top < window.innerHeight && r.left >= 0 && r.right <= window.innerWidth + 1;
  });
}

async function shot(page, name, size) {
  await mkdir(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}-${size.width}x${size.height}.png`) });
}

async function journeys(server, size) {
  const tag = `${size.width}×${size.height}`;
  const browser = await launch(size);
  const guard = await keepLocal(browser.context);
  try {
    const page = await browser.context.newPage();
    guard.watch(page);
    await page.goto(server.url);
    await waitReady(page, null);
    const solution = await readFile(path.join(root, 'scenarios/slack/solutions/random-boardgame-venue.js'), 'utf8');

    await check(`${tag}: a failing assertion shows its nearest row, channel_id "C07GENERAL" ≠ "C07RANDOM"`, async () => {
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
      assert(/channel_id\s*"C07GENERAL"\s*≠\s*"C07RANDOM"/.test(text), `the failing check reads: ${text}`);
      await reveal(line);
      await shot(page, 'failure-explained', size);
      assert(await inViewport(line), 'the differing value is outside the viewport');
    });

    await check(`${tag}: the solution run on top says the state still holds step 1's change, and Reset clears it`, async () => {
      await runScript(page, solution);
      const note = page.getByTestId('carried-changes');
      await note.waitFor({ timeout: 5000 });
      const text = await note.textContent();
      assert(/1 change from step 1/.test(text) && /On its own, this step’s changes would pass/.test(text), `the note reads: ${text}`);
      await reveal(note);
      await shot(page, 'carried-changes', size);
      assert(await inViewport(note), 'the note is outside the viewport');
      await note.getByTestId('carried-reset').click();
      await page.waitForFunction(() => window.__difflab.store.getState().run.last === null, null, { timeout: 30_000 });
      await runScript(page, solution);
      assert((await page.getByTestId('verdict').getAttribute('data-verdict')) === 'pass', 'the solution does not pass after Reset');
      assert((await page.getByTestId('carried-changes').count()) === 0, 'the note stays after Reset');
    });

    await check(`${tag}: the hybrid verdict names the gate that decided it: the closed world, although the score is 100%`, async () => {
      const key = 'mail-core/compose-draft-anneliese';
      await openScenario(page, key);
      const reference = await readFile(path.join(root, 'scenarios/mail/solutions/compose-draft-anneliese.js'), 'utf8');
      await runScript(page, `${reference}\nawait api('POST', '/folders', { display_name: 'Scratch' });`);
      const decided = page.getByTestId('hybrid-decided');
      await decided.waitFor({ timeout: 10_000 });
      const text = (await decided.textContent()).replace(/\s+/g, ' ');
      assert(/Failed by the closed world, although the score is 100%/.test(text), `the hybrid verdict reads: ${text}`);
      assert((await page.locator('.hybrid-gates li[data-gate=closed_world][data-passed=false]').count()) === 1, 'the closed-world gate is not marked failed');
      await reveal(decided);
      await shot(page, 'hybrid-gate', size);
    });

    await check(`${tag}: importing a suite with five problems lists all five, each with its path`, async () => {
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
      const list = page.getByTestId('import-errors');
      await list.waitFor({ timeout: 10_000 });
      const items = await list.locator('> li').allTextContents();
      assert(items.length === 5, `${items.length} problems listed: ${items.join(' | ')}`);
      for (const p of ['$.tests[0].assertions[0].diff_type', '$.tests[1].title', '$.tests[1].assertions[0].where.channel_id.contians', '$.tests[2].prompt', '$.tests[3].id']) {
        assert(items.some((t) => t.startsWith(p)), `no problem at ${p}: ${items.join(' | ')}`);
      }
      await shot(page, 'import-problems', size);
      await page.getByLabel('Dismiss import results').click();
    });

    await check(`${tag}: the studio flags an unknown table and column as the spec is typed, with a did-you-mean`, async () => {
      await openScenario(page, scenarioKey);
      await page.getByTestId('studio-toggle').click();
      const spec = page.getByTestId('studio-spec');
      await spec.fill(JSON.stringify({ assertions: [{ diff_type: 'added', entity: 'mesages' }, { diff_type: 'added', entity: 'messages', where: { chanel_id: 'C07RANDOM' } }] }, null, 2));
      const flags = page.getByTestId('studio-name-issues');
      await flags.waitFor({ timeout: 5000 });
      const text = await flags.textContent();
      assert(text.includes('no table "mesages"') && text.includes('did you mean "messages"'), `the flags read: ${text}`);
      assert(text.includes('no column "chanel_id"') && text.includes('did you mean "channel_id"'), `the flags read: ${text}`);
      await flags.scrollIntoViewIfNeeded();
      await shot(page, 'studio-unknown-names', size);
      await page.getByTestId('studio-toggle').click();
    });

    await check(`${tag}: filter facets hold one value per meaning, and every scenario has a category`, async () => {
      await page.locator('.scenario-filters > summary').click();
      const category = page.locator('fieldset.facet', { has: page.locator('legend', { hasText: 'Category' }) });
      const chips = (await category.locator('button.chip').allTextContents()).map((t) => t.replace(/\s*\d+$/, '').trim());
      assert(chips.includes('clean-up') && !chips.includes('cleanup'), `category values: ${chips.join(', ')}`);
      assert(!chips.includes('create') && !chips.includes('creation'), `category values: ${chips.join(', ')}`);
      const counted = (await category.locator('.chip-count').allTextContents()).reduce((a, b) => a + Number(b), 0);
      const total = await page.evaluate(() => window.__difflab.store.getState().catalog.entries.length);
      assert(counted === total, `the category chips count ${counted} of ${total} scenarios`);
      await shot(page, 'facets', size);
      await page.locator('.scenario-filters > summary').click();
    });

    await check(`${tag}: a provider without CORS headers gives the CORS message and no verdict; a closed port the network message`, async () => {
      const noCors = await noCorsServer();
      try {
        await page.getByTestId('mode-agent').click();
        await page.getByTestId('agent-tab-live').click();
        await page.getByTestId('agent-provider').selectOption('ollama');
        await page.evaluate((url) => window.__difflab.store.getState().agent.setSettings({ baseURL: url, model: 'qwen2.5-coder:7b' }), noCors.url);
        const started = Date.now();
        await page.getByTestId('agent-run').click();
        const notRun = page.getByTestId('not-run');
        await notRun.waitFor({ timeout: 30_000 });
        const ms = Date.now() - started;
        const text = await notRun.textContent();
        assert((await notRun.getAttribute('data-kind')) === 'cors', `kind ${await notRun.getAttribute('data-kind')}: ${text}`);
        assert(/NOT RUN/.test(text) && /without CORS headers/.test(text), `the notice reads: ${text}`);
        assert((await page.getByTestId('verdict').count()) === 0, 'a verdict is shown for a run that never reached the model');
        await reveal(notRun);
        await shot(page, 'provider-cors', size);
        console.log(`    CORS message after ${ms} ms`);

        await page.evaluate((url) => window.__difflab.store.getState().agent.setSettings({ baseURL: url }), await closedPort());
        await page.getByTestId('agent-run').click();
        await page.waitForFunction(() => document.querySelector('[data-testid=not-run]')?.getAttribute('data-kind') === 'unreachable', null, { timeout: 30_000 });
        const closed = await page.getByTestId('not-run').textContent();
        assert(/nothing answered at http:\/\/127\.0\.0\.1:\d+\/v1/.test(closed), `the notice reads: ${closed}`);
        assert((await page.getByTestId('verdict').count()) === 0, 'a verdict is shown for a run that never reached the model');
        await shot(page, 'provider-closed-port', size);
      } finally {
        await noCors.close();
        await page.getByTestId('mode-script').click();
      }
    });

    await checkPageStayedClean(check, guard);
  } finally {
    await browser.close();
  }

  // A fresh profile opens a shared run: nothing in storage, the environment starting from scratch.
  const fresh = await launch(size);
  const freshGuard = await keepLocal(fresh.context);
  try {
    const page = await fresh.context.newPage();
    freshGuard.watch(page);
    const run = await demoRun('demo-side-effect');

    await check(`${tag}: a shared run link opens that run's replay with its verdict and diff on screen`, async () => {
      const started = Date.now();
      await page.goto(server.url + shareFragment({ kind: 'run', run }));
      const verdict = page.getByTestId('verdict');
      await verdict.waitFor({ timeout: 60_000 });
      const ms = Date.now() - started;
      assert((await verdict.getAttribute('data-verdict')) === 'fail', `verdict ${await verdict.getAttribute('data-verdict')}`);
      const pills = await verdict.textContent();
      assert(/Agent-Diff\s*pass/.test(pills) && /Closed world\s*fail/.test(pills), `the verdict reads: ${pills}`);
      const unexplained = page.locator('[data-testid=diff-panel] .diff-row[data-status=unexplained]');
      assert((await unexplained.count()) === 1, `${await unexplained.count()} unexplained rows in the diff`);
      if (size.width >= 1100) assert(await inViewport(verdict), 'the verdict is outside the viewport');
      // The environment starting later must not take the replay off the screen.
      await waitReady(page, null);
      await page.waitForTimeout(300);
      assert((await page.getByTestId('verdict').count()) === 1, 'the verdict went away when the environment opened the scenario');
      await shot(page, 'shared-run', size);
      console.log(`    verdict on screen ${ms} ms after navigation`);
    });

    await check(`${tag}: the HTML export shows the unexplained row marked, readable without JavaScript`, async () => {
      await page.getByTestId('agent-tab-runs').click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('runs-html').first().click()]);
      const html = await readFile(await download.path(), 'utf8');
      assert(!/<script(?! type="application\/json")/i.test(html), 'the export runs a script');
      const view = await fresh.context.newPage();
      await view.setContent(html);
      const marked = view.locator('tr.unexplained');
      assert((await marked.count()) >= 1, 'no row is marked unexplained');
      const text = await marked.first().textContent();
      assert(text.includes('UNEXPLAINED side effect'), `the marked row reads: ${text}`);
      const verdicts = await view.locator('table.verdicts').textContent();
      assert(/Agent-Diff verdict\s*pass/.test(verdicts) && /Closed world\s*fail/.test(verdicts), `the verdicts read: ${verdicts}`);
      await marked.first().scrollIntoViewIfNeeded();
      await shot(view, 'html-export', size);
      await view.close();
    });

    await check(`${tag}: a draft that cannot be saved (storage full) is flagged, with a download`, async () => {
      // This profile's storage is full from here on: a write that would go past 1 MB throws, as a full store does.
      await page.evaluate(() => {
        const real = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
          if (String(value).length > 500_000) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          return real.call(this, key, value);
        };
      });
      await page.getByTestId('mode-script').click();
      await page.evaluate(() => window.__difflab.store.getState().editor.setText('// a long script\n' + '// line\n'.repeat(70_000)));
      const warning = page.getByTestId('draft-save-warning');
      await warning.waitFor({ timeout: 30_000 });
      const text = await warning.textContent();
      assert(/could not be saved: the browser's storage for this page is full/.test(text) && /Download/.test(text), `the warning reads: ${text}`);
      assert(await inViewport(warning), 'the warning is outside the viewport');
      assert((await page.getByTestId('carried-changes').count()) === 0, "the replayed agent run's steps are taken for this playground's");
      await shot(page, 'draft-not-saved', size);
    });

    await checkPageStayedClean(check, freshGuard);
  } finally {
    await fresh.close();
  }
}

let server;
try {
  server = await serveDist('/difflab/');
  for (const size of SIZES) await journeys(server, size);
} catch (err) {
  checks.stopped(err);
} finally {
  await server?.close();
}
process.exit(checks.finish());
