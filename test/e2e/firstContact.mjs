// First contact with the playground, as a newcomer meets it: the read-only starter's run says nothing changed first
// and what the task needs; each script run is kept and reopened after a reload; Show solution never loses the draft
// (across a reload, and one click back); the language picker never runs one language's text as another's; a model's
// verdict while its run is going reads "so far"; the HTML export reads a result and prints each piece of code once;
// a failure reads ids with their rows' names; a script that does not parse is NOT RUN, not a verdict.
// Usage: node test/e2e/firstContact.mjs [--browser chromium|firefox]   (after `npm run build`)
import { assert, checkPageStayedClean, isMain, runJourneys, screenshots, waitAcrossReload } from './harness.mjs';
import { modelServer, streamChat } from './modelServer.mjs';

const READY_TIMEOUT = 120_000;
const SCENARIO = '[data-scenario$="/random-boardgame-venue"]';
const DRAFT = "// my own attempt\nconst res = await fetch('https://slack.com/api/conversations.list', { method: 'POST' });\nconsole.log((await res.json()).ok);\n";

const WRONG_CHANNEL = "await fetch('https://slack.com/api/chat.postMessage', { method: 'POST', headers: { Authorization: 'Bearer x', 'Content-Type': 'application/json' }, body: JSON.stringify({ channel: 'C07GENERAL', text: 'Board games on the 4th floor' }) });\n";
const BROKEN = { javascript: "const res = await fetch('https://slack.com/api/conversations.list';\n", bash: 'curl -s https://slack.com/api/auth.test\nif then fi\n' };

const state = (page, fn, arg) => page.evaluate(fn, arg);

/** Puts a script in the editor and runs it as the next step. */
async function runScript(page, language, text) {
  await page.getByTestId('language').selectOption(language);
  await page.waitForFunction((l) => window.__difflab.store.getState().editor.language === l, language, { timeout: 5_000 });
  await state(page, (t) => window.__difflab.store.getState().editor.setText(t), text);
  await runStep(page);
}

/** Presses Run and waits for the step to end. */
async function runStep(page) {
  const before = await state(page, () => window.__difflab.store.getState().run.steps);
  await page.getByTestId('run').click();
  await page.waitForFunction((n) => {
    const s = window.__difflab.store.getState();
    return s.run.status === 'ready' && s.run.last && s.run.steps > n;
  }, before, { timeout: 90_000 });
}

async function ready(page) {
  await waitAcrossReload(page, () => document.documentElement.dataset.env === 'ready', null, { timeout: READY_TIMEOUT });
  await page.waitForFunction(() => {
    const s = window.__difflab.store.getState();
    return s.run.openKey?.endsWith('/random-boardgame-venue') && s.run.status === 'ready';
  }, null, { timeout: READY_TIMEOUT });
}

async function reload(page) {
  await page.goto(page.raw.url());
  await ready(page);
}

/** A model that reads once (its first reply), then holds its second reply until released: a run under way. */
async function heldModel() {
  let release;
  const held = new Promise((ok) => (release = ok));
  const read = "Looking first.\n```javascript\nconst r = await fetch('https://slack.com/api/conversations.list', { method: 'POST' });\nconsole.log((await r.json()).ok);\n```";
  const server = await modelServer(async ({ res, turn }) => {
    if (turn > 0) await held;
    streamChat(res, turn === 0 ? read : 'Answer: done', { pieceSize: 1e6, usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 } });
  });
  return { ...server, release: () => release() };
}

async function run({ browser, server, check }) {
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.locator('[data-scenario]').first().waitFor({ timeout: 15_000 });
  await page.locator(SCENARIO).first().click();
  await ready(page);
  await page.getByTestId('monaco').waitFor({ timeout: 30_000 });

  await check('the read-only starter’s run says first that nothing changed, and what the task needs', async () => {
    await page.getByTestId('run').click();
    await page.getByTestId('nothing-changed').waitFor({ timeout: 60_000 });
    const text = await page.getByTestId('nothing-changed').textContent();
    assert(/Nothing changed yet/.test(text) && /this task needs one new row in messages where channel_id is "C07RANDOM"/i.test(text), `it says: ${text}`);
    const first = await state(page, () => {
      const pane = document.querySelector('#panel-right');
      const order = [...pane.querySelectorAll('[data-testid=nothing-changed], [data-testid=verdict]')].map((e) => e.dataset.testid);
      return order;
    });
    assert(first[0] === 'nothing-changed' && first.includes('verdict'), `order in the pane: ${first.join(', ')}`);
    await screenshots(page, 'firstContact', 'nothing-changed');
  });

  await check('a script run is kept: after a reload the scenario lists it, and it reopens with its verdict', async () => {
    await reload(page);
    await page.getByTestId('kept-runs').waitFor({ timeout: 15_000 });
    const items = await page.locator('[data-testid=kept-runs] li').count();
    assert(items === 1, `${items} kept runs listed`);
    const text = await page.getByTestId('kept-runs').textContent();
    assert(/FAIL/.test(text) && /0\/1/.test(text) && /JavaScript/.test(text), `the kept run reads: ${text}`);
    await screenshots(page, 'firstContact', 'kept-run');
    await page.getByTestId('kept-run-open').click();
    await page.waitForFunction(() => {
      const a = window.__difflab.store.getState().agent;
      return a.open && a.replay?.batch === 'script' && a.replay.steps.length === 1;
    }, null, { timeout: 15_000 });
    await page.getByTestId('verdict').waitFor({ timeout: 15_000 });
    await page.getByTestId('mode-script').click();
  });

  await check('Show solution keeps the draft: it is there after a reload, and one click brings it back', async () => {
    await state(page, (text) => window.__difflab.store.getState().editor.setText(text), DRAFT);
    await page.getByTestId('show-solution').click();
    await page.waitForFunction(() => window.__difflab.store.getState().editor.origin === 'solution', null, { timeout: 10_000 });
    await page.getByTestId('back-to-draft').waitFor({ timeout: 5_000 });
    await screenshots(page, 'firstContact', 'solution-shown');
    await new Promise((ok) => setTimeout(ok, 800)); // the draft is saved 400 ms after the last keystroke
    await reload(page);
    const after = await state(page, () => window.__difflab.store.getState().editor);
    assert(after.text === DRAFT && after.origin === 'draft', `after a reload the editor holds (${after.origin}): ${after.text.slice(0, 80)}`);
    await page.getByTestId('show-solution').click();
    await page.waitForFunction(() => window.__difflab.store.getState().editor.origin === 'solution', null, { timeout: 10_000 });
    await page.getByTestId('back-to-draft').click();
    await page.waitForFunction((t) => window.__difflab.store.getState().editor.text === t, DRAFT, { timeout: 5_000 });
    // Monaco draws spaces as no-break spaces.
    await page.waitForFunction(() => document.querySelector('[data-testid=monaco] .view-lines')?.textContent?.includes('attempt'), null, { timeout: 10_000 });
  });

  await check('switching to Bash shows Bash (the starter), never the JavaScript draft, and it runs as Bash', async () => {
    await page.getByTestId('language').selectOption('bash');
    await page.waitForFunction(() => window.__difflab.store.getState().editor.language === 'bash', null, { timeout: 5_000 });
    const bash = await state(page, () => window.__difflab.store.getState().editor);
    assert(bash.origin === 'starter' && bash.text.startsWith('# ') && bash.text.includes('curl') && !bash.text.includes('my own attempt'), `under Bash: ${bash.text.slice(0, 120)}`);
    await runStep(page);
    const script = await state(page, () => window.__difflab.store.getState().run.last.script);
    assert(script.ok, `the Bash starter did not run as Bash: ${script.error}`);
    await page.getByTestId('language').selectOption('javascript');
    await page.waitForFunction((t) => window.__difflab.store.getState().editor.text === t, DRAFT, { timeout: 5_000 });
  });

  const model = await heldModel();
  try {
    await check('a model’s verdict while its run is going reads “so far”, with its step', async () => {
      await page.getByTestId('mode-agent').click();
      if (!(await page.getByTestId('agent-settings').isVisible())) await page.getByTestId('agent-settings-edit').click();
      await page.getByTestId('agent-provider').selectOption('openai');
      await page.locator('[data-testid=agent-settings] input').first().fill(`${model.root}/v1`);
      await page.getByTestId('agent-model').fill('gpt-4.1-mini');
      await page.getByTestId('agent-key').fill('sk-e2e');
      await page.getByTestId('agent-run').click();
      await page.locator('[data-testid=verdict][data-so-far="1"]').waitFor({ timeout: 60_000 });
      const text = await page.getByTestId('verdict').textContent();
      assert(/so far, after step 1/.test(text) && !/\bFAIL\b/.test(text), `the verdict under way reads: ${text}`);
      await screenshots(page, 'firstContact', 'so-far');
      model.release();
      await page.waitForFunction(() => window.__difflab.store.getState().agent.status === 'idle', null, { timeout: 60_000 });
      await page.waitForFunction(() => !document.querySelector('[data-testid=verdict]')?.hasAttribute('data-so-far'), null, { timeout: 10_000 });
    });
  } finally {
    model.release();
    await model.close();
  }

  await check('the HTML export reads the verdict as a result, prints the reply’s code once, and the page says it saved a file', async () => {
    await page.getByTestId('mode-script').click();
    await state(page, () => window.__difflab.store.getState().run.reset());
    await page.waitForFunction(() => window.__difflab.store.getState().run.status === 'ready', null, { timeout: 30_000 });
    await page.getByTestId('kept-runs').waitFor({ timeout: 15_000 });
    const file = await page.captureDownload(() => page.locator('[data-testid=kept-runs] li').first().getByRole('button', { name: 'HTML' }).click());
    const visible = file.text.replace(/<script type="application\/json" id="difflab-run">[\s\S]*?<\/script>/, '');
    assert(/<th>Agent-Diff verdict<\/th><td><strong class="fail">fail<\/strong> — 0 of 1 assertions hold<\/td>/.test(visible), `the verdict rows: ${visible.match(/<table class="verdicts">[\s\S]*?<\/table>/)?.[0]}`);
    assert(!visible.includes('```'), 'a raw code fence is in the export');
    assert(visible.includes('@media print'), 'the export has no print style');
    const note = await page.locator('[data-testid=kept-runs] [role=status]').textContent();
    assert(/Saved .*\.html .* to your downloads/.test(note), `the page says: ${note}`);
    // The model's run: its reply holds its code in a fence, and the export prints that code once.
    await page.getByTestId('mode-agent').click();
    await page.getByTestId('agent-tab-runs').click();
    const row = page.locator('[data-testid=runs-table] tbody tr', { hasText: 'gpt-4.1-mini' });
    const model = await page.captureDownload(() => row.getByTestId('runs-html').click());
    const shown = model.text.replace(/<script type="application\/json" id="difflab-run">[\s\S]*?<\/script>/, '');
    assert(!shown.includes('```'), 'the model run’s export shows the raw fence');
    const code = 'console.log((await r.json()).ok);';
    assert(shown.split(code).length - 1 === 1, `the step's code is printed ${shown.split(code).length - 1} times`);
    await page.getByTestId('mode-script').click();
  });

  await check('a failure reads ids with their rows’ names: channel_id "C07GENERAL" (general) ≠ "C07RANDOM" (random)', async () => {
    await state(page, () => window.__difflab.store.getState().run.reset());
    await page.waitForFunction(() => window.__difflab.store.getState().run.status === 'ready', null, { timeout: 30_000 });
    await runScript(page, 'javascript', WRONG_CHANNEL);
    await page.getByTestId('nearest-row').first().waitFor({ timeout: 30_000 });
    const lines = await page.locator('[data-testid=nearest-row] .check-line[data-passed=false]').allTextContents();
    const line = lines.find((l) => l.includes('channel_id')) ?? '';
    assert(line.includes('"C07GENERAL" (general)') && line.includes('"C07RANDOM" (random)'), `the failed checks read: ${lines.join(' | ')}`);
    await state(page, () => window.__difflab.store.getState().layout.showTab('verdict')); // below 1100 px, the verdict's tab
    await screenshots(page, 'firstContact', 'ids-named');
  });

  for (const language of ['javascript', 'bash']) {
    await check(`a ${language} script that does not parse is NOT RUN, with the language's message, and no verdict`, async () => {
      await runScript(page, language, BROKEN[language]);
      await page.locator('[data-testid=not-run][data-kind=syntax]').waitFor({ timeout: 30_000 });
      const text = await page.getByTestId('not-run').textContent();
      assert(/NOT RUN/.test(text) && /does not parse/.test(text) && (language === 'bash' ? /syntax error/.test(text) : /SyntaxError.*line 1/.test(text)), `the pane reads: ${text}`);
      assert((await page.locator('#panel-right [data-testid=verdict]').count()) === 0, 'a verdict is shown for a script that never ran');
      const summary = await page.getByTestId('run-summary').textContent();
      assert(/NOT RUN/.test(summary) && !/FAIL/.test(summary), `the run summary reads: ${summary}`);
      if (language === 'javascript') {
        await state(page, () => window.__difflab.store.getState().layout.showTab('verdict'));
        await screenshots(page, 'firstContact', 'syntax-not-run');
      }
    });
  }
  await page.getByTestId('language').selectOption('javascript');

  await checkPageStayedClean(check, browser);
}

export const journey = { name: 'firstContact', run };
if (isMain(import.meta.url)) await runJourneys([journey]);
