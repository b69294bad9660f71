// End-to-end check of the scenario studio in the built site: author assertions by clicking the diff, lint the
// draft in the page, share the script by link and open it, and see an injected rate limit from a script.
// Usage: node test/e2e/studio.mjs [--browser chromium|firefox]   (after `npm run build`)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { assert, checkPageStayedClean, isMain, root, runJourneys, waitAcrossReload } from './harness.mjs';

const READY_TIMEOUT = 180_000;

const suite = JSON.parse(await readFile(path.join(root, 'scenarios/slack/suite.json'), 'utf8'));
const test = suite.tests.find((t) => t.id === 'random-boardgame-venue');
const key = `${suite.id}/${test.id}`;
const solution = await readFile(path.join(root, 'scenarios/slack', test.solution), 'utf8');

async function run({ browser, server, check }) {
  const page = await browser.newPage();
  const ready = () => page.waitForFunction((k) => {
    const s = window.__difflab.store.getState();
    return s.run.openKey === k && s.run.status === 'ready';
  }, key, { timeout: READY_TIMEOUT });

  await check('the reference solution runs and the studio turns clicked diff fields into a passing assertion', async () => {
    await page.goto(server.url);
    await waitAcrossReload(page, () => document.documentElement.dataset.env === 'ready', null, { timeout: READY_TIMEOUT });
    await page.evaluate((k) => window.__difflab.store.getState().catalog.select(k), key);
    await ready();
    await page.evaluate((text) => window.__difflab.store.getState().editor.setText(text), solution);
    await page.getByTestId('run').click();
    await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
    await page.getByTestId('studio-toggle').click();
    await page.getByTestId('field-insert-0-channel_id').click();
    await page.getByTestId('field-insert-0-user_id').click();
    const spec = JSON.parse(await page.getByTestId('studio-spec').inputValue());
    assert(spec.assertions.length === 1, `assertions: ${JSON.stringify(spec)}`);
    assert(JSON.stringify(spec.assertions[0].where) === JSON.stringify({ channel_id: { eq: 'C07RANDOM' }, user_id: { eq: 'U07BEACON' } }), `where: ${JSON.stringify(spec.assertions[0].where)}`);
    const live = await page.getByTestId('studio-live').textContent();
    assert(live?.startsWith('Passes'), `live verdict: ${live}`);
  });

  await check('a hand edit with a typo names its JSON path at once', async () => {
    await page.getByTestId('studio-spec').fill('{"assertions":[{"diff_type":"added","entity":"messages","where":{"channel_id":{"eqq":"C07RANDOM"}}}]}');
    const issues = await page.getByTestId('studio-issues').textContent();
    assert(issues?.includes('$.assertions[0].where.channel_id.eqq'), `issues: ${issues}`);
    await page.getByTestId('field-insert-0-channel_id').click();
    await page.getByTestId('field-insert-0-channel_id').click();
  });

  await check('Lint runs the solution and the empty script in the page and gives a mutation score', async () => {
    await page.getByTestId('studio-prompt').fill('Tell #random that board games moved to the 4th floor.');
    await page.getByTestId('studio-lint-button').click();
    await page.getByTestId('studio-lint').waitFor({ timeout: 120_000 });
    const text = await page.getByTestId('studio-lint').textContent();
    assert(/mutation score \d+\.\d%/.test(text ?? ''), `lint: ${text}`);
    // The reference passes, the empty script fails and the prompt names no id: no problem to report.
    assert(text?.includes('Sound'), `lint: ${text}`);
  });

  await check('Lint open scenario lints the catalog scenario with its reference solution', async () => {
    await page.getByTestId('studio-lint-open').click();
    await page.waitForFunction(() => window.__difflab.store.getState().studio.lint.status === 'done', null, { timeout: 120_000 });
    const report = await page.evaluate(() => window.__difflab.store.getState().studio.lint.report);
    assert(report.id === 'random-boardgame-venue' && report.referencePassed && report.emptyFailed && report.score.total > 0, JSON.stringify(report).slice(0, 400));
  });

  await check('a form call runs as a step and is added to the script', async () => {
    await page.evaluate(() => window.__difflab.store.getState().editor.setText(''));
    await page.getByTestId('studio-call').locator('textarea').fill('{"channel": "C07RANDOM", "text": "posted from the form"}');
    await page.getByRole('button', { name: 'Call now (adds it to the script)' }).click();
    await page.waitForFunction(() => {
      const s = window.__difflab.store.getState();
      return s.editor.text.includes('chat.postMessage') && s.run.status === 'ready' && s.run.last?.runDiff.inserts.some((r) => r.message_text === 'posted from the form');
    }, null, { timeout: 60_000 });
  });

  await check('a script permalink opens the playground with that script', async () => {
    await page.evaluate(() => window.__difflab.store.getState().editor.setText('console.log("shared " + 42)'));
    await page.locator('summary', { hasText: 'Share' }).click();
    await page.getByTestId('share-script').click();
    const link = await page.getByTestId('share-link').inputValue();
    assert(link.includes('#share=v1.'), `link: ${link}`);
    const other = await browser.newPage();
    await other.goto(link);
    await other.waitForFunction(() => window.__difflab?.store.getState().editor.text === 'console.log("shared " + 42)', null, { timeout: 30_000 });
    await other.close();
  });

  await check('a scenario-draft permalink opens with the scenario in the catalog and its script in the editor', async () => {
    await page.getByRole('button', { name: 'Link to scenario draft' }).click();
    // The note names what the link holds; the previous check left a script link in the field.
    await page.waitForFunction(() => document.querySelector('[data-testid=share-link]')?.value.includes('#share=v1.') && document.querySelector('[data-testid=studio-share]')?.textContent.includes('Link to this scenario'), null, { timeout: 10_000 }).catch(async () => {
      throw new Error(`no scenario link: ${await page.getByTestId('studio-share').textContent()}`);
    });
    const link = await page.getByTestId('share-link').inputValue();
    const script = await page.evaluate(() => window.__difflab.store.getState().editor.text);
    const other = await browser.newPage();
    await other.goto(link);
    await other.waitForFunction(() => {
      const s = window.__difflab?.store.getState();
      return s?.catalog.entries.some((e) => e.key === 'studio-my-scenario/my-scenario');
    }, null, { timeout: 60_000 });
    await other.waitForFunction((t) => window.__difflab.store.getState().editor.text === t, script, { timeout: 30_000 });
    const prompt = await other.evaluate(() => window.__difflab.store.getState().catalog.entries.find((e) => e.key === 'studio-my-scenario/my-scenario').scenario.prompt);
    assert(prompt === 'Tell #random that board games moved to the 4th floor.', `prompt: ${prompt}`);
    await other.close();
  });

  await check('an injected rate limit reaches the script as Slack’s 429 with Retry-After', async () => {
    await page.locator('summary', { hasText: 'Fault injection' }).click();
    await page.getByLabel('rate limit every N requests').fill('1');
    await page.waitForFunction(() => window.__difflab.store.getState().studio.faults.rateLimit?.every === 1);
    await page.evaluate(() =>
      window.__difflab.store.getState().editor.setText(
        "const r = await fetch('https://slack.com/api/auth.test', { method: 'POST', headers: { Authorization: 'Bearer x' } });\nconsole.log(r.status, r.headers.get('retry-after'), (await r.json()).error);",
      ),
    );
    await page.getByTestId('run').click();
    await page.waitForFunction(() => window.__difflab.store.getState().run.console.some((c) => c.text.startsWith('429')), null, { timeout: 60_000 });
    const line = await page.evaluate(() => window.__difflab.store.getState().run.console.map((c) => c.text).join('\n'));
    assert(line.includes('429 1 ratelimited'), `console: ${line}`);
    assert((await page.getByTestId('studio-toggle').textContent())?.includes('faults on'), 'the toggle does not say faults are on');
  });

  await check('a human attempt is stored with the saved runs as a human run record, with its faults', async () => {
    await page.locator('summary', { hasText: 'Human baseline' }).click();
    await page.getByTestId('human-start').click();
    await page.waitForFunction(() => window.__difflab.store.getState().studio.human && window.__difflab.store.getState().run.status === 'ready' && window.__difflab.store.getState().run.steps === 0, null, { timeout: 30_000 });
    await page.getByTestId('run').click();
    await page.waitForFunction(() => window.__difflab.store.getState().run.steps === 1 && window.__difflab.store.getState().run.status === 'ready', null, { timeout: 60_000 });
    await page.getByRole('button', { name: 'Finish and grade' }).click();
    await page.waitForFunction(() => window.__difflab.store.getState().agent.history.some((r) => r.model.protocol === 'human' && r.human), null, { timeout: 30_000 });
    const record = await page.evaluate(() => window.__difflab.store.getState().agent.history.find((r) => r.model.protocol === 'human' && r.human));
    assert(record.format === 'difflab-agent-run/1' && record.human.budget === 15 && record.steps.length === 1, `record: ${JSON.stringify({ human: record.human, steps: record.steps.length })}`);
    assert(record.faults?.rateLimit?.every === 1, `faults: ${JSON.stringify(record.faults)}`);
    assert(record.steps[0].actions[0].observation.includes('429 1 ratelimited'), `observation: ${record.steps[0].actions[0].observation}`);
    assert((await page.getByTestId('studio-human').textContent()).includes('0/1 human attempts passed'), 'the studio does not summarise the attempt');
  });

  await checkPageStayedClean(check, browser);
}

export const journey = { name: 'studio', run };
if (isMain(import.meta.url)) await runJourneys([journey]);
