// End-to-end test of Agent-Diff's recorded runs in the built site: import a results file with the suite and seed it
// was recorded on (read from ../shared/agent-diff/results/ at test time, never copied), open a passing and a
// failing run, see their recorded steps and verdict, Re-execute each against the page's Linear replica and see the
// replayed outputs beside the recorded ones and DiffLab's verdict equal to the recorded one.
// Usage: node test/e2e/recordedRuns.mjs [--browser chromium|firefox]   (after `npm run build`)
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { assert, checkPageStayedClean, isMain, root, runJourneys, screenshots, waitAcrossReload } from './harness.mjs';

const RESULTS = path.join(root, '..', 'shared', 'agent-diff', 'results');
const READY_TIMEOUT = 120_000;
// Each step starts a Python sandbox in the page: seconds each, much longer on a machine whose cores are busy.
const REPLAY_TIMEOUT = 480_000;

/** The smallest results file, so that the list is short and its runs load fast. */
function resultsFile() {
  if (!existsSync(path.join(RESULTS, 'linear_bench.recorded.json'))) return null;
  const files = readdirSync(RESULTS).filter((f) => f.startsWith('evaluation_results_'));
  return files.sort((a, b) => a.length - b.length || a.localeCompare(b)).find((f) => f.includes('qwen')) ?? files.sort()[0] ?? null;
}

async function file(name) {
  return { name, mimeType: 'application/json', buffer: await readFile(path.join(RESULTS, name)) };
}

async function run({ browser, server, check, skip }) {
  const results = resultsFile();
  if (!results) {
    skip('recorded runs', `no Agent-Diff results in ${RESULTS}`);
    return;
  }
  const page = await browser.newPage();

  await check('the page loads and the environment is ready', async () => {
    await page.goto(server.url);
    await waitAcrossReload(page, () => document.documentElement.dataset.env === 'ready', null, { timeout: READY_TIMEOUT });
  });

  await check('Import… takes a results file with its suite and seed and lists its runs', async () => {
    await page.getByTestId('import-input').setInputFiles([await file(results), await file('linear_bench.recorded.json'), await file('linear_default.recorded.json')]);
    await page.getByTestId('recorded-runs').waitFor({ timeout: 60_000 });
    const reports = await page.getByTestId('import-reports').textContent();
    assert(/Agent-Diff results: \d+ recorded runs/.test(reports ?? ''), `import reports: ${reports}`);
    assert(reports?.includes('seed "linear_default"'), `the seed is not reported as linear_default: ${reports}`);
    const count = await page.locator('[data-testid=recorded-item]').count();
    assert(count > 5, `${count} runs listed`);
  });

  for (const passed of [true, false]) {
    const word = passed ? 'passing' : 'failing';
    await check(`a ${word} run shows its recorded steps and verdict; Re-execute gives the same verdict, outputs side by side`, async () => {
      // The replayable run of that verdict with the fewest steps, more than one (ids copied between steps).
      const index = await page.evaluate((want) => {
        const items = [...document.querySelectorAll('[data-testid=recorded-item]')];
        const fit = items
          .map((e, i) => ({ i, steps: Number(e.getAttribute('data-steps')), ok: e.getAttribute('data-passed') === String(want) && e.getAttribute('data-replayable') === 'true' }))
          .filter((x) => x.ok && x.steps > 1)
          .sort((a, b) => a.steps - b.steps);
        return fit[0]?.i ?? -1;
      }, passed);
      assert(index >= 0, `no replayable ${word} run in ${results}`);
      await page.locator('[data-testid=recorded-item]').nth(index).click();
      const detail = page.getByTestId('recorded-detail');
      const verdicts = await page.getByTestId('recorded-verdicts').textContent();
      assert(verdicts?.includes(`Recorded: ${passed ? 'passed' : 'failed'}`), `recorded verdict: ${verdicts}`);
      const steps = await detail.locator('[data-testid=recorded-step]').count();
      assert(steps > 0, 'no steps shown');
      assert((await detail.locator('[data-testid=recorded-output]').count()) === steps, 'a step without its recorded output');
      await page.getByTestId('re-execute').click();
      await page.waitForFunction(() => document.querySelector('[data-testid=replay-agreement]') || document.querySelector('[data-testid=replayed-verdict] [role=alert]'), null, { timeout: REPLAY_TIMEOUT });
      await screenshots(page, 'recorded', word);
      const replayed = await page.getByTestId('replayed-verdict').textContent();
      assert(replayed?.includes(`DiffLab: ${passed ? 'passed' : 'failed'}`), `DiffLab's verdict: ${replayed}`);
      assert(replayed?.includes('agrees with the recording'), replayed);
      const outputs = await detail.locator('[data-testid=replayed-output]').allTextContents();
      const recorded = await detail.locator('[data-testid=recorded-output]').allTextContents();
      assert(outputs.length === steps, `${outputs.length} replayed outputs for ${steps} steps`);
      // A step whose model saw output printed something when replayed too (Agent-Diff's executor answered a
      // script that printed nothing with "Code executed successfully (no output)").
      const printed = (o) => o.trim() !== '' && o !== '(empty)' && !/\(no output\)$/.test(o.trim());
      const silent = recorded.map((r, i) => [r, outputs[i]]).filter(([r, o]) => printed(r) && !printed(o));
      assert(!silent.length, `steps that printed when recorded but not when replayed: ${JSON.stringify(silent)}`);
    });
  }

  await checkPageStayedClean(check, browser);
}

export const journey = { name: 'recorded runs', run };

if (isMain(import.meta.url)) await runJourneys([journey]);
