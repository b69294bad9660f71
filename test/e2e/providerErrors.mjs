// End-to-end: a provider's failure is not the model's. A model server stopped mid-stream (its reply ends without a
// finish_reason, every time it is asked) gives an errored run, not a failed one, in the live run; a batch's pass rate
// and the saved runs leave it out and say so; Retry errored runs it again once the server is back, replacing it.
// Screenshots: test-results/e2e/<browser>/provider-errors-*.png at 1440×900 and 1024×768.
// Usage: node test/e2e/providerErrors.mjs [--browser chromium|firefox]   (after `npm run build`)
import { closeSettings, setting } from './agent.mjs';
import { assert, checkPageStayedClean, isMain, runJourneys, screenshots, waitAcrossReload } from './harness.mjs';
import { modelServer, streamChat } from './modelServer.mjs';

const READY_TIMEOUT = 120_000;
const KEY = 'sk-e2e-provider-errors';
const post = "Posting.\n```bash\ncurl -s -X POST https://slack.com/api/chat.postMessage -H 'Authorization: Bearer difflab-agent' -d channel=C07RANDOM --data-urlencode \"text=Friday's board game night moved to the 4th-floor lounge\"\n```";

/**
 * An OpenAI-compatible server: the first turn posts, the second answers. While `cuts` is above zero, a second turn's
 * reply is cut off mid-stream (no finish_reason, no [DONE]) and `cuts` goes down by one.
 */
async function flakyModel() {
  const state = { cuts: 0, requests: 0 };
  const server = await modelServer(({ res, body, turn }) => {
    state.requests++;
    const cut = turn > 0 && state.cuts > 0;
    if (cut) state.cuts--;
    const text = turn === 0 ? post : cut ? 'Good, I have what I need.\n```javascript\nconst r = awa' : 'Posted in #random.\nAnswer: posted';
    streamChat(res, text, { model: body.model, cut });
  });
  return {
    url: `${server.root}/v1`,
    state,
    // Three cuts: the first request and the two the provider makes again of the same turn.
    cutNextRun: () => (state.cuts = 3),
    close: server.close,
  };
}

const agentState = (page) => page.evaluate(() => {
  const a = window.__difflab.store.getState().agent;
  return { status: a.status, batch: a.batch, error: a.error, history: a.history.map((r) => ({ id: r.id, batch: r.batch, state: r.state, errorKind: r.errorKind, errorStep: r.errorStep, startedAt: r.startedAt })) };
});

async function run({ browser, server, check }) {
  const model = await flakyModel();
  const page = await browser.newPage();
  try {
    await page.goto(server.url);
    await waitAcrossReload(page, () => document.documentElement.dataset.env === 'ready', null, { timeout: READY_TIMEOUT });
    await page.locator('#scenario-search').fill('random-boardgame-venue');
    await page.locator('[data-scenario$="/random-boardgame-venue"]').first().click();
    await page.getByTestId('mode-agent').click();
    await (await setting(page, 'agent-provider')).selectOption('openai');
    await (await setting(page, 'base-url')).fill(model.url);
    await (await setting(page, 'agent-model')).fill('flaky-1');
    await (await setting(page, 'agent-key')).fill(KEY);

    await check('a reply cut off mid-stream gives an errored run, not a failed one, with the step and the kind', async () => {
      model.cutNextRun();
      await page.getByTestId('agent-run').click();
      await page.getByTestId('agent-result').waitFor({ timeout: 60_000 });
      await page.waitForFunction(() => window.__difflab.store.getState().agent.status === 'idle', null, { timeout: 60_000 });
      const badge = page.getByTestId('agent-result').locator('.badge').first();
      assert((await badge.textContent()) === 'ERRORED', `badge: ${await badge.textContent()}`);
      const at = await page.getByTestId('agent-errored-at').textContent();
      assert(/errored at step 2 \(truncated\), left out of pass rates/.test(at), `errored at: ${at}`);
      const record = await page.evaluate(() => window.__difflab.store.getState().agent.replay);
      assert(record.state === 'errored' && record.errorKind === 'truncated' && record.errorStep === 1 && record.answer === null, `record: ${record.state} ${record.errorKind} ${record.errorStep} ${record.answer}`);
      assert(record.steps.length === 1 && record.runDiff.inserts.length === 1, 'the step before the failure and its diff were not kept');
      await screenshots(page, 'provider-errors', 'live-errored');
    });

    await check("a batch's pass rate leaves the errored run out and says so", async () => {
      await closeSettings(page);
      await page.getByTestId('agent-tab-batch').click();
      await page.getByLabel('Trials').fill('2');
      await page.getByTestId('batch-concurrency').fill('1');
      model.cutNextRun();
      await page.getByTestId('batch-run').click();
      await page.waitForFunction(() => {
        const a = window.__difflab.store.getState().agent;
        return a.status === 'idle' && !a.batch.running && a.batch.done === 2;
      }, null, { timeout: 120_000 });
      const s = await agentState(page);
      const mine = s.history.filter((r) => r.batch === s.batch.name);
      assert(mine.map((r) => r.state).sort().join() === 'errored,passed', `states: ${mine.map((r) => r.state)}`);
      const table = page.getByTestId('results-by-model');
      const note = await table.getByTestId('results-errored-note').textContent();
      assert(note.startsWith('1 of 2 runs errored') && note.includes('left out of pass'), `note: ${note}`);
      const row = await table.locator('tbody tr').first().locator('td').allTextContents();
      assert(row[1] === '2' && row[2] === '100%' && row.at(-1) === '1', `row: ${row.join(' | ')}`);
      await page.getByTestId('batch-retry-errored').waitFor();
      await screenshots(page, 'provider-errors', 'batch');
    });

    await check('saved runs mark the errored runs and leave them out of the pass rate', async () => {
      await page.getByTestId('agent-tab-runs').click();
      const rows = page.getByTestId('runs-table').locator('tbody tr');
      const states = await rows.locator('.badge[data-state]').evaluateAll((els) => els.map((e) => e.dataset.state));
      assert(states.filter((x) => x === 'errored').length === 2 && states.filter((x) => x === 'passed').length === 1, `states: ${states}`);
      assert((await rows.filter({ hasText: 'errored at step 2 (truncated)' }).count()) === 2, 'no "errored at step 2" under the errored runs');
      const note = await page.locator('.agent-runs').getByTestId('results-errored-note').first().textContent();
      assert(note.startsWith('2 of 3 runs errored'), `note: ${note}`);
      await screenshots(page, 'provider-errors', 'saved-runs');
    });

    await check('Retry errored runs again only the errored run of the batch, and it replaces it', async () => {
      await page.getByTestId('agent-tab-batch').click();
      const before = await agentState(page);
      const mine = before.history.filter((r) => r.batch === before.batch.name);
      const errored = mine.find((r) => r.state === 'errored');
      const requests = model.state.requests;
      await page.getByTestId('batch-retry-errored').click();
      await page.waitForFunction(() => {
        const a = window.__difflab.store.getState().agent;
        return a.status === 'idle' && !a.batch.running && a.batch.total === 1 && a.batch.done === 1;
      }, null, { timeout: 120_000 });
      const after = await agentState(page);
      const now = after.history.filter((r) => r.batch === before.batch.name);
      assert(now.length === 2 && now.every((r) => r.state === 'passed'), `states after: ${now.map((r) => r.state)}`);
      assert(now.some((r) => r.id === errored.id && r.startedAt !== errored.startedAt), 'the errored run was not replaced under its id');
      assert(model.state.requests - requests === 2, `${model.state.requests - requests} model requests: one run of two turns expected`);
      // The live run's errored record is another batch's: still there, still errored.
      assert(after.history.filter((r) => r.state === 'errored').length === 1, 'the other errored run changed');
      assert((await page.getByTestId('batch-retry-errored').count()) === 0, 'Retry errored still offered');
      assert((await page.getByTestId('results-by-model').getByTestId('results-errored-note').count()) === 0, 'the errored note stayed');
      await screenshots(page, 'provider-errors', 'batch-retried');
    });

    await checkPageStayedClean(check, browser);
  } finally {
    await model.close();
  }
}

export const journey = { name: 'provider-errors', run };
if (isMain(import.meta.url)) await runJourneys([journey]);
