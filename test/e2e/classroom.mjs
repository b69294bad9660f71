// End-to-end journey for the page in front of a class and on a phone (issue 36): the lesson and the task agree (Start
// opens the lesson's scenario, another scenario pauses it, Resume says which step comes next); a demo run's settings
// line names the run's model; presenter mode at 1024×768 gives the shown step and its verdict the screen, in step with
// the dock, with the arrows kept inside the run; at 390×844 the page is one column with every control reachable and
// the scenario list filling its tab; the Studio button covers no text at any size.
// Usage: node test/e2e/classroom.mjs [--browser chromium|firefox]   (after `npm run build`)
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { assert, checkPageStayedClean, isMain, runJourneys, settle, shotsDir, sizes, waitAcrossReload } from './harness.mjs';

const READY_TIMEOUT = 120_000;
const projector = sizes.narrow;
const phone = { width: 390, height: 844 };
const state = (page, fn, arg) => page.evaluate(fn, arg);

/** A screenshot at one size: test-results/e2e/<browser>/classroom-<label>-<W>x<H>.png. */
async function shotAt(page, label, size) {
  const dir = path.join(shotsDir, page.browser.name);
  await mkdir(dir, { recursive: true });
  await page.setViewportSize(size);
  await settle(page);
  await new Promise((ok) => setTimeout(ok, 150));
  await page.screenshot({ path: path.join(dir, `classroom-${label}-${size.width}x${size.height}.png`) });
}

/**
 * Whether the Studio button is the topmost element at its centre and lies over no text of the page: every text
 * fragment outside the button whose box meets the button's box is listed.
 */
function studioCovers(page) {
  return page.evaluate(() => {
    const button = document.querySelector('[data-testid=studio-toggle]');
    if (!button) return ['no Studio button'];
    const b = button.getBoundingClientRect();
    const problems = [];
    const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    if (!top || !button.contains(top)) problems.push(`topmost at its centre: ${top?.tagName}.${top?.className}`);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim() || button.contains(n)) continue;
      const el = n.parentElement;
      // checkVisibility: what a closed <details> holds keeps boxes in Chromium, yet nobody sees it.
      if (!el || el.closest('.visually-hidden, [hidden], [aria-hidden="true"]') || !el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) continue;
      // What a scrolling pane clips is not on screen: a text box counts only as far as its scroll containers show it.
      let clip = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
      for (let a = el; a && a !== document.body; a = a.parentElement) {
        const st = getComputedStyle(a);
        if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
        const c = a.getBoundingClientRect();
        clip = { left: Math.max(clip.left, c.left), top: Math.max(clip.top, c.top), right: Math.min(clip.right, c.right), bottom: Math.min(clip.bottom, c.bottom) };
      }
      range.selectNodeContents(n);
      for (const t of range.getClientRects()) {
        const r = { left: Math.max(t.left, clip.left), top: Math.max(t.top, clip.top), right: Math.min(t.right, clip.right), bottom: Math.min(t.bottom, clip.bottom) };
        if (r.right > r.left && r.bottom > r.top && r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom) {
          problems.push(`“${n.textContent.trim().slice(0, 30)}” (${el.tagName.toLowerCase()}.${[...el.classList].join('.')})`);
          break;
        }
      }
    }
    return problems;
  });
}

/** In presenter mode with a run on screen: the step shown, its reply and the docked verdict, each against the viewport. */
function presented(page) {
  return page.evaluate(() => {
    const s = window.__difflab.store.getState();
    const box = (el) => {
      if (!el || el.getClientRects().length === 0) return null;
      const r = el.getBoundingClientRect();
      return { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) };
    };
    const visible = [...document.querySelectorAll('[data-testid=agent-step]')].filter((e) => e.getClientRects().length > 0);
    const selected = document.querySelector('.agent-step.selected');
    const reply = selected?.querySelector('.agent-reply') ?? selected?.querySelector('.agent-step-head');
    const dock = document.querySelector('[data-testid=verdict-dock]');
    const badge = dock?.querySelector('.badge');
    return {
      step: s.agent.step,
      lessonStep: s.teach.lesson.step,
      runOnScreen: s.agent.open && s.agent.replay !== null,
      stepsVisible: visible.length,
      reply: box(reply),
      dock: box(dock),
      dockStep: dock?.dataset.step === undefined ? null : Number(dock.dataset.step),
      dockText: dock?.textContent ?? '',
      verdictPx: badge ? parseFloat(getComputedStyle(badge).fontSize) : 0,
      viewport: { width: innerWidth, height: innerHeight },
    };
  });
}

/** Controls of the header, the pane tabs, the workspace bar and the editor's toolbar that reach outside the viewport. */
function controlsOutside(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.app-header :is(button, select, a), .pane-tabs button, .workspace-bar button, .editor-toolbar :is(button, select), .app-foot button')]
      .filter((e) => e.getClientRects().length > 0)
      .map((e) => ({ text: (e.textContent || e.getAttribute('aria-label') || e.tagName).trim().slice(0, 24), r: e.getBoundingClientRect() }))
      .filter(({ r }) => r.left < -0.5 || r.right > innerWidth + 0.5 || r.top < -0.5 || r.bottom > innerHeight + 0.5)
      .map(({ text, r }) => `${text} [${Math.round(r.left)}, ${Math.round(r.right)}]×[${Math.round(r.top)}, ${Math.round(r.bottom)}]`),
  );
}

async function run({ browser, server, check }) {
  const page = await browser.newPage();
  await page.goto(server.url);
  await waitAcrossReload(page, () => document.documentElement.dataset.env === 'ready', null, { timeout: READY_TIMEOUT });
  const lessonKey = await state(page, () => window.__difflab.store.getState().catalog.entries.find((e) => e.scenario.id === 'random-boardgame-venue')?.key);
  assert(lessonKey, "the lesson's scenario is not in the catalog");

  await check("Start the lesson opens the lesson's scenario: the strip and the task pane describe one task", async () => {
    await page.setViewportSize(sizes.wide);
    const first = await state(page, () => window.__difflab.store.getState().catalog.selectedKey);
    assert(first !== lessonKey, `the page opened on the lesson's scenario already (${first}): the check would prove nothing`);
    await page.getByTestId('lesson-start').click();
    await page.getByTestId('lesson-strip').waitFor({ timeout: 10_000 });
    await page.waitForFunction((k) => window.__difflab.store.getState().catalog.selectedKey === k, lessonKey, { timeout: 10_000 });
    const prompt = await page.getByTestId('prompt').textContent();
    assert(prompt.includes('#random'), `the task pane shows: “${prompt.slice(0, 80)}”`);
    await page.waitForFunction(() => window.__difflab.store.getState().run.status === 'ready', null, { timeout: READY_TIMEOUT });
    for (const size of [sizes.wide, sizes.narrow]) await shotAt(page, 'lesson-started', size);
    await page.setViewportSize(sizes.wide);
  });

  await check('opening another scenario pauses the lesson, and Resume says which step comes next', async () => {
    await page.getByTestId('lesson-run').click();
    await page.waitForFunction(() => window.__difflab.store.getState().teach.lesson.completed.includes('nothing'), null, { timeout: READY_TIMEOUT });
    await page.locator('[data-scenario]:not([aria-current="true"])').first().click();
    await page.waitForFunction(() => !document.querySelector('[data-testid=lesson-strip]'), null, { timeout: 10_000 });
    await page.evaluate(() => window.__difflab.store.getState().layout.showTab('task'));
    const label = await page.getByTestId('lesson-start').textContent();
    assert(/step 2 of 4 next/.test(label) && /1 done/.test(label), `the resume button says: “${label}”`);
    await page.getByTestId('lesson-start').click();
    await page.waitForFunction((k) => window.__difflab.store.getState().catalog.selectedKey === k && document.querySelector('[data-testid=lesson-strip]'), lessonKey, { timeout: 10_000 });
  });

  await check("the demo run on screen: the settings line names the run's model, not the one chosen for the next run", async () => {
    await page.getByTestId('lesson-step-model').click();
    await page.getByTestId('lesson-run').click();
    await page.waitForFunction(() => window.__difflab.store.getState().agent.replay?.steps.length > 1, null, { timeout: READY_TIMEOUT });
    const { chosen, runModel } = await state(page, () => {
      const a = window.__difflab.store.getState().agent;
      return { chosen: a.settings.model, runModel: a.replay.model.model };
    });
    assert(chosen !== runModel, `the chosen model and the run's are both ${chosen}: the check would prove nothing`);
    const named = await page.getByTestId('agent-summary-model').textContent();
    assert(named === runModel, `the settings line names “${named}” above a run by “${runModel}”`);
    for (const size of [sizes.wide, sizes.narrow, phone]) {
      await shotAt(page, 'demo-run', size);
      const covers = await studioCovers(page);
      assert(covers.length === 0, `at ${size.width}×${size.height} the Studio button covers: ${covers.join('; ')}`);
    }
  });

  let verdictOutside = 0;
  await check('outside presenter mode, the verdict word is measured (the size presenter mode must not go under)', async () => {
    await page.setViewportSize(sizes.wide);
    await page.getByTestId('verdict').waitFor({ timeout: 10_000 });
    verdictOutside = await page.locator('[data-testid=verdict] .verdict-word').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    assert(verdictOutside > 0, 'no verdict word on screen');
  });

  await check('presenter mode at 1024×768: each ← and → shows its step and that step’s verdict inside the viewport, and stays in the run', async () => {
    await page.setViewportSize(projector);
    await page.evaluate(() => window.__difflab.store.getState().layout.showTab('task'));
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('Alt+KeyP');
    await page.waitForFunction(() => 'presenter' in document.documentElement.dataset, null, { timeout: 5000 });
    const lessonStep = await state(page, () => window.__difflab.store.getState().teach.lesson.step);
    const last = (await state(page, () => window.__difflab.store.getState().agent.replay.steps.length)) - 1;
    await page.evaluate((n) => window.__difflab.store.getState().agent.showStep(n), last);
    // From the last step: → stays, ← ← walk back to the first, ← there stays, → goes forward again.
    const keys = ['ArrowRight', 'ArrowLeft', ...Array(last).fill('ArrowLeft'), 'ArrowRight'];
    let expected = last;
    const seen = [];
    for (const key of keys) {
      expected = Math.max(0, Math.min(last, expected + (key === 'ArrowRight' ? 1 : -1)));
      await page.evaluate(() => document.activeElement?.blur());
      await page.keyboard.press(key);
      await page.waitForFunction((n) => window.__difflab.store.getState().agent.step === n, expected, { timeout: 5000 });
      await settle(page);
      const p = await presented(page);
      seen.push(`${key} → step ${p.step + 1}`);
      const where = `after ${seen.join(', ')}: ${JSON.stringify(p)}`;
      assert(p.runOnScreen && p.lessonStep === lessonStep, `the run left the screen or the lesson moved under it; ${where}`);
      assert(p.stepsVisible === 1, `${p.stepsVisible} steps shown at once; ${where}`);
      assert(p.reply && p.reply.top >= 0 && p.reply.top < p.viewport.height - 120, `the shown step's reply is not in view; ${where}`);
      assert(p.dock && p.dock.top >= 0 && p.dock.bottom <= p.viewport.height && p.dock.right <= p.viewport.width, `the docked verdict is not in view; ${where}`);
      assert(p.dockStep === p.step && p.dockText.includes(`After step ${p.step + 1}`), `the dock says “${p.dockText}” for step ${p.step + 1}; ${where}`);
      assert(p.verdictPx >= verdictOutside, `the docked verdict is ${p.verdictPx} px, against ${verdictOutside} px outside presenter mode; ${where}`);
      if (key === 'ArrowLeft' && p.step === 0) await shotAt(page, 'presenter-first-step', projector);
    }
    await shotAt(page, 'presenter-step', projector);
    const covers = await studioCovers(page);
    assert(covers.length === 0, `the Studio button covers: ${covers.join('; ')}`);
  });

  await check("presenter mode's verdict pane: the verdict word at least as large as outside it", async () => {
    await page.getByTestId('pane-tab-verdict').click();
    await settle(page);
    const px = await page.locator('[data-testid=verdict] .verdict-word').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    assert(px >= verdictOutside, `${px} px in presenter mode against ${verdictOutside} px outside it`);
    await shotAt(page, 'presenter-verdict', projector);
    await page.getByTestId('pane-tab-task').click();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !('presenter' in document.documentElement.dataset), null, { timeout: 5000 });
  });

  await check('at 390×844 (a phone): one column, no sideways scrolling, every control reachable, the scenario list filling its tab', async () => {
    await page.getByTestId('mode-script').click();
    await page.getByTestId('lesson-leave').click();
    await page.setViewportSize(phone);
    const problems = [];
    for (const tab of ['task', 'scenarios', 'verdict']) {
      await page.evaluate((t) => window.__difflab.store.getState().layout.showTab(t), tab);
      await settle(page);
      const wide = await state(page, () => ({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth, width: innerWidth }));
      if (Math.max(wide.doc, wide.body) > wide.width) problems.push(`${tab}: the page is ${Math.max(wide.doc, wide.body)} px wide in a ${wide.width} px window`);
      problems.push(...(await controlsOutside(page)).map((c) => `${tab}: ${c}`));
      const covers = await studioCovers(page);
      problems.push(...covers.map((c) => `${tab}: the Studio button covers ${c}`));
      await shotAt(page, `phone-${tab}`, phone);
    }
    await page.evaluate(() => window.__difflab.store.getState().layout.showTab('scenarios'));
    await settle(page);
    const list = await page.locator('.scenario-list').evaluate((e) => ({ height: e.getBoundingClientRect().height, window: innerHeight }));
    if (list.height < list.window / 2) problems.push(`the scenario list is ${Math.round(list.height)} px high in an ${list.window} px window`);
    assert(problems.length === 0, problems.join('\n'));
  });

  await check('at 390×844, a script run brings the verdict forward with no tooltip over it', async () => {
    await page.evaluate(() => window.__difflab.store.getState().layout.showTab('task'));
    await page.getByTestId('run').click();
    await page.waitForFunction(() => window.__difflab.store.getState().layout.tab === 'verdict' && window.__difflab.store.getState().run.status === 'ready', null, { timeout: READY_TIMEOUT });
    await settle(page);
    await new Promise((ok) => setTimeout(ok, 300));
    const tooltip = await page.evaluate(() => document.querySelector('[data-testid=glossary-tooltip]')?.textContent ?? null);
    assert(tooltip === null, `a tooltip covers the verdict: “${tooltip}”`);
    const covers = await studioCovers(page);
    assert(covers.length === 0, `the Studio button covers: ${covers.join('; ')}`);
    await shotAt(page, 'phone-after-run', phone);
  });

  await checkPageStayedClean(check, browser);
}

export const journey = { name: 'classroom', run };
if (isMain(import.meta.url)) await runJourneys([journey]);
