// The journeys' view of a browser page: a small Playwright-like subset (getByTestId, getByRole, getByLabel,
// locator(css, { hasText }), click, fill, waitFor, …) written over puppeteer-core, so that one journey's code runs
// unchanged in Chromium (CDP) and Firefox (WebDriver BiDi). Elements are found by a resolver that runs inside the
// page on every attempt, so a locator never holds a stale element; actions wait until exactly one visible match.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const DEFAULT_TIMEOUT = 30_000;
const POLL_MS = 50;

/** A string or RegExp as data the page can use. */
function matcher(m) {
  if (m === undefined) return undefined;
  return m instanceof RegExp ? { re: m.source, flags: m.flags } : { s: String(m) };
}

/**
 * Runs in the page: the elements a chain of parts selects, in document order. Self-contained (it is serialised).
 * A string matches as a case-insensitive substring of the whitespace-normalised text, as Playwright's do.
 */
function resolveInPage(chain) {
  const norm = (t) => (t ?? '').replace(/\s+/g, ' ').trim();
  const matches = (m, text) => (m.re !== undefined ? new RegExp(m.re, m.flags).test(norm(text)) : norm(text).toLowerCase().includes(norm(m.s).toLowerCase()));
  const implicitRole = (e) => {
    const tag = e.tagName.toLowerCase();
    if (tag === 'button') return 'button';
    if (tag === 'a' && e.hasAttribute('href')) return 'link';
    if (tag === 'select') return 'combobox';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'input') {
      const t = (e.getAttribute('type') ?? 'text').toLowerCase();
      return { checkbox: 'checkbox', radio: 'radio', range: 'slider', button: 'button', submit: 'button' }[t] ?? (t === 'search' ? 'searchbox' : 'textbox');
    }
    return null;
  };
  const byIds = (ids) => ids.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  const name = (e) => e.getAttribute('aria-label') ?? (e.getAttribute('aria-labelledby') ? byIds(e.getAttribute('aria-labelledby')) : null) ?? e.textContent ?? e.getAttribute('title') ?? '';
  const labelsOf = (e) => [e.getAttribute('aria-label'), e.getAttribute('aria-labelledby') && byIds(e.getAttribute('aria-labelledby')), ...[...(e.labels ?? [])].map((l) => l.textContent)].filter((x) => x);
  const uniq = (els) => [...new Set(els)];
  let set = [document];
  for (const part of chain) {
    if (part.kind === 'css') set = uniq(set.flatMap((r) => [...r.querySelectorAll(part.sel)]));
    else if (part.kind === 'role')
      set = uniq(set.flatMap((r) => [...r.querySelectorAll('*')])).filter((e) => (e.getAttribute('role') ?? implicitRole(e)) === part.role && (!part.name || matches(part.name, name(e))));
    else if (part.kind === 'label')
      set = uniq(set.flatMap((r) => [...r.querySelectorAll('input,textarea,select,button,[aria-label],[aria-labelledby],[contenteditable]')])).filter((e) => labelsOf(e).some((l) => matches(part.text, l)));
    else if (part.kind === 'hasText') set = set.filter((e) => matches(part.text, e.textContent));
    else if (part.kind === 'nth') set = part.i < 0 ? set.slice(part.i).slice(0, 1) : set.slice(part.i, part.i + 1);
  }
  return set.filter((e) => e !== document);
}

/** Runs in the page: the one element of `els` an action may use, or why there is none. */
function pickOne(els, wantVisible, wantEnabled) {
  if (els.length === 0) return 'no element';
  if (els.length > 1) return `${els.length} elements (a locator acting on one must select one)`;
  const e = els[0];
  if (wantVisible && (e.getClientRects().length === 0 || getComputedStyle(e).visibility === 'hidden')) return 'an element that is not visible';
  if (wantEnabled && (e.disabled || e.closest('fieldset:disabled') || e.getAttribute('aria-disabled') === 'true')) return 'an element that is disabled';
  return e;
}

function describe(chain) {
  return chain
    .map((p) =>
      p.kind === 'css' ? p.sel : p.kind === 'role' ? `role=${p.role}${p.name ? `[name~${p.name.s ?? `/${p.name.re}/`}]` : ''}` : p.kind === 'label' ? `label~${p.text.s ?? `/${p.text.re}/`}` : p.kind === 'hasText' ? `:has-text(${p.text.s ?? `/${p.text.re}/`})` : `nth(${p.i})`,
    )
    .join(' >> ');
}

/** Evaluates the expression `expr` in `raw` (a puppeteer Page) and returns its awaited value through JSON. */
async function viaJson(raw, expr) {
  const text = await raw.evaluate(`Promise.resolve(${expr}).then((v) => (v === undefined ? undefined : JSON.stringify(v)))`);
  return text === undefined ? undefined : JSON.parse(text);
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

class Locator {
  constructor(page, chain) {
    this.page = page;
    this.chain = chain;
  }
  #with(part) {
    return new Locator(this.page, [...this.chain, part]);
  }
  locator(sel, { hasText } = {}) {
    const l = this.#with({ kind: 'css', sel });
    return hasText === undefined ? l : l.#with({ kind: 'hasText', text: matcher(hasText) });
  }
  getByTestId(id) {
    return this.locator(`[data-testid="${id}"]`);
  }
  getByRole(role, { name } = {}) {
    return this.#with({ kind: 'role', role, name: matcher(name) });
  }
  getByLabel(text) {
    return this.#with({ kind: 'label', text: matcher(text) });
  }
  filter({ hasText }) {
    return this.#with({ kind: 'hasText', text: matcher(hasText) });
  }
  first() {
    return this.#with({ kind: 'nth', i: 0 });
  }
  last() {
    return this.#with({ kind: 'nth', i: -1 });
  }
  nth(i) {
    return this.#with({ kind: 'nth', i });
  }

  /** Evaluates `fn(elements, arg)` in the page over every current match. */
  async #all(fn, arg) {
    return viaJson(this.page.raw, `(${fn})((${resolveInPage})(${JSON.stringify(this.chain)}), ${JSON.stringify(arg ?? null)})`);
  }

  /**
   * The one element this locator selects, once it is there (and, with `visible`, shown; with `enabled`, enabled).
   * Throws after the timeout with what was found instead.
   */
  async handle({ timeout = DEFAULT_TIMEOUT, visible = true, enabled = false } = {}) {
    const deadline = Date.now() + timeout;
    let last = 'no element';
    for (;;) {
      const h = await this.page.raw.evaluateHandle(`(${pickOne})((${resolveInPage})(${JSON.stringify(this.chain)}), ${visible}, ${enabled})`);
      const el = h.asElement();
      if (el) return el;
      last = await h.jsonValue();
      await h.dispose();
      if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${describe(this.chain)}: found ${last}`);
      await sleep(POLL_MS);
    }
  }

  /** Runs `fn` on the one element this locator selects, then lets the page forget the handle. */
  async #use(opts, fn) {
    const el = await this.handle(opts);
    try {
      return await fn(el);
    } finally {
      await el.dispose().catch(() => undefined);
    }
  }

  async waitFor({ state = 'visible', timeout = DEFAULT_TIMEOUT } = {}) {
    // `visible`/`attached`: at least one match (journeys wait on lists' first rows); `hidden`/`detached`: none.
    const present = state === 'visible' || state === 'attached';
    const countVisible = state === 'visible' || state === 'hidden';
    const deadline = Date.now() + timeout;
    for (;;) {
      const n = await this.#all((els, vis) => els.filter((e) => !vis || e.getClientRects().length > 0).length, countVisible);
      if (present ? n > 0 : n === 0) return;
      if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${describe(this.chain)} to be ${state}`);
      await sleep(POLL_MS);
    }
  }

  async count() {
    return this.#all((els) => els.length);
  }
  async isVisible() {
    return this.#all((els) => els.length > 0 && els[0].getClientRects().length > 0);
  }
  async isEnabled() {
    return this.#use({ visible: false }, (el) => el.evaluate((e) => !e.disabled));
  }
  async textContent({ timeout } = {}) {
    return this.#use({ visible: false, timeout }, (el) => el.evaluate((e) => e.textContent));
  }
  async innerText() {
    return this.#use({ visible: false }, (el) => el.evaluate((e) => e.innerText));
  }
  async getAttribute(name) {
    return this.#use({ visible: false }, (el) => el.evaluate((e, n) => e.getAttribute(n), name));
  }
  async inputValue() {
    return this.#use({ visible: false }, (el) => el.evaluate((e) => e.value));
  }
  async allTextContents() {
    return this.#all((els) => els.map((e) => e.textContent ?? ''));
  }
  /** `fn(element, arg)` on the one match. */
  async evaluate(fn, arg) {
    return this.#use({ visible: false }, (el) => el.evaluate(fn, arg));
  }
  /** `fn(elements, arg)` over every match. */
  async evaluateAll(fn, arg) {
    return this.#all(fn, arg);
  }
  async boundingBox() {
    return this.#use({ visible: false }, (el) => el.evaluate((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }));
  }
  async scrollIntoViewIfNeeded() {
    await this.#use({}, (el) => el.evaluate((e) => e.scrollIntoView({ block: 'nearest', inline: 'nearest' })));
  }

  async click({ timeout } = {}) {
    await this.#use({ timeout, enabled: true }, (el) => el.click());
  }
  async hover() {
    await this.#use({}, (el) => el.hover());
  }
  async focus() {
    await this.#use({ visible: false }, (el) => el.evaluate((e) => e.focus()));
  }
  /**
   * Replaces the value of an input, textarea or range as typing would end up: the native value setter (so React's
   * value tracker sees a change), then `input` and `change` events.
   */
  async fill(value) {
    await this.#use({ enabled: true }, (el) => el.evaluate((e, v) => {
      e.focus();
      const proto = e instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : e instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value').set.call(e, v);
      e.dispatchEvent(new Event('input', { bubbles: true }));
      e.dispatchEvent(new Event('change', { bubbles: true }));
    }, String(value)));
  }
  async press(key) {
    await this.focus();
    await this.page.keyboard.press(key);
  }
  async selectOption(value) {
    await this.#use({ enabled: true }, (el) => el.select(value));
  }
  /** Gives a file input the files `{ name, mimeType, buffer }` (written to a temporary folder first). */
  async setInputFiles(files) {
    const list = Array.isArray(files) ? files : [files];
    const dir = await mkdtemp(path.join(tmpdir(), 'difflab-e2e-upload-'));
    const paths = [];
    // A folder each: two files may share a name (an Agent-Diff suite and its seed often do).
    for (const [i, f] of list.entries()) {
      await mkdir(path.join(dir, String(i)));
      const p = path.join(dir, String(i), f.name);
      await writeFile(p, f.buffer);
      paths.push(p);
    }
    await this.#use({ visible: false }, (el) => el.uploadFile(...paths));
  }
}

/** Key names as Playwright writes them ("Control+Enter", "Shift+Tab"), pressed through puppeteer's keyboard. */
class Keyboard {
  constructor(raw) {
    this.raw = raw;
  }
  async press(combo) {
    const keys = combo.split('+');
    const main = keys.pop();
    for (const k of keys) await this.raw.keyboard.down(k);
    await this.raw.keyboard.press(main);
    for (const k of keys.reverse()) await this.raw.keyboard.up(k);
  }
  async type(text) {
    await this.raw.keyboard.type(text);
  }
}

/** One tab of a browser, with the journeys' API. `raw` is the puppeteer Page, for what the subset lacks. */
export class Page {
  constructor(raw, browser) {
    this.raw = raw;
    this.browser = browser;
    this.keyboard = new Keyboard(raw);
    this.mouse = raw.mouse;
  }
  #root() {
    return new Locator(this, []);
  }
  locator(sel, opts) {
    return this.#root().locator(sel, opts);
  }
  getByTestId(id) {
    return this.#root().getByTestId(id);
  }
  getByRole(role, opts) {
    return this.#root().getByRole(role, opts);
  }
  getByLabel(text) {
    return this.#root().getByLabel(text);
  }
  async goto(url) {
    await this.raw.goto(url, { waitUntil: 'load', timeout: 120_000 });
  }
  /** Waits until `fn(arg)` is truthy in the page; returns its value. */
  async waitForFunction(fn, arg, { timeout = DEFAULT_TIMEOUT, polling = 100 } = {}) {
    const h = await this.raw.waitForFunction(fn, { timeout, polling }, arg);
    const v = await h.jsonValue().catch(() => true);
    await h.dispose();
    return v;
  }
  /**
   * `fn(arg)` in the page, its (awaited) value brought back as JSON. JSON on both sides makes results the same in
   * both engines: WebDriver BiDi sends an object met twice as a reference that puppeteer reads back as undefined.
   */
  async evaluate(fn, arg) {
    return viaJson(this.raw, `(${fn})(${arg === undefined ? '' : JSON.stringify(arg)})`);
  }
  async waitForTimeout(ms) {
    await sleep(ms);
  }
  async screenshot({ path: file }) {
    await this.raw.screenshot({ path: file });
  }
  viewportSize() {
    return this.size ?? this.raw.viewport();
  }
  async setViewportSize(size) {
    try {
      await this.raw.setViewport(size);
    } catch (err) {
      // puppeteer 24.43 sends BiDi's screen-orientation override with the viewport; firefox-esr 140 does not know
      // it (153 does). The viewport command itself went first and applied, so only that refusal is tolerated.
      if (!/unknown command emulation\.setScreenOrientationOverride/.test(String(err?.message))) throw err;
      // And there the new size reaches the page a moment after the command returns: wait for it.
      await this.raw.waitForFunction((w, h) => innerWidth === w && innerHeight === h, { timeout: 5000, polling: 20 }, size.width, size.height);
    }
    this.size = size;
  }
  /** The element that has focus, as a short description (tag, test id, data-scenario, label). */
  async focused() {
    return this.raw.evaluate(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return null;
      return { tag: e.tagName.toLowerCase(), testId: e.getAttribute('data-testid'), scenario: e.getAttribute('data-scenario'), id: e.id, label: e.getAttribute('aria-label'), text: (e.textContent ?? '').slice(0, 60) };
    });
  }
  /**
   * Runs `action` and returns the file the page saved through a temporary download link (`<a download>`) as
   * { name, text }. The link's click is caught in the page, so no browser download machinery is involved.
   */
  async captureDownload(action, { timeout = DEFAULT_TIMEOUT } = {}) {
    await this.raw.evaluate(() => {
      window.__e2eDownloads = [];
      if (window.__e2eDownloadHooked) return;
      window.__e2eDownloadHooked = true;
      const click = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function () {
        if (!this.download) return click.call(this);
        const name = this.download;
        window.__e2eDownloads.push(fetch(this.href).then((r) => r.text()).then((text) => ({ name, text })));
      };
    });
    await action();
    await this.waitForFunction(() => window.__e2eDownloads.length > 0, null, { timeout });
    return this.raw.evaluate(() => window.__e2eDownloads[0]);
  }
  async close() {
    await this.raw.close();
  }
}
