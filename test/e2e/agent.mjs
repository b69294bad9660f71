// End-to-end check of agent mode on the built site: a live run against a local fake model server speaking the
// OpenAI and Anthropic wire formats (streamed), through the official SDKs in the page; the key stays out of
// storage and request bodies; Stop ends a run cleanly; demo runs replay with no key; batches run attempts
// concurrently, each in its own environment, with the results of a one-at-a-time batch.
// Usage: node test/e2e/agent.mjs [--browser chromium|firefox]   (after `npm run build`)
import { assert, checkPageStayedClean, isMain, runJourneys, waitAcrossReload } from './harness.mjs';
import { modelServer, streamChat } from './modelServer.mjs';

const KEY = 'sk-e2e-secret-4242';
const READY_TIMEOUT = 120_000;

const post = "Posting.\n```bash\ncurl -s -X POST https://slack.com/api/chat.postMessage -H 'Authorization: Bearer difflab-agent' -d channel=C07RANDOM --data-urlencode \"text=Friday's board game night moved to the 4th-floor lounge\"\n```";

const pilots = 'Answer: Ostara Foods, Marigold Bakeries and Juniper Pet Supply pilot the portal beta from 1 April.';
const judgement = { rubrics: [{ index: 0, scores: { correctness: 1, completeness: 1, no_fabrication: 1 }, rationale: 'names all three pilots and the date' }] };

/**
 * A model server: the first turn posts with curl, the next gives the answer (or, with `answerOnly`, the first turn
 * answers); `slow` holds a reply for Stop. A non-streamed JSON request is the rubric judge's, and gets a judgement.
 */
export async function fakeModel() {
  const seen = [];
  let slow = false;
  let answerOnly = false;
  let latencyMs = 0;
  let looping = false;
  // Model requests open at once (received, not yet answered), and the most seen since the last reset.
  const open = { now: 0, max: 0 };
  const server = await modelServer(({ req, res, body, raw, turn }) => {
    open.max = Math.max(open.max, ++open.now);
    res.on('close', () => open.now--);
    seen.push({ url: req.url, auth: req.headers.authorization ?? req.headers['x-api-key'], raw, body });
    if (!body.stream && body.response_format?.type === 'json_object') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'j', object: 'chat.completion', model: body.model, choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(judgement) }, finish_reason: 'stop' }] }));
      return;
    }
    const text = answerOnly ? pilots : looping && turn === 0 ? 'Working.\n```javascript\nwhile (true) {}\n```' : turn === 0 ? post : 'Posted in #random.\nAnswer: posted';
    const send = () => (req.url.endsWith('/messages') ? streamAnthropic(res, text) : streamChat(res, text));
    // A slow reply is held long enough for Stop to land first on a loaded machine; Stop aborts the request.
    if (slow || latencyMs) setTimeout(send, slow ? 15_000 : latencyMs);
    else send();
  });
  return { ...server, seen, open, resetOpen: () => (open.max = open.now), setSlow: (v) => (slow = v), setAnswerOnly: (v) => (answerOnly = v), setLatency: (ms) => (latencyMs = ms), setLooping: (v) => (looping = v) };
}

/** Streams `text` as an Anthropic message, the events the Messages API sends in their order. */
function streamAnthropic(res, text) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const ev = (type, d) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...d })}\n\n`);
  ev('message_start', { message: { id: 'm', type: 'message', role: 'assistant', content: [], model: 'f', stop_reason: null, stop_sequence: null, usage: { input_tokens: 500, output_tokens: 1 } } });
  ev('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
  for (const p of text.match(/[\s\S]{1,12}/g)) ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: p } });
  ev('content_block_stop', { index: 0 });
  ev('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 40 } });
  ev('message_stop', {});
  res.end();
}

/**
 * A field of the run settings (`base-url` for the first input, else its test id), opening the settings sheet when a
 * run has folded it into its one-line summary.
 */
export async function setting(page, testId) {
  if (!(await page.getByTestId('agent-settings').isVisible())) await page.getByTestId('agent-settings-edit').click();
  return testId === 'base-url' ? page.locator('[data-testid=agent-settings] input').first() : page.getByTestId(testId);
}

/** Folds the settings sheet away (it lies over the batch and saved-run views). */
export async function closeSettings(page) {
  if (await page.getByTestId('agent-settings').isVisible()) await page.getByTestId('agent-settings-edit').click();
}

/**
 * Runs the Batch view's batch at `concurrency` and waits for it; returns its records, the wall time and the most
 * runs under way at one moment (from the records' [start, end] spans, a few milliseconds in from each start).
 */
async function runBatchAt(page, concurrency) {
  await closeSettings(page);
  await page.getByTestId('batch-concurrency').fill(String(concurrency));
  const started = Date.now();
  await page.getByTestId('batch-run').click();
  await page.waitForFunction(() => {
    const a = window.__difflab.store.getState().agent;
    return a.status === 'idle' && !a.batch.running && a.batch.done > 0;
  }, null, { timeout: 120_000 });
  const wallMs = Date.now() - started;
  const { batch, error, records } = await page.evaluate(() => {
    const a = window.__difflab.store.getState().agent;
    return { batch: a.batch, error: a.error, records: a.history.filter((r) => r.batch === a.batch.name) };
  });
  assert(!error, `batch error: ${error}`);
  assert(records.length === batch.total && batch.done === batch.total, `${records.length} records, ${batch.done}/${batch.total} done`);
  const spans = records.map((r) => [Date.parse(r.startedAt), Date.parse(r.startedAt) + r.timing.totalMs]);
  const overlapping = Math.max(...spans.map(([start]) => spans.filter(([c, d]) => c <= start + 3 && start + 3 < d).length));
  const mean = (f) => Math.round(records.reduce((a, r) => a + f(r), 0) / records.length);
  console.log(
    `    batch of ${records.length} runs at concurrency ${concurrency}: ${wallMs} ms wall, at most ${overlapping} at once; a run's mean model ${mean((r) => r.timing.modelMs)} ms, harness ${mean((r) => r.timing.harnessMs)} ms, total ${mean((r) => r.timing.totalMs)} ms`,
  );
  return { records, overlapping, wallMs };
}

async function run({ browser, server, check }) {
  const model = await fakeModel();
  try {
    await agentChecks(browser, server, check, model);
  } finally {
    await model.close();
  }
}

async function agentChecks(browser, server, check, model) {
  const page = await browser.newPage();
  await page.goto(server.url);
  await waitAcrossReload(page, () => document.documentElement.dataset.env === 'ready', null, { timeout: READY_TIMEOUT });
  await page.locator('[data-scenario="slack-core/random-boardgame-venue"], [data-scenario$="/random-boardgame-venue"]').first().click();
  await page.getByTestId('mode-agent').click();

  for (const [preset, base] of [['openai', `${model.root}/v1`], ['anthropic', model.root]]) {
    await check(`a live run over ${preset} streams, runs curl in the sandbox and passes`, async () => {
      await (await setting(page, 'agent-provider')).selectOption(preset);
      await (await setting(page, 'base-url')).fill(base);
      await (await setting(page, 'agent-model')).fill(preset === 'openai' ? 'gpt-4.1-mini' : 'claude-sonnet-4-5');
      await (await setting(page, 'agent-key')).fill(KEY);
      const before = model.seen.length;
      await page.getByTestId('agent-run').click();
      await page.getByTestId('agent-result').waitFor({ timeout: 60_000 });
      const result = await page.getByTestId('agent-result').textContent();
      assert(result?.includes('PASSED'), `result: ${result}`);
      assert((await page.getByTestId('agent-step').count()) === 2, 'expected two steps');
      const totals = await page.getByTestId('agent-totals').textContent();
      assert(totals?.includes('1,000 in'), `totals: ${totals}`);
      const mine = model.seen.slice(before);
      assert(mine.length === 2, `${mine.length} model requests`);
      assert(mine.every((r) => r.auth === `Bearer ${KEY}` || r.auth === KEY), 'the key was not sent as the credential');
      assert(!mine.some((r) => r.raw.includes(KEY)), 'the key appeared in a request body');
    });
  }

  await check('a judge model scores a scenario\'s rubrics from the page, called with the key on the main thread', async () => {
    await (await setting(page, 'agent-provider')).selectOption('openai');
    await (await setting(page, 'base-url')).fill(`${model.root}/v1`);
    await (await setting(page, 'agent-model')).fill('gpt-4.1-mini');
    await (await setting(page, 'agent-key')).fill(KEY);
    await (await setting(page, 'agent-judge-model')).fill('judge-e2e');
    await page.locator('[data-scenario$="/rubric-pilot-customers"]').first().click();
    await page.getByTestId('mode-agent').click();
    model.setAnswerOnly(true);
    const before = model.seen.length;
    try {
      await page.getByTestId('agent-run').click();
      await page.waitForFunction(() => window.__difflab.store.getState().agent.status === 'idle' && window.__difflab.store.getState().agent.replay?.scenario.id === 'rubric-pilot-customers', null, { timeout: 60_000 });
    } finally {
      model.setAnswerOnly(false);
      await (await setting(page, 'agent-judge-model')).fill('');
    }
    const record = await page.evaluate(() => window.__difflab.store.getState().agent.replay);
    const rubric = record.grade?.checks.find((c) => c.kind === 'rubric');
    assert(record.grade?.mode === 'hybrid' && record.grade.rubricScore === 1 && record.grade.passed, `grade: ${JSON.stringify(record.grade)}`);
    assert(rubric?.reason.includes('names all three pilots'), `rubric: ${JSON.stringify(rubric)}`);
    const judged = model.seen.slice(before).filter((r) => r.body.model === 'judge-e2e');
    assert(judged.length === 1 && judged[0].auth === `Bearer ${KEY}`, `judge requests: ${judged.length}`);
    assert(judged[0].raw.includes('Ostara Foods'), 'the judge was not shown the answer');
    await page.locator('[data-scenario$="/random-boardgame-venue"]').first().click();
    await page.getByTestId('mode-agent').click();
  });

  await check('the key is in no storage unless remembered, and in no export', async () => {
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    assert(!stored.includes(KEY), 'the key is in localStorage');
    const exported = await page.evaluate(() => window.__difflab.store.getState().agent.exportRuns('jsonl'));
    assert(exported.length > 100 && !exported.includes(KEY), 'the key is in the export');
  });

  await check('Stop during a model reply ends the run cleanly and still evaluates', async () => {
    model.setSlow(true);
    await page.getByTestId('agent-run').click();
    await page.getByTestId('agent-stop').click();
    await page.getByTestId('agent-result').waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => window.__difflab.store.getState().agent.status === 'idle', null, { timeout: 30_000 });
    const record = await page.evaluate(() => window.__difflab.store.getState().agent.replay);
    assert(record.endReason === 'stopped', `ended: ${record.endReason}`);
    assert(record.verdict && record.verdict.passed === false, 'no verdict after Stop');
    model.setSlow(false);
  });

  await check('demo runs replay step by step with no key', async () => {
    await (await setting(page, 'agent-key')).fill('');
    await page.getByTestId('agent-tab-runs').click();
    await page.getByTestId('runs-demos').click();
    await page.locator('[data-testid=runs-table] tbody tr', { hasText: 'Recovering from an API error' }).getByTestId('runs-replay').click();
    await page.getByTestId('agent-scrubber').waitFor({ timeout: 30_000 });
    await page.getByTestId('agent-scrubber').fill('0');
    const first = await page.evaluate(() => window.__difflab.store.getState().run.last.runDiff.inserts.length);
    await page.getByTestId('agent-scrubber').fill('2');
    const third = await page.evaluate(() => window.__difflab.store.getState().run.last.runDiff.inserts.length);
    assert(first === 0 && third === 1, `inserts at steps 1 and 3: ${first}, ${third}`);
  });

  await check('a saved run shares as a link that opens it, and as one HTML file', async () => {
    await page.getByTestId('agent-tab-runs').click();
    const row = page.locator('[data-testid=runs-table] tbody tr', { hasText: 'Recovering from an API error' });
    await row.getByTestId('runs-link').click();
    const link = await page.getByTestId('runs-share-link').inputValue();
    assert(link.includes('#share=v1.'), `link: ${link}`);
    const other = await browser.newPage();
    await other.goto(link);
    await other.waitForFunction(() => window.__difflab?.store.getState().agent.replay?.id === 'demo-recovery' && window.__difflab.store.getState().agent.open, null, { timeout: READY_TIMEOUT });
    await other.close();
    const { text: html } = await page.captureDownload(() => row.getByTestId('runs-html').click());
    assert(html.includes('<h2>Prompt</h2>') && html.includes('Grade: '), 'the page lacks the prompt or the grade');
    assert(!/<script(?! type="application\/json")|\b(src|href)\s*=/i.test(html), 'the page loads something');
  });

  await check('an agent run with a rate-limit fault records the fault and sees the 429s', async () => {
    await page.getByTestId('agent-tab-live').click();
    await (await setting(page, 'agent-provider')).selectOption('reference');
    await (await setting(page, 'agent-faults')).fill('rate-limit=1');
    await (await setting(page, 'agent-faults')).press('Enter');
    await page.waitForFunction(() => window.__difflab.store.getState().studio.faults.rateLimit?.every === 1);
    await page.getByTestId('agent-run').click();
    await page.waitForFunction(() => window.__difflab.store.getState().agent.status === 'idle' && window.__difflab.store.getState().agent.replay?.faults, null, { timeout: 60_000 });
    const record = await page.evaluate(() => window.__difflab.store.getState().agent.replay);
    assert(JSON.stringify(record.faults) === '{"rateLimit":{"every":1,"retryAfterSeconds":1}}', `faults: ${JSON.stringify(record.faults)}`);
    const statuses = record.steps.flatMap((s) => s.actions.flatMap((a) => a.requests.map((r) => r.status)));
    assert(statuses.length > 0 && statuses.every((x) => x === 429), `statuses: ${statuses}`);
    await (await setting(page, 'agent-faults')).fill('');
    await (await setting(page, 'agent-faults')).press('Enter');
    await page.waitForFunction(() => Object.keys(window.__difflab.store.getState().studio.faults).length === 0);
  });

  await check('a batch runs two at a time, each attempt in its own environment, with the same results as one at a time; the playground still works', async () => {
    const store = (fn, arg) => page.evaluate(fn, arg);
    const openBefore = await store(() => window.__difflab.store.getState().run.openKey);
    await (await setting(page, 'agent-provider')).selectOption('reference');
    await page.getByTestId('agent-tab-batch').click();
    await page.locator('#scenario-search').fill('lunch');
    const shown = await store(() => window.__difflab.store.getState().catalog.visibleKeys);
    assert(shown.length >= 2 && new Set(shown.map((k) => k.split('/')[0])).size >= 2, `scenarios shown: ${shown}`);
    await page.getByLabel('Trials').fill('2');
    const one = await runBatchAt(page, 1);
    const two = await runBatchAt(page, 2);
    for (const { records } of [one, two]) {
      const failed = records.filter((r) => !(r.grade ? r.grade.passed : r.verdict.passed) || r.endReason !== 'final_answer');
      assert(failed.length === 0, `runs that did not pass: ${failed.map((r) => `${r.scenario.id}#${r.trial} ${r.endReason}`)}`);
    }
    assert(one.overlapping === 1, `at concurrency 1, ${one.overlapping} runs overlapped`);
    assert(two.overlapping === 2, `at concurrency 2, at most ${two.overlapping} runs overlapped`);
    const outcome = (r) => JSON.stringify({ diff: r.runDiff, verdict: r.verdict, steps: r.steps.map((s) => s.actions.map((a) => a.requests.map((q) => `${q.method} ${q.url} ${q.status}`))) });
    const byKey = (records) => new Map(records.map((r) => [`${r.scenario.suite}/${r.scenario.id}#${r.trial}`, outcome(r)]));
    const [a, b] = [byKey(one.records), byKey(two.records)];
    assert(a.size === b.size && [...a].every(([k, v]) => b.get(k) === v), 'a run came out differently at concurrency 2');
    const saved = await store(() => JSON.parse(localStorage.getItem('difflab.agent.settings.v1') ?? '{}').concurrency);
    assert(saved === 2, `stored concurrency: ${saved}`);
    assert((await store(() => window.__difflab.store.getState().run.openKey)) === openBefore, 'the batch changed the playground\'s open scenario');

    // The playground's own environment: reset, then the reference solution run as a script step (through the store:
    // the Script tab's Monaco is not needed to show the worker's playground session is intact).
    await page.locator('#scenario-search').fill('');
    const after = await store(async () => {
      const app = window.__difflab.store.getState();
      await app.run.reset();
      await app.editor.showSolution();
      await window.__difflab.store.getState().run.execute();
      const r = window.__difflab.store.getState().run;
      return { key: r.openKey, status: r.status, passed: r.last?.verdict.passed, inserts: r.last?.runDiff.inserts.length, error: r.last?.script.error ?? r.error };
    });
    assert(after.key === openBefore && after.status === 'ready' && after.passed && after.inserts > 0, `the playground run after the batch: ${JSON.stringify(after)}`);
  });

  await check('with a model that takes 400 ms a reply, a batch at concurrency 2 has two model requests open at once (one at concurrency 1, at most four at 4)', async () => {
    await (await setting(page, 'agent-provider')).selectOption('openai');
    await (await setting(page, 'base-url')).fill(`${model.root}/v1`);
    await (await setting(page, 'agent-model')).fill('gpt-4.1-mini');
    await (await setting(page, 'agent-key')).fill(KEY);
    await page.locator('#scenario-search').fill('lunch');
    await page.getByLabel('Trials').fill('2');
    model.setLatency(400);
    try {
      // What the model server sees is the order of events, not a clock: how many of its replies were owed at once.
      const openAt = async (n) => {
        model.resetOpen();
        const batch = await runBatchAt(page, n);
        return { ...batch, modelOpen: model.open.max };
      };
      const one = await openAt(1);
      const two = await openAt(2);
      const four = await openAt(4);
      assert(one.overlapping === 1 && two.overlapping === 2 && four.overlapping >= 3 && four.overlapping <= 4, `overlaps: ${one.overlapping}, ${two.overlapping}, ${four.overlapping}`);
      // (At 4 the worker's serial share — opening environments, running scripts — staggers the attempts, so fewer than
      // four replies may be owed at once; never more than four.)
      assert(one.modelOpen === 1 && two.modelOpen === 2 && four.modelOpen >= 2 && four.modelOpen <= 4, `model requests open at once: ${one.modelOpen}, ${two.modelOpen}, ${four.modelOpen}`);
      assert([one, two, four].every(({ records }) => records.every((r) => r.endReason === 'final_answer' && r.steps.length === 2)), 'a run did not end with its answer');
    } finally {
      model.setLatency(0);
      await (await setting(page, 'agent-key')).fill('');
      await page.locator('#scenario-search').fill('');
    }
  });

  await check('faults and the rubric judge apply to batch attempts as to a live run', async () => {
    await page.getByTestId('agent-tab-batch').click();
    await (await setting(page, 'agent-provider')).selectOption('reference');
    await page.locator('#scenario-search').fill('lunch');
    await page.getByLabel('Trials').fill('1');
    await (await setting(page, 'agent-faults')).fill('rate-limit=1');
    await (await setting(page, 'agent-faults')).press('Enter');
    await page.waitForFunction(() => window.__difflab.store.getState().studio.faults.rateLimit?.every === 1);
    try {
      const { records } = await runBatchAt(page, 2);
      const statuses = records.flatMap((r) => r.steps.flatMap((s) => s.actions.flatMap((a) => a.requests.map((q) => q.status))));
      assert(records.every((r) => r.faults?.rateLimit?.every === 1), 'a record lacks the fault plan');
      assert(statuses.length >= records.length && statuses.every((x) => x === 429), `statuses: ${statuses}`);
    } finally {
      await (await setting(page, 'agent-faults')).fill('');
      await (await setting(page, 'agent-faults')).press('Enter');
      await page.waitForFunction(() => Object.keys(window.__difflab.store.getState().studio.faults).length === 0);
    }

    await (await setting(page, 'agent-provider')).selectOption('openai');
    await (await setting(page, 'base-url')).fill(`${model.root}/v1`);
    await (await setting(page, 'agent-model')).fill('gpt-4.1-mini');
    await (await setting(page, 'agent-key')).fill(KEY);
    await (await setting(page, 'agent-judge-model')).fill('judge-e2e');
    await page.locator('#scenario-search').fill('rubric-pilot-customers');
    await page.getByLabel('Trials').fill('2');
    model.setAnswerOnly(true);
    const before = model.seen.length;
    try {
      const { records } = await runBatchAt(page, 2);
      assert(records.length === 2 && records.every((r) => r.grade?.mode === 'hybrid' && r.grade.rubricScore === 1 && r.grade.passed), `grades: ${JSON.stringify(records.map((r) => r.grade))}`);
      const judged = model.seen.slice(before).filter((r) => r.body.model === 'judge-e2e');
      assert(judged.length === 2 && judged.every((r) => r.auth === `Bearer ${KEY}`), `judge requests: ${judged.length}`);
    } finally {
      model.setAnswerOnly(false);
      await (await setting(page, 'agent-judge-model')).fill('');
      await (await setting(page, 'agent-key')).fill('');
      await page.locator('#scenario-search').fill('');
    }
  });

  await check('Stop batch ends the scripts of every attempt under way at once, and starts no more', async () => {
    await (await setting(page, 'agent-provider')).selectOption('openai');
    await (await setting(page, 'base-url')).fill(`${model.root}/v1`);
    await (await setting(page, 'agent-model')).fill('gpt-4.1-mini');
    await (await setting(page, 'agent-key')).fill(KEY);
    await page.locator('#scenario-search').fill('lunch');
    await page.getByLabel('Trials').fill('1');
    await page.getByTestId('batch-concurrency').fill('2');
    model.setLooping(true);
    try {
      await closeSettings(page);
      await page.getByTestId('batch-run').click();
      // Two attempts under way, the first one's script looping in the worker (the sandbox would stop it at 10 s).
      await page.waitForTimeout(1500);
      const stopped = Date.now();
      await page.getByTestId('batch-stop').click();
      await page.waitForFunction(() => window.__difflab.store.getState().agent.status === 'idle', null, { timeout: 30_000 });
      const tookMs = Date.now() - stopped;
      const { records, batch } = await page.evaluate(() => {
        const a = window.__difflab.store.getState().agent;
        return { batch: a.batch, records: a.history.filter((r) => r.batch === a.batch.name) };
      });
      console.log(`    Stop to idle: ${tookMs} ms, ${records.length} of ${batch.total} runs saved`);
      // Without Stop the sandbox ends the loop 10 s after it began (1.5 s before the click): idle before 8 s means
      // Stop ended it, whatever the machine's load.
      assert(tookMs < 8000, `Stop took ${tookMs} ms: the sandbox's own time limit, not Stop, ended the script`);
      assert(records.length === 2 && batch.done === 2 && batch.total === 3, `${records.length} records, ${batch.done}/${batch.total}`);
      assert(records.every((r) => r.endReason === 'stopped'), `ended: ${records.map((r) => r.endReason)}`);
      // The worker is free again: the playground's environment answers.
      const reset = await page.evaluate(async () => {
        await window.__difflab.store.getState().run.reset();
        return window.__difflab.store.getState().run.status;
      });
      assert(reset === 'ready', `the playground after Stop: ${reset}`);
    } finally {
      model.setLooping(false);
      await (await setting(page, 'agent-key')).fill('');
      await page.locator('#scenario-search').fill('');
    }
  });

  await checkPageStayedClean(check, browser);
}

export const journey = { name: 'agent', run };
if (isMain(import.meta.url)) await runJourneys([journey]);
