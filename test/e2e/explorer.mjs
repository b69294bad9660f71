// End-to-end journey for the results explorer (issue 18), at 1440×900 and 1024×768: a small page batch with the
// scripted reference model; a results cell opens the runs behind it; the runs are filtered; two runs of one scenario
// side by side with the first divergent step marked and in view (geometry: inside the viewport, no sideways
// overflow); a run opens in the run viewer at that step; a `difflab eval` results file, made here with the reference
// model, is imported and its runs opened and compared.
// Usage: node test/e2e/explorer.mjs [--browser chromium|firefox]   (after `npm run build`)
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { assert, checkPageStayedClean, isMain, root, runJourneys, screenshots, settle, sizes, waitAcrossReload } from './harness.mjs';

const READY_TIMEOUT = 120_000;
const SCENARIO = 'slack-core/random-boardgame-venue';
const store = (page, fn, arg) => page.evaluate(fn, arg);

let evalFile;
/** A results file of `difflab eval` with the reference model (made once per process, shared by both browsers). */
function evalResults() {
  evalFile ??= (async () => {
    const out = path.join(await mkdtemp(path.join(tmpdir(), 'difflab-explorer-')), 'results.jsonl');
    await promisify(execFile)(process.execPath, ['bin/difflab.mjs', 'eval', '--suite', 'slack', '--filter', 'random-boardgame', '--provider', 'reference', '--trials', '1', '--batch', 'e2e eval', '--out', out], { cwd: root });
    return { name: 'results.jsonl', buffer: await readFile(out) };
  })();
  return evalFile;
}

/** Visible chips and badges that do not name a glossary entry with a description (as teach.mjs checks). */
function chipProblems(page, scope) {
  return page.evaluate((sel) =>
    [...document.querySelectorAll(`${sel} :is(.chip, .badge)`)]
      .filter((e) => e.getClientRects().length > 0)
      .flatMap((e) => {
        const term = e.getAttribute('data-term');
        const described = e.getAttribute('aria-describedby');
        const text = described ? document.getElementById(described)?.textContent?.trim() : '';
        return term && text ? [] : [`${e.className} “${(e.textContent ?? '').trim().slice(0, 30)}” term=${term}`];
      }),
  scope);
}

/** Elements under `scope` whose content is wider than their box, and whether the page scrolls sideways. */
function overflow(page, scope) {
  return page.evaluate((sel) => {
    const root = document.querySelector(sel);
    const wide = [root, ...root.querySelectorAll('*')]
      .filter((e) => e.getClientRects().length > 0 && e.clientWidth > 0 && !e.closest('.visually-hidden') && e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} ${e.scrollWidth} > ${e.clientWidth}`);
    const r = root.getBoundingClientRect();
    const body = root.closest('.agent-body');
    return { wide, sideways: document.documentElement.scrollWidth > innerWidth + 1, bodyWide: body ? body.scrollWidth > body.clientWidth + 1 : false, right: r.right, innerWidth };
  }, scope);
}

/** The element's box against the viewport. */
function box(locator) {
  return locator.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { inside: r.width > 0 && r.top >= 0 && r.left >= 0 && r.right <= innerWidth + 0.5 && r.top < innerHeight && r.bottom <= innerHeight + 0.5, box: [r.left, r.top, r.right, r.bottom].map(Math.round), viewport: [innerWidth, innerHeight] };
  });
}

const rowIds = (page) => page.locator('[data-testid=explorer-runs] tbody tr').evaluateAll((rows) => rows.map((r) => r.dataset.run));

async function run({ browser, server, check }) {
  const results = evalResults();
  const page = await browser.newPage();
  await page.goto(server.url);
  await waitAcrossReload(page, () => document.documentElement.dataset.env === 'ready', null, { timeout: READY_TIMEOUT });
  await page.locator(`[data-scenario="${SCENARIO}"]`).first().click();
  await page.getByTestId('mode-agent').click();

  let batchIds = [];
  await check('a page batch with the reference model runs, and its model × service cell opens exactly its runs', async () => {
    if (!(await page.getByTestId('agent-settings').isVisible())) await page.getByTestId('agent-settings-edit').click();
    await page.getByTestId('agent-provider').selectOption('reference');
    await page.getByTestId('agent-settings-edit').click();
    await page.getByTestId('agent-tab-batch').click();
    await page.locator('#scenario-search').fill('boardgame');
    await page.waitForFunction((key) => window.__difflab.store.getState().catalog.visibleKeys.join() === key, SCENARIO, { timeout: 10_000 });
    await page.getByLabel('Trials').fill('2');
    await page.getByTestId('batch-run').click();
    await page.waitForFunction(() => {
      const a = window.__difflab.store.getState().agent;
      return a.status === 'idle' && !a.batch.running && a.batch.done === 2;
    }, null, { timeout: 120_000 });
    batchIds = await store(page, () => {
      const a = window.__difflab.store.getState().agent;
      return a.history.filter((r) => r.batch === a.batch.name).map((r) => r.id);
    });
    assert(batchIds.length === 2, `batch runs: ${batchIds}`);
    // Other runs are saved too (the demo runs): the cell must open the batch's alone.
    await page.getByTestId('agent-tab-runs').click();
    await page.getByTestId('runs-demos').click();
    await page.waitForFunction(() => window.__difflab.store.getState().agent.history.some((r) => r.id === 'demo-correct'), null, { timeout: 10_000 });
    await page.getByTestId('agent-tab-batch').click();
    const cell = page.locator('[data-testid=results-grid-service] [data-testid=grid-cell]').first();
    assert((await cell.textContent()).includes('of 2'), `grid cell: ${await cell.textContent()}`);
    await page.getByTestId('results-grid-service').scrollIntoViewIfNeeded();
    await screenshots(page, 'explorer', 'batch-cells');
    await cell.click();
    await page.getByTestId('explorer').waitFor({ timeout: 5000 });
    const label = await page.getByTestId('explorer-cell').textContent();
    assert(label.includes('reference × service slack'), `cell label: ${label}`);
    const shown = await rowIds(page);
    assert(shown.length === 2 && shown.every((id) => batchIds.includes(id)), `the cell's runs: ${shown}`);
    // The by-model table's count opens its runs too.
    await page.getByTestId('agent-tab-batch').click();
    await page.locator('[data-testid=results-by-model] [data-testid=cell-open]').first().click();
    assert((await rowIds(page)).length === 2, 'the model row did not open its two runs');
    await page.locator('[data-testid=explorer-cell] button').click();
    await page.waitForFunction(() => !document.querySelector('[data-testid=explorer-cell]'), null, { timeout: 5000 });
  });

  await check('the runs are filtered by scenario, verdict, failure class and source, and searched', async () => {
    const all = (await rowIds(page)).length;
    assert(all === 7, `${all} runs listed, expected the batch's 2 and the 5 demo runs`);
    await page.getByTestId('explorer-filter-scenario').selectOption(SCENARIO);
    await page.getByTestId('explorer-filter-outcome').selectOption('fail');
    const failed = await rowIds(page);
    assert(failed.length === 3 && failed.every((id) => id.startsWith('demo-')), `failed runs: ${failed}`);
    await page.getByTestId('explorer-filter-failure').selectOption('stopped_early');
    assert(JSON.stringify(await rowIds(page)) === '["demo-stopped-early"]', `stopped early: ${await rowIds(page)}`);
    await screenshots(page, 'explorer', 'filtered');
    await page.getByTestId('explorer-clear').click();
    await page.getByTestId('explorer-filter-source').selectOption('batch');
    assert((await rowIds(page)).length === 2, 'the page batch source');
    await page.getByTestId('explorer-clear').click();
    await page.getByTestId('explorer-search').fill('side-effect');
    assert(JSON.stringify(await rowIds(page)) === '["demo-side-effect"]', `search: ${await rowIds(page)}`);
    await page.getByTestId('explorer-search').fill('');
    const count = await page.getByTestId('explorer-count').textContent();
    assert(count.includes('7 of 7'), `count line: ${count}`);
  });

  await check('two runs of one scenario open side by side, steps aligned, the first divergent step marked', async () => {
    await page.locator('tr[data-run="demo-correct"] [data-testid=explorer-pick]').click();
    await page.locator('tr[data-run="demo-stopped-early"] [data-testid=explorer-pick]').click();
    const compare = page.getByTestId('run-compare');
    await compare.waitFor({ timeout: 5000 });
    // Both first list the channels; at step 2 one posts the message and the other reads the members.
    assert((await compare.getAttribute('data-divergence')) === '1', `divergence: ${await compare.getAttribute('data-divergence')}`);
    const summary = await page.getByTestId('compare-summary').textContent();
    assert(/step 2/.test(summary) && /other requests/.test(summary) && /Step 1 matches/.test(summary), `summary: ${summary}`);
    assert((await page.locator('.compare-step').count()) === 3, 'steps aligned: expected 3 rows');
    const marked = await page.getByTestId('compare-divergence').getAttribute('data-step');
    assert(marked === '1', `marked step: ${marked}`);
    assert((await page.locator('.compare-step.divergence .only-here').count()) > 0, 'the divergent step marks nothing as only on one side');
    // Each side's step shows in the verdict pane, the explorer staying open: A passes as of step 2, B does not.
    for (const [slot, want] of [['A', 'pass'], ['B', 'fail']]) {
      await page.locator(`[data-testid=compare-divergence] [data-testid=compare-show-${slot}]`).click();
      await page.waitForFunction((w) => document.querySelector('[data-testid=verdict]')?.dataset.verdict === w, want, { timeout: 10_000 }).catch(async () => {
        throw new Error(`${slot}: verdict pane shows ${await store(page, () => document.querySelector('[data-testid=verdict]')?.dataset.verdict)}, expected ${want}`);
      });
      assert((await store(page, () => window.__difflab.store.getState().agent.view)) === 'explore', 'showing a step left the explorer');
      assert((await page.locator(`[data-testid=compare-divergence] [data-testid=compare-show-${slot}]`).getAttribute('aria-pressed')) === 'true', `${slot}'s step is not marked as shown`);
    }
    const problems = await chipProblems(page, '[data-testid=explorer]');
    assert(problems.length === 0, `chips without a glossary entry:\n${problems.join('\n')}`);
    await page.getByTestId('compare-divergence').scrollIntoViewIfNeeded();
    await screenshots(page, 'explorer', 'compare');
  });

  for (const [size, label] of [
    [sizes.wide, 'wide'],
    [sizes.narrow, 'narrow'],
  ]) {
    await check(`at ${size.width}×${size.height}, the list and the comparison fit: nothing wider than its box, the divergent step inside the viewport`, async () => {
      await page.setViewportSize(size);
      await settle(page);
      const o = await overflow(page, '[data-testid=explorer]');
      assert(o.wide.length === 0 && !o.sideways && !o.bodyWide && o.right <= o.innerWidth + 0.5, `${label}: ${JSON.stringify(o)}`);
      await page.getByTestId('compare-divergence').scrollIntoViewIfNeeded();
      await settle(page);
      const b = await box(page.getByTestId('compare-divergence'));
      assert(b.inside, `${label}: the divergent step lies at ${JSON.stringify(b)}`);
      const heads = await box(page.getByTestId('compare-open-B'));
      assert(heads.box[2] <= size.width, `${label}: run B's button at ${JSON.stringify(heads)}`);
    });
  }

  await check('a compared run opens in the run viewer at the divergent step', async () => {
    await page.setViewportSize(sizes.wide);
    await page.getByTestId('compare-open-B').click();
    await page.waitForFunction(() => {
      const a = window.__difflab.store.getState().agent;
      return a.view === 'live' && a.replay?.id === 'demo-stopped-early' && a.step === 1;
    }, null, { timeout: 10_000 });
    await page.locator('.agent-step.selected').waitFor({ timeout: 5000 });
  });

  await check('a difflab eval results file imports, its runs list as “difflab eval”, open, and compare with the page batch', async () => {
    await page.getByTestId('agent-tab-explore').click();
    await page.getByTestId('explorer-import').setInputFiles(await results);
    await page.waitForFunction(() => /Imported 1 run\b/.test(document.querySelector('[data-testid=explorer-note]')?.textContent ?? ''), null, { timeout: 10_000 });
    await page.getByTestId('explorer-filter-source').selectOption('eval');
    const ids = await rowIds(page);
    assert(ids.length === 1 && ids[0].startsWith('e2e eval :: '), `eval runs: ${ids}`);
    const chip = await page.locator(`tr[data-run="${ids[0]}"] [data-term="source:eval"]`).count();
    assert(chip === 1, 'the eval run has no “difflab eval” source chip');
    // Beside a page batch run of the same scenario with the same model: the same requests and changes, no divergence.
    await page.getByTestId('explorer-clear').click();
    await page.locator('[data-testid=explorer-runs] tbody tr.chosen [data-testid=explorer-pick]').evaluateAll((els) => els.forEach((e) => e.click()));
    await page.locator(`tr[data-run="${ids[0]}"] [data-testid=explorer-pick]`).click();
    await page.locator(`tr[data-run="${batchIds[0]}"] [data-testid=explorer-pick]`).click();
    await page.getByTestId('run-compare').waitFor({ timeout: 5000 });
    assert((await page.getByTestId('run-compare').getAttribute('data-divergence')) === 'none', 'the eval run and the page run diverge');
    assert((await page.getByTestId('compare-summary').textContent()).includes('No divergence'), 'no “No divergence” summary');
    await screenshots(page, 'explorer', 'eval-compare');
    await page.locator(`tr[data-run="${ids[0]}"] [data-testid=explorer-open]`).click();
    await page.waitForFunction((id) => window.__difflab.store.getState().agent.replay?.id === id, ids[0], { timeout: 10_000 });
    await page.getByTestId('agent-step').first().waitFor({ timeout: 5000 });
  });

  await checkPageStayedClean(check, browser);
}

export const journey = { name: 'explorer', run };
if (isMain(import.meta.url)) await runJourneys([journey]);
