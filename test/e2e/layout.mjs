// End-to-end journey for the layout, at 1440×900 and 1024×768: a model's run streams with its newest step and the
// verdict in the viewport; settings fold to one line and open as a sheet over the run; below 1100 px the panes are
// tabs and a finished run brings the verdict forward; batch and compare tables and charts fit their pane; the skip
// link, the one-stop scenario list with arrow keys, pane resizing and maximising; axe-core's contrast rule.
// Measured geometrically (boxes against the viewport, scrollWidth against clientWidth), not by DOM presence.
// Usage: node test/e2e/layout.mjs [--browser chromium|firefox]   (after `npm run build`)
import { assert, checkPageStayedClean, contrastViolations, isMain, runJourneys, screenshots, settle, sizes, waitAcrossReload } from './harness.mjs';
import { modelServer, streamChat } from './modelServer.mjs';

const READY_TIMEOUT = 120_000;
const post = "I'll post the update.\n\n```bash\ncurl -s -X POST https://slack.com/api/chat.postMessage -H 'Authorization: Bearer difflab-agent' -d channel=C07RANDOM --data-urlencode \"text=Friday's board game night moved to the 4th-floor lounge\"\n```";
const answer = 'Posted in **#random**.\n\nAnswer: posted';

/** An OpenAI-compatible model that streams its reply slowly (a chunk every `gapMs`), so a run can be looked at mid-stream. */
async function slowModel(gapMs = 120) {
  return modelServer(({ res, turn }) => streamChat(res, turn === 0 ? post : answer, { model: 'slow', pieceSize: 8, gapMs, usage: { prompt_tokens: 400, completion_tokens: 30, total_tokens: 430 } }));
}

/** Whether the element's box lies inside the viewport (and is shown at all). */
async function inViewport(locator) {
  return locator.evaluate((e) => {
    const r = e.getBoundingClientRect();
    const shown = e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden' && r.width > 0 && r.height > 0;
    return { shown, inside: shown && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5, box: [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)], viewport: [innerWidth, innerHeight] };
  });
}

/** Every element matching `selector` whose content is wider than its box (what a reader would see clipped). */
async function clipped(page, selector) {
  return page.evaluate((sel) =>
    [...document.querySelectorAll(sel)]
      .filter((e) => e.getClientRects().length > 0 && e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} ${e.scrollWidth} > ${e.clientWidth}`),
  selector);
}

const state = (page, fn, arg) => page.evaluate(fn, arg);

async function run({ browser, server, check }) {
  const model = await slowModel();
  try {
    await layoutChecks(browser, server, check, model);
  } finally {
    await model.close();
  }
}

async function layoutChecks(browser, server, check, model) {
  const page = await browser.newPage();
  await page.goto(server.url);
  await waitAcrossReload(page, () => document.documentElement.dataset.env === 'ready', null, { timeout: READY_TIMEOUT });
  const scenario = 'random-boardgame-venue';
  await page.locator(`[data-scenario$="/${scenario}"]`).first().click();
  await page.waitForFunction(() => window.__difflab.store.getState().run.status === 'ready', null, { timeout: READY_TIMEOUT });

  await check('text contrast is at least 4.5:1 (axe-core) on the playground', async () => {
    const bad = await contrastViolations(page);
    assert(bad.length === 0, bad.join('\n'));
  });

  await check('the first Tab stop is a skip link that puts the focus in the editor', async () => {
    await page.getByTestId('monaco').waitFor({ timeout: 30_000 });
    // Focus the document itself, so that the next Tab is the page's first stop.
    await page.evaluate(() => {
      document.body.tabIndex = -1;
      document.body.focus();
      document.body.removeAttribute('tabindex');
    });
    await page.keyboard.press('Tab');
    const first = await page.focused();
    assert(first?.testId === 'skip-link', `first Tab stop: ${JSON.stringify(first)}`);
    const box = await inViewport(page.getByTestId('skip-link'));
    assert(box.inside, `the focused skip link is not on screen: ${JSON.stringify(box)}`);
    await page.keyboard.press('Enter');
    const inEditor = await page.evaluate(() => Boolean(document.activeElement?.closest('#editor')));
    assert(inEditor, `focus after the skip link: ${JSON.stringify(await page.focused())}`);
  });

  await check('the scenario list is one Tab stop, and the arrow keys move through it', async () => {
    const stops = await page.locator('.scenario-list [data-scenario]').evaluateAll((els) => els.filter((e) => e.tabIndex >= 0).length);
    assert(stops === 1, `${stops} scenario buttons are in the Tab order`);
    const keys = await state(page, () => window.__difflab.store.getState().catalog.visibleKeys);
    const from = await state(page, () => window.__difflab.store.getState().catalog.selectedKey);
    await page.locator(`[data-scenario="${from}"]`).focus();
    await page.keyboard.press('ArrowDown');
    const next = keys[keys.indexOf(from) + 1];
    await page.waitForFunction((k) => window.__difflab.store.getState().catalog.selectedKey === k && document.activeElement?.dataset.scenario === k, next, { timeout: 10_000 });
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction((k) => window.__difflab.store.getState().catalog.selectedKey === k && document.activeElement?.dataset.scenario === k, from, { timeout: 10_000 });
    await page.waitForFunction(() => window.__difflab.store.getState().run.status === 'ready', null, { timeout: READY_TIMEOUT });
  });

  await check('the editor wraps long lines', async () => {
    const wraps = await page.evaluate(() => window.__difflab.store.getState().editor.monaco === 'ready' && Boolean(document.querySelector('[data-testid=monaco] .monaco-editor')));
    assert(wraps, 'Monaco did not load');
    await page.evaluate(() => window.__difflab.store.getState().editor.setText(`// ${'a long comment line '.repeat(30)}`));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=monaco] .view-line').length > 1, null, { timeout: 10_000 });
    const overflow = await page.locator('[data-testid=monaco] .monaco-scrollable-element.editor-scrollable').evaluate((e) => e.querySelector('.scrollbar.horizontal')?.classList.contains('invisible') ?? true);
    assert(overflow, 'the editor scrolls sideways instead of wrapping');
  });

  await check('a pane resizes from the keyboard and a pane can be maximised', async () => {
    const before = (await page.locator('[data-pane=verdict]').boundingBox()).width;
    await page.getByTestId('resize-verdict').focus();
    await page.keyboard.press('ArrowLeft');
    await settle(page);
    const after = (await page.locator('[data-pane=verdict]').boundingBox()).width;
    assert(after > before + 10, `verdict pane ${before} → ${after} px`);
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('maximise-task').click();
    await settle(page);
    const task = await page.locator('[data-pane=task]').boundingBox();
    const verdictShown = await page.locator('[data-pane=verdict]').isVisible();
    assert(task.width > sizes.wide.width - 20 && !verdictShown, `maximised task ${task.width} px, verdict shown: ${verdictShown}`);
    await page.getByTestId('maximise-task').click();
    await settle(page);
    assert(await page.locator('[data-pane=verdict]').isVisible(), 'the verdict pane did not come back');
  });

  // A live run at each size: newest step and verdict inside the viewport while the reply streams.
  await page.getByTestId('mode-agent').click();
  await page.getByTestId('agent-provider').selectOption('openai');
  await page.locator('[data-testid=agent-settings] input').first().fill(`${model.root}/v1`);
  await page.getByTestId('agent-model').fill('slow-model');
  await page.getByTestId('agent-key').fill('sk-layout');
  for (const size of [sizes.wide, sizes.narrow]) {
    const label = `${size.width}×${size.height}`;
    await check(`at ${label}, while a run streams its newest step and the verdict are in the viewport`, async () => {
      await page.setViewportSize(size);
      await page.getByTestId('pane-tab-task').isVisible().then((tabs) => tabs && page.getByTestId('pane-tab-task').click());
      if (!(await page.getByTestId('agent-run').isVisible())) await page.getByTestId('agent-tab-live').click();
      await page.getByTestId('agent-run').click();
      const seen = [];
      for (const phase of ['first reply', 'second reply']) {
        await page.waitForFunction((n) => {
          const live = window.__difflab.store.getState().agent.live;
          return live?.streaming && live.streaming.index === n && live.streaming.text.length > 16;
        }, phase === 'first reply' ? 0 : 1, { timeout: 60_000 });
        const newest = await inViewport(page.locator('.agent-step.streaming'));
        const verdict = await inViewport(page.locator(size === sizes.wide ? '[data-pane=verdict]' : '[data-testid=verdict-dock]'));
        seen.push({ phase, newest, verdict });
        // (Not in the short second reply: the run must end at this size, for the next check.)
        if (phase === 'first reply') await screenshots(page, 'layout', `streaming-${size.width}`);
      }
      const bad = seen.filter((s) => !s.newest.inside || !s.verdict.inside);
      assert(bad.length === 0, JSON.stringify(bad));
      await page.waitForFunction(() => window.__difflab.store.getState().agent.status === 'idle', null, { timeout: 60_000 });
      const record = await state(page, () => window.__difflab.store.getState().agent.replay);
      assert(record?.verdict.passed, `the run did not pass: ${record?.endReason}`);
    });
  }

  await check('at 1024×768, the finished run brought the verdict tab forward', async () => {
    const tab = await state(page, () => window.__difflab.store.getState().layout.tab);
    const why = await state(page, () => ({ tabbed: matchMedia('(max-width: 1100px)').matches, width: innerWidth, badge: window.__difflab.store.getState().layout.verdictBadge }));
    assert(tab === 'verdict', `tab after the run: ${tab} ${JSON.stringify(why)}`);
    const verdict = await inViewport(page.getByTestId('verdict'));
    assert(verdict.inside, `verdict: ${JSON.stringify(verdict)}`);
    await screenshots(page, 'layout', 'verdict-after-run');
  });

  await check('settings fold to one line after a run, and Edit opens them as a sheet over the run', async () => {
    await page.setViewportSize(sizes.wide);
    assert(!(await page.getByTestId('agent-settings').isVisible()), 'the settings are still open after the run');
    const summary = await page.getByTestId('agent-summary').textContent();
    assert(summary.includes('slow-model') && summary.includes('docs:') && summary.includes('faults:'), `summary: ${summary}`);
    const stepsTop = (await page.locator('.agent-steps').boundingBox()).y;
    await page.getByTestId('agent-settings-edit').click();
    const sheet = await page.locator('.agent-sheet').boundingBox();
    const stepsTopOpen = (await page.locator('.agent-steps').boundingBox()).y;
    assert(Math.abs(stepsTopOpen - stepsTop) < 2 && sheet.y < stepsTop + 50 && sheet.y + sheet.height > stepsTop, `the sheet pushed the run (${stepsTop} → ${stepsTopOpen}) or does not cover it (${JSON.stringify(sheet)})`);
    await screenshots(page, 'layout', 'settings-sheet');
    await page.getByTestId('agent-settings-edit').click();
  });

  await check('a step renders its reasoning as markdown (code in a monospace block), never as raw HTML', async () => {
    const code = await page.locator('[data-testid=agent-step] .agent-reply pre code').first().evaluate((e) => ({ font: getComputedStyle(e).fontFamily, text: e.textContent }));
    assert(/mono/i.test(code.font) && code.text.includes('curl'), JSON.stringify(code));
    assert((await page.locator('[data-testid=agent-step] .agent-reply strong').count()) >= 1, 'bold text is not rendered');
    assert(!(await page.locator('[data-testid=agent-step] .agent-reply').first().textContent()).includes('```'), 'raw fences are shown');
    assert((await page.getByTestId('run-timeline').locator('.timeline-row').count()) === 2, 'the timeline has no row per step');
  });

  await check('batch and compare tables and charts fit their pane at both sizes', async () => {
    await page.getByTestId('agent-settings-edit').click();
    await page.getByTestId('agent-provider').selectOption('reference');
    await page.getByTestId('agent-settings-edit').click();
    await page.getByTestId('agent-tab-batch').click();
    await page.locator('#scenario-search').fill('lunch');
    for (let i = 0; i < 2; i++) {
      await page.getByTestId('batch-run').click();
      await page.waitForFunction(() => {
        const a = window.__difflab.store.getState().agent;
        return a.status === 'idle' && !a.batch.running && a.batch.done > 0 && a.batch.done === a.batch.total;
      }, null, { timeout: 120_000 });
    }
    assert((await page.locator('.agent-table').count()) > 0, 'no results table');
    const problems = [];
    for (const size of [sizes.wide, sizes.narrow]) {
      await page.setViewportSize(size);
      if (await page.getByTestId('pane-tab-task').isVisible()) await page.getByTestId('pane-tab-task').click();
      await settle(page);
      const over = await clipped(page, '.agent-body, .agent-batch, .agent-table, .agent-charts, .agent-charts figure, .scatter, .compare-view, [data-pane=task]');
      if (over.length) problems.push(`${size.width}: ${over.join('; ')}`);
      await screenshots(page, 'layout', `batch-${size.width}`);
    }
    await page.setViewportSize(sizes.wide);
    await page.locator('#scenario-search').fill('');
    assert(problems.length === 0, problems.join('\n'));
  });

  await check('text contrast is at least 4.5:1 (axe-core) in agent mode with results', async () => {
    const bad = await contrastViolations(page);
    assert(bad.length === 0, bad.join('\n'));
  });

  await check('at 1024×768, Run in the editor brings the verdict into view', async () => {
    await page.setViewportSize(sizes.narrow);
    await page.getByTestId('pane-tab-task').click();
    await page.getByTestId('mode-script').click();
    await page.evaluate(() => window.__difflab.store.getState().layout.showTab('task'));
    await page.getByTestId('run').click();
    await page.waitForFunction(() => window.__difflab.store.getState().layout.tab === 'verdict', null, { timeout: 60_000 });
    await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
    const verdict = await inViewport(page.getByTestId('verdict'));
    assert(verdict.inside, JSON.stringify(verdict));
    await page.setViewportSize(sizes.wide);
  });

  await checkPageStayedClean(check, browser);
}

export const journey = { name: 'layout', run };
if (isMain(import.meta.url)) await runJourneys([journey]);
