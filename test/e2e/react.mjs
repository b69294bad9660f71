// End-to-end test of the Agent-Diff ReAct protocol in the built site: import Agent-Diff's published suites, seeds
// and docs files (read from ../shared/agent-diff/, never committed) and a scripted model's replies file that this
// test writes at run time from DiffLab's own ReAct replies (test/fixtures/react/<suite>.json, Bash actions with curl
// and jq), then run a batch of ≥ 10 tasks of each service with the replies model in ReAct mode and check that every
// verdict passes. A malformed replies file is refused with the JSON path of each problem.
// Usage: node test/e2e/react.mjs [--browser chromium|firefox]   (after `npm run build`; skipped without ../shared/agent-diff)
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { assert, checkPageStayedClean, isMain, root, runJourneys, screenshots, waitAcrossReload } from './harness.mjs';

const READY_TIMEOUT = 120_000;
const shared = path.resolve(root, '../shared/agent-diff');
const fixtures = path.join(root, 'test/fixtures/react');
const REPLIES = 'react-e2e.replies';

const json = (name, value) => ({ name, mimeType: 'application/json', buffer: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)) });

/** The files a person would pick: suites, seeds and docs as published, and one replies file keyed `<suite>/<test id>`. */
async function filesToImport() {
  const suites = (await readdir(fixtures)).filter((f) => f.endsWith('.json'));
  const files = [];
  const replies = {};
  const wanted = {};
  for (const file of suites) {
    const text = await readFile(path.join(shared, 'testsuites', file), 'utf8');
    const suite = JSON.parse(text);
    files.push(json(file, text));
    const own = JSON.parse(await readFile(path.join(fixtures, file), 'utf8'));
    // The catalog keys an Agent-Diff suite's tests by its name: one file can then script suites that share ids.
    for (const [id, turns] of Object.entries(own)) replies[`${suite.id ?? suite.name}/${id}`] = turns;
    wanted[suite.service] = Object.keys(own).length;
  }
  for (const dir of ['seeds', 'docs']) {
    for (const file of (await readdir(path.join(shared, dir))).filter((f) => f.endsWith('.json'))) files.push(json(file, await readFile(path.join(shared, dir, file), 'utf8')));
  }
  files.push(json(`${REPLIES}.json`, replies));
  return { files, wanted, total: Object.keys(replies).length };
}

async function run({ browser, server, check, skip }) {
  if (!existsSync(shared)) return skip('the ReAct journey', `no ${shared}`);
  const page = await browser.newPage();
  const { files, wanted, total } = await filesToImport();

  await check('the page is ready', async () => {
    await page.goto(server.url);
    await waitAcrossReload(page, () => document.documentElement.dataset.env === 'ready', null, { timeout: READY_TIMEOUT });
  });

  await check('a malformed replies file is refused with the JSON path of each problem', async () => {
    await page.getByTestId('import-input').setInputFiles(json('broken.replies.json', { test_1: 'one reply', test_2: ['<done>ok</done>', 7] }));
    const reports = page.getByTestId('import-reports');
    await reports.waitFor({ timeout: 10_000 });
    const text = await reports.textContent();
    assert(text?.includes('$["test_1"]') && text.includes('wrap it in [ ]') && text.includes('$["test_2"][1]'), `import report: ${text}`);
    assert((await page.evaluate(() => window.__difflab.store.getState().catalog.replySets.length)) === 0, 'a malformed replies file was kept');
  });

  await check('Agent-Diff suites, seeds, docs files and a replies file import together', async () => {
    await page.getByTestId('import-input').setInputFiles(files);
    await page.waitForFunction(() => {
      const c = window.__difflab.store.getState().catalog;
      return !c.importing && c.replySets.length === 1;
    }, null, { timeout: 120_000 });
    const state = await page.evaluate(() => {
      const c = window.__difflab.store.getState().catalog;
      return { failed: c.reports.filter((r) => !r.ok).map((r) => `${r.file}: ${r.summary}`), docs: Object.keys(c.agentDiffDocs).sort(), kinds: c.reports.map((r) => r.kind) };
    });
    assert(state.failed.length === 0, `not loaded: ${state.failed.join('; ')}`);
    assert(state.docs.join() === 'box,calendar,linear,slack', `docs of ${state.docs.join()}`);
    assert(state.kinds.filter((k) => k === 'replies').length === 1, `reports: ${state.kinds.join()}`);
    await page.getByLabel('Dismiss import results').click();
  });

  await check('picking "Scripted: replies" chooses the imported file and the ReAct protocol; docs: relevant uses Agent-Diff\'s docs', async () => {
    await page.getByTestId('mode-agent').click();
    await page.getByTestId('agent-panel').waitFor({ timeout: 10_000 });
    if (!(await page.getByTestId('agent-settings').isVisible())) await page.getByTestId('agent-settings-edit').click();
    await page.getByTestId('agent-provider').selectOption('replies');
    await page.getByTestId('agent-replies-file').waitFor({ timeout: 5000 });
    await page.getByTestId('agent-docs').selectOption('relevant');
    const settings = await page.evaluate(() => window.__difflab.store.getState().agent.settings);
    assert(settings.repliesFile === REPLIES && settings.mode === 'react' && settings.maxIterations === 25, `settings: ${JSON.stringify(settings)}`);
    assert((await page.getByTestId('agent-docs-source').textContent())?.includes('slack'), 'the docs source is not shown');
    await screenshots(page, 'react', 'settings');
    await page.getByTestId('agent-settings-edit').click();
  });

  await check(`a batch of the scripted tasks (${Object.entries(wanted).map(([s, n]) => `${n} ${s}`).join(', ')}) runs in ReAct mode and every verdict passes`, async () => {
    await page.getByTestId('agent-tab-batch').click();
    await page.getByLabel('Trials').fill('1');
    await page.getByTestId('batch-concurrency').fill('4');
    await page.getByTestId('batch-run').click();
    await page.waitForFunction(() => {
      const a = window.__difflab.store.getState().agent;
      return a.status === 'idle' && !a.batch.running && a.batch.done > 0;
    }, null, { timeout: 300_000 });
    const out = await page.evaluate(() => {
      const a = window.__difflab.store.getState().agent;
      const records = a.history.filter((r) => r.batch === a.batch.name);
      return {
        error: a.error,
        total: a.batch.total,
        records: records.map((r) => ({
          id: `${r.scenario.suite}/${r.scenario.id}`,
          services: r.scenario.services,
          passed: r.verdict.passed,
          mode: r.settings.mode,
          kinds: [...new Set(r.steps.flatMap((s) => s.actions.map((x) => x.kind)))],
          // Agent-Diff's docs entries show their parameters as JSON blocks (the route tables' docs have none).
          docs: r.settings.docs === 'relevant' && r.system.includes('```json'),
          why: r.verdict.passed ? '' : `${JSON.stringify(r.verdict.failures).slice(0, 300)} ${r.steps.flatMap((s) => s.actions.map((x) => x.observation)).join(' | ').slice(0, 400)}`,
        })),
      };
    });
    assert(!out.error, `batch error: ${out.error}`);
    assert(out.records.length === total && out.total === total, `${out.records.length} records of ${total} scripted tasks (batch total ${out.total})`);
    const failed = out.records.filter((r) => !r.passed);
    assert(failed.length === 0, `failed: ${failed.map((r) => `${r.id}: ${r.why}`).join('\n')}`);
    for (const [service, n] of Object.entries(wanted)) {
      const passed = out.records.filter((r) => r.services.includes(service) && r.passed).length;
      assert(passed >= 10 && passed === n, `${service}: ${passed} of ${n} passed`);
    }
    assert(out.records.every((r) => r.mode === 'react' && r.kinds.join() === 'bash'), `modes/actions: ${JSON.stringify(out.records.map((r) => [r.id, r.mode, r.kinds]))}`);
    assert(out.records.every((r) => r.docs), `without Agent-Diff's relevant docs: ${out.records.filter((r) => !r.docs).map((r) => r.id).join(', ')}`);
    console.log(`    ${out.records.length} ReAct runs passed`);
  });
  await screenshots(page, 'react', 'batch');
  await checkPageStayedClean(check, browser);
}

export const journey = { name: 'react', run };
if (isMain(import.meta.url)) await runJourneys([journey]);
