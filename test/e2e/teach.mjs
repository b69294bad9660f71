// End-to-end journey for teaching (issue 18), at 1440×900 and 1024×768: the lesson completed by keyboard alone (and
// resumed after a reload); every chip the page renders names a glossary entry that exists, shown on hover and focus;
// the glossary's own page; presenter mode (no text under 16 px, one pane, inside the viewport, arrows step the run,
// demo notes beside their step); the right pane follows the selected step of a replayed run.
// Usage: node test/e2e/teach.mjs [--browser chromium|firefox]   (after `npm run build`)
import { assert, checkPageStayedClean, isMain, runJourneys, screenshots, settle, sizes, waitAcrossReload } from './harness.mjs';

const READY_TIMEOUT = 120_000;
const store = (page, fn, arg) => page.evaluate(fn, arg);

/** Visible chips and badges that do not name a glossary entry, or whose description element is missing or empty. */
function chipProblems(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.chip, .badge, .verdict-pill, .format-badge, .tag-assertion')]
      .filter((e) => e.getClientRects().length > 0)
      .flatMap((e) => {
        const term = e.getAttribute('data-term');
        const described = e.getAttribute('aria-describedby');
        const text = described ? document.getElementById(described)?.textContent?.trim() : '';
        return term && text ? [] : [`${e.className} “${(e.textContent ?? '').trim().slice(0, 30)}” term=${term} describedby=${described}`];
      }),
  );
}

const chipCount = (page) => page.evaluate(() => [...document.querySelectorAll('[data-term]')].filter((e) => e.getClientRects().length > 0).length);

/** Text on the page smaller than 16 px (visible text only), and whether the page scrolls sideways. */
function smallText(page) {
  return page.evaluate(() => {
    const small = new Map();
    const walker = document.createTreeWalker(document.querySelector('.app'), NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent.trim() || el.getClientRects().length === 0 || el.closest('.visually-hidden, [hidden], [aria-hidden="true"]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1 || getComputedStyle(el).visibility === 'hidden') continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < 16) small.set(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${size}px`, n.textContent.trim().slice(0, 30));
    }
    return { small: [...small].map(([k, v]) => `${k} “${v}”`), sideways: document.documentElement.scrollWidth > innerWidth + 1 };
  });
}

/** The panes shown, with whether each lies inside the viewport. */
function shownPanes(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-pane]')]
      .filter((e) => e.getClientRects().length > 0)
      .map((e) => {
        const r = e.getBoundingClientRect();
        return { pane: e.dataset.pane, inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5, box: [r.left, r.top, r.right, r.bottom].map(Math.round) };
      }),
  );
}

const focusedTestId = async (page) => (await page.focused())?.testId;

async function waitForFocus(page, testId, timeout = 120_000) {
  await page.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, testId, { timeout });
}

/** The whole lesson by keyboard: Enter on Start, then Enter on Run and on Next for each step, then Finish. */
async function lessonByKeyboard(page, label, { reloadAfter } = {}) {
  const steps = await store(page, () => window.__difflab.store.getState().teach.lesson.step);
  assert(steps === 0, `the lesson does not start at its first step: ${steps}`);
  const outcomes = [];
  for (let i = 0; ; i++) {
    await waitForFocus(page, 'lesson-run', 30_000);
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => window.__difflab.store.getState().teach.lesson.outcome?.step !== undefined && document.querySelector('[data-testid=lesson-notes]') && window.__difflab.store.getState().teach.lesson.step === n, i, { timeout: 120_000 });
    const notes = page.getByTestId('lesson-notes');
    outcomes.push({ step: i, asExpected: await notes.getAttribute('data-as-expected'), focus: await focusedTestId(page) });
    if (i === 1 && label === 'wide') await screenshots(page, 'teach', 'lesson-wrong');
    const last = await store(page, () => window.__difflab.store.getState().teach.lesson.step === 3);
    if (last) {
      if (label === 'wide') await screenshots(page, 'teach', 'lesson-model');
      await waitForFocus(page, 'lesson-finish', 10_000);
      await page.keyboard.press('Enter');
      break;
    }
    await waitForFocus(page, 'lesson-next', 10_000);
    await page.keyboard.press('Enter');
    if (reloadAfter === i) {
      // Left half-way: a reload keeps where it was, and the Start button resumes there.
      await page.goto(page.raw.url());
      await waitAcrossReload(page, () => document.documentElement.dataset.env === 'ready', null, { timeout: READY_TIMEOUT });
      const strip = await page.getByTestId('lesson-strip').isVisible();
      if (strip) await page.getByTestId('lesson-leave').click();
      const resume = await page.getByTestId('lesson-start').textContent();
      assert(resume.includes(`step ${i + 2}`), `after a reload the lesson offers: “${resume}”`);
      await page.getByTestId('lesson-start').focus();
      await page.keyboard.press('Enter');
    }
  }
  const bad = outcomes.filter((o) => o.asExpected !== 'true');
  assert(bad.length === 0, `steps that did not give their lesson's verdicts: ${JSON.stringify(bad)}`);
  const done = await store(page, () => window.__difflab.store.getState().teach.lesson);
  assert(!done.active && done.completed.length === 4, `after Finish: ${JSON.stringify(done)}`);
}

async function run({ browser, server, check }) {
  const page = await browser.newPage();
  await page.goto(server.url);
  await waitAcrossReload(page, () => document.documentElement.dataset.env === 'ready', null, { timeout: READY_TIMEOUT });
  const scenario = 'random-boardgame-venue';
  await page.locator(`[data-scenario$="/${scenario}"]`).first().click();
  await page.waitForFunction(() => window.__difflab.store.getState().run.status === 'ready', null, { timeout: READY_TIMEOUT });

  await check('every chip of the scenario list, filters and prompt names a glossary entry; hover and focus show it', async () => {
    await page.locator('.scenario-filters summary').click();
    const problems = await chipProblems(page);
    const n = await chipCount(page);
    assert(n > 20 && problems.length === 0, `${n} chips; without an entry:\n${problems.join('\n')}`);
    await page.locator('.metadata-chips [data-term=horizon]').hover();
    await page.waitForFunction(() => document.querySelector('[data-testid=glossary-tooltip]')?.dataset.for === 'horizon', null, { timeout: 5000 });
    await page.locator('.metadata-chips [data-term^=difficulty]').focus();
    await page.waitForFunction(() => document.querySelector('[data-testid=glossary-tooltip]')?.dataset.for?.startsWith('difficulty'), null, { timeout: 5000 });
    await screenshots(page, 'teach', 'chip-tooltip');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[data-testid=glossary-tooltip]'), null, { timeout: 5000 });
    await page.locator('.scenario-filters summary').click();
  });

  for (const [size, label] of [
    [sizes.wide, 'wide'],
    [sizes.narrow, 'narrow'],
  ]) {
    await check(`at ${size.width}×${size.height}, the lesson is completed by keyboard alone${label === 'wide' ? ' (and resumed after a reload)' : ''}`, async () => {
      await page.setViewportSize(size);
      await page.evaluate(() => window.__difflab.store.getState().layout.showTab('task'));
      // The lesson is Script mode's (its last step left the page in Agent mode).
      await page.getByTestId('mode-script').click();
      await page.getByTestId('lesson-start').focus();
      await page.keyboard.press('Enter');
      await lessonByKeyboard(page, label, { reloadAfter: label === 'wide' ? 1 : undefined });
    });
  }

  await check('after the lesson, the verdict and diff badges of its runs name glossary entries too', async () => {
    await page.setViewportSize(sizes.wide);
    const problems = await chipProblems(page);
    assert(problems.length === 0, problems.join('\n'));
  });

  await check('at 1024×768 too, every chip of the task and verdict tabs names a glossary entry', async () => {
    await page.setViewportSize(sizes.narrow);
    const problems = [];
    for (const tab of ['task', 'verdict']) {
      await page.evaluate((t) => window.__difflab.store.getState().layout.showTab(t), tab);
      await settle(page);
      problems.push(...(await chipProblems(page)).map((p) => `${tab}: ${p}`));
    }
    const n = await chipCount(page);
    assert(n > 0 && problems.length === 0, `${n} chips; without an entry:\n${problems.join('\n')}`);
    await page.evaluate(() => window.__difflab.store.getState().layout.showTab('task'));
    await page.setViewportSize(sizes.wide);
  });

  await check('the right pane follows the selected step of a replayed run: its diff and its assertions as of that step', async () => {
    await page.setViewportSize(sizes.wide);
    await page.evaluate(async () => {
      const s = window.__difflab.store.getState();
      s.agent.setOpen(true);
      await s.agent.openReplay('demo-correct');
    });
    const seen = [];
    for (const i of [2, 0, 1]) {
      await page.locator('.agent-step-head').nth(i).click();
      await settle(page);
      const expected = await store(page, (n) => window.__difflab.store.getState().agent.replay.steps[n].verdict, i);
      const want = expected.passed ? 'pass' : 'fail';
      await page.waitForFunction((w) => document.querySelector('[data-testid=verdict]')?.dataset.verdict === w, want, { timeout: 10_000 }).catch(async () => {
        const got = await store(page, () => ({ step: window.__difflab.store.getState().agent.step, replay: window.__difflab.store.getState().agent.replay?.id, shown: document.querySelector('[data-testid=verdict]')?.dataset.verdict ?? null, tab: window.__difflab.store.getState().diffView.tab }));
        throw new Error(`step ${i + 1}: verdict should be ${want}; ${JSON.stringify(got)}`);
      });
      const assertions = await page.locator('[data-testid=assertions] [data-testid=assertion]').evaluateAll((els) => els.map((e) => e.dataset.passed === 'true'));
      const rows = await page.locator('[data-testid=diff-panel] .diff-rows > li').count();
      seen.push({ step: i + 1, assertions, rows });
      assert(JSON.stringify(assertions) === JSON.stringify(expected.assertions.map((a) => a.passed)), `step ${i + 1}: assertions ${JSON.stringify(assertions)}`);
    }
    // Step 1 reads only (an empty diff), step 2 posts the one message.
    assert(seen.find((s) => s.step === 1).rows === 0 && seen.find((s) => s.step === 2).rows === 1, JSON.stringify(seen));
    const problems = await chipProblems(page);
    assert(problems.length === 0, `chips of the replay without an entry:\n${problems.join('\n')}`);
  });

  for (const size of [sizes.narrow, sizes.wide]) {
    await check(`at ${size.width}×${size.height}, presenter mode shows one pane inside the viewport, no text under 16 px, and the arrows step the run`, async () => {
      await page.setViewportSize(size);
      await page.evaluate(() => document.activeElement?.blur());
      await page.keyboard.press('Alt+KeyP');
      await page.waitForFunction(() => 'presenter' in document.documentElement.dataset, null, { timeout: 5000 });
      await page.evaluate(() => window.__difflab.store.getState().agent.showStep(0));
      await page.evaluate(() => document.activeElement?.blur());
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => window.__difflab.store.getState().agent.step === 1, null, { timeout: 5000 });
      const note = await page.locator('.agent-step.selected [data-testid=step-note]').textContent();
      const want = await store(page, () => window.__difflab.store.getState().agent.replay.steps[1].note);
      assert(want && note.includes(want), `the selected step's note: “${note}”, expected “${want}”`);
      await page.locator('.agent-step.selected').scrollIntoViewIfNeeded();
      const panes = await shownPanes(page);
      const text = await smallText(page);
      if (size === sizes.narrow) await screenshots(page, 'teach', 'presenter-run');
      assert(panes.length === 1 && panes[0].inside, `panes shown: ${JSON.stringify(panes)}`);
      assert(text.small.length === 0 && !text.sideways, `text under 16 px:\n${text.small.slice(0, 20).join('\n')}\nscrolls sideways: ${text.sideways}`);
      // The Studio button, fixed at the bottom right, covers none of the verdict dock's controls.
      const covered = await page.evaluate(() => {
        const t = document.querySelector('[data-testid=studio-toggle]')?.getBoundingClientRect();
        if (!t) return ['no Studio button'];
        const hit = (r) => r.width > 0 && r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom;
        return [...document.querySelectorAll('[data-testid=verdict-dock] :is(button, select, a, .badge)')].filter((e) => hit(e.getBoundingClientRect())).map((e) => e.textContent.trim());
      });
      assert(covered.length === 0, `the Studio button covers: ${covered.join(', ')}`);
      await page.keyboard.press('ArrowLeft');
      await page.waitForFunction(() => window.__difflab.store.getState().agent.step === 0, null, { timeout: 5000 });
      // The verdict pane, one pane at a time, with large type too.
      await page.getByTestId('pane-tab-verdict').click();
      const verdictPanes = await shownPanes(page);
      const verdictText = await smallText(page);
      assert(verdictPanes.length === 1 && verdictPanes[0].pane === 'verdict' && verdictPanes[0].inside, JSON.stringify(verdictPanes));
      assert(verdictText.small.length === 0, verdictText.small.slice(0, 20).join('\n'));
      await page.getByTestId('pane-tab-task').click();
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !('presenter' in document.documentElement.dataset), null, { timeout: 5000 });
    });
  }

  await check("the glossary's own page lists every entry, finds a term, and goes back", async () => {
    await page.setViewportSize(sizes.wide);
    await page.getByTestId('glossary-open').click();
    await page.getByTestId('glossary-page').waitFor({ timeout: 5000 });
    const all = await page.locator('[data-testid=glossary-page] dt').count();
    const known = await page.evaluate(() => document.querySelectorAll('[data-testid=glossary-descriptions] > span').length);
    assert(all === known && all > 50, `${all} entries on the page, ${known} in the glossary`);
    assert((await page.evaluate(() => location.hash)) === '#glossary', 'the page has no #glossary address');
    await screenshots(page, 'teach', 'glossary-page');
    await page.getByLabel('Find a term').fill('pass^k');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=glossary-page] dt').length < 5, null, { timeout: 5000 });
    const found = await page.locator('[data-testid=glossary-page] dt').allTextContents();
    assert(found.includes('pass^k'), `found: ${JSON.stringify(found)}`);
    await page.getByTestId('glossary-close').click();
    await page.getByTestId('verdict').waitFor({ timeout: 10_000 });
  });

  await checkPageStayedClean(check, browser);
}

export const journey = { name: 'teach', run };
if (isMain(import.meta.url)) await runJourneys([journey]);
