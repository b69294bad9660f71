import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../src/ui/stores/appStore.ts';
import { storageKeys } from '../../../src/ui/stores/appState.ts';
import { starterScript } from '../../../src/ui/stores/starterScript.ts';
import { emptyDiff } from '../../../src/engine/index.ts';
import { fakeWorkbench, loadedSuite, memoryStorage, outcomeFor, postedDiff, scenario } from './fixtures.ts';

const fixturesDir = join(import.meta.dirname, '..', '..', 'fixtures');

const post = scenario('post', { solution: 'solutions/post.js' });
const topic = scenario('topic');
const suite = loadedSuite('slack', [post, topic], ['/scenarios/slack/solutions/post.js']);

function setup(options: { initialKey?: string } = {}) {
  const workbench = fakeWorkbench((source) => outcomeFor(post, source.includes('postMessage') ? postedDiff : emptyDiff()));
  const storage = memoryStorage();
  const solutions: Record<string, string> = { '/scenarios/slack/solutions/post.js': "await fetch('https://slack.com/api/chat.postMessage')" };
  const store = createAppStore(
    { workbench, storage, now: () => 42, loadSolution: async (p) => solutions[p] },
    { suites: [suite], reports: [], initialKey: options.initialKey },
  );
  return { store, workbench, storage, state: () => store.getState() };
}

describe('the app store', () => {
  it('starts with the first scenario selected and the starter script, and Run waits for the environment', () => {
    const { state } = setup();
    expect(state().catalog.selectedKey).toBe('slack/post');
    expect(state().editor.text).toBe(starterScript(post));
    expect(state().run.status).toBe('starting');
    expect(state().catalog.visibleKeys).toEqual(['slack/post', 'slack/topic']);
  });

  it('opens the selected scenario once the environment has started, and records when it became ready', async () => {
    const { state, workbench } = setup({ initialKey: 'slack/topic' });
    await state().run.start();
    expect(workbench.calls).toEqual(['start', 'open:topic']);
    expect(state().run).toMatchObject({ status: 'ready', openKey: 'slack/topic', readyAt: 42 });
    expect(state().run.tables.map((t) => t.name)).toEqual(['messages', 'channels']);
  });

  it('does not run before the environment is ready', async () => {
    const { state, workbench } = setup();
    await state().run.execute();
    expect(workbench.calls).toEqual([]);
  });

  it('runs the editor text as a step and keeps the outcome; reset clears it', async () => {
    const { state, workbench } = setup();
    await state().run.start();
    await state().editor.showSolution();
    expect(state().editor.origin).toBe('solution');
    await state().run.execute();
    const run = state().run;
    expect(run.status).toBe('ready');
    expect(run.steps).toBe(1);
    expect(run.last?.verdict.passed).toBe(true);
    expect(run.last?.runDiff.inserts).toHaveLength(1);
    // The final console replaces the streamed lines.
    expect(run.console).toEqual([{ level: 'log', text: 'done' }]);
    expect(run.requests).toHaveLength(1);

    await state().run.reset();
    expect(workbench.calls.slice(-1)).toEqual(['reset']);
    expect(state().run).toMatchObject({ status: 'ready', steps: 0, last: null, console: [] });

    state().editor.setText('');
    await state().run.execute();
    expect(state().run.last?.verdict.passed).toBe(false);
  });

  it('keeps a draft per scenario across switches and page loads', async () => {
    vi.useFakeTimers();
    const { state, storage } = setup();
    await state().run.start();
    state().editor.setText('// mine');
    state().catalog.select('slack/topic');
    expect(state().editor.text).toBe(starterScript(topic));
    expect(state().run.status).toBe('opening');
    state().catalog.select('slack/post');
    expect(state().editor).toMatchObject({ text: '// mine', origin: 'draft' });
    vi.advanceTimersByTime(1000);
    vi.useRealTimers();
    expect(JSON.parse(storage.data.get(storageKeys.drafts)!)).toEqual({ 'slack/post': { javascript: '// mine' } });
    expect(JSON.parse(storage.data.get(storageKeys.selected)!)).toBe('slack/post');

    // A new page with the same storage comes back to the same scenario and draft.
    const again = createAppStore(
      { workbench: fakeWorkbench(() => outcomeFor(post, emptyDiff())), storage, loadSolution: async () => '' },
      { suites: [suite], reports: [], initialKey: 'slack/post' },
    );
    expect(again.getState().editor).toMatchObject({ text: '// mine', origin: 'draft' });
  });

  it('Show solution and Starter keep the draft, across a reload, and one action brings it back', async () => {
    vi.useFakeTimers();
    try {
      const { state, storage } = setup();
      await state().run.start();
      state().editor.setText('// mine');
      vi.advanceTimersByTime(1000);
      await state().editor.showSolution();
      expect(state().editor).toMatchObject({ origin: 'solution', text: "await fetch('https://slack.com/api/chat.postMessage')" });
      expect(state().editor.draftText()).toBe('// mine');
      state().catalog.select('slack/topic');
      state().catalog.select('slack/post');
      expect(state().editor).toMatchObject({ text: '// mine', origin: 'draft' });
      await state().editor.showSolution();
      state().editor.showStarter();
      expect(state().editor.origin).toBe('starter');
      vi.advanceTimersByTime(1000);
      const again = createAppStore(
        { workbench: fakeWorkbench(() => outcomeFor(post, emptyDiff())), storage, loadSolution: async () => '' },
        { suites: [suite], reports: [], initialKey: 'slack/post' },
      );
      expect(again.getState().editor).toMatchObject({ text: '// mine', origin: 'draft' });
      state().editor.backToDraft();
      expect(state().editor).toMatchObject({ text: '// mine', origin: 'draft' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('the language picker shows the draft in that language or its starter, never the other language’s text', async () => {
    vi.useFakeTimers();
    try {
      const { state, storage } = setup();
      state().editor.setText('const x = 1;');
      state().editor.setLanguage('bash');
      expect(state().editor).toMatchObject({ language: 'bash', origin: 'starter', text: starterScript(post, 'bash') });
      state().editor.setText('echo hi');
      state().editor.setLanguage('javascript');
      expect(state().editor).toMatchObject({ text: 'const x = 1;', origin: 'draft' });
      state().editor.setLanguage('bash');
      expect(state().editor.text).toBe('echo hi');
      vi.advanceTimersByTime(1000);
      // The language and both drafts survive a reload.
      const again = createAppStore(
        { workbench: fakeWorkbench(() => outcomeFor(post, emptyDiff())), storage, loadSolution: async () => '' },
        { suites: [suite], reports: [], initialKey: 'slack/post' },
      );
      expect(again.getState().editor).toMatchObject({ language: 'bash', text: 'echo hi', origin: 'draft' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the drafts saved in the one-language format (they were JavaScript)', () => {
    const storage = memoryStorage();
    storage.setItem(storageKeys.draftsV1, JSON.stringify({ 'slack/post': '// from before' }));
    const store = createAppStore(
      { workbench: fakeWorkbench(() => outcomeFor(post, emptyDiff())), storage, loadSolution: async () => '' },
      { suites: [suite], reports: [], initialKey: 'slack/post' },
    );
    expect(store.getState().editor).toMatchObject({ text: '// from before', origin: 'draft', drafts: { 'slack/post': { javascript: '// from before' } } });
  });

  it('says so when a draft could not be saved (a 5 MB draft in full storage), and clears it once one is saved', async () => {
    vi.useFakeTimers();
    try {
      const { state, storage } = setup();
      const quota = 5_000_000;
      const setItem = storage.setItem;
      storage.setItem = (k, v) => {
        if (v.length * 2 > quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        setItem(k, v);
      };
      state().editor.setText('// ' + 'x'.repeat(2_600_000));
      vi.advanceTimersByTime(1000);
      expect(state().editor.saveError).toMatch(/could not be saved: the browser's storage for this page is full \(the drafts take 5\.2 MB\)/);
      expect(storage.data.get(storageKeys.drafts)).toBeUndefined();
      state().editor.setText('// short');
      vi.advanceTimersByTime(1000);
      expect(state().editor.saveError).toBeNull();
      expect(JSON.parse(storage.data.get(storageKeys.drafts)!)).toEqual({ 'slack/post': { javascript: '// short' } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores the answer for a scenario that is no longer selected', async () => {
    const { state } = setup();
    await state().run.start();
    const first = state().run.open(state().catalog.entries[1]);
    const second = state().run.open(state().catalog.entries[0]);
    await Promise.all([first, second]);
    expect(state().run.openKey).toBe('slack/post');
  });

  it('filters keep the visible list in step with the catalog', () => {
    const { state } = setup();
    state().catalog.setQuery('topic');
    expect(state().catalog.visibleKeys).toEqual(['slack/topic']);
    state().catalog.clearFilters();
    expect(state().catalog.visibleKeys).toHaveLength(2);
  });

  it('imports seeds before opening a scenario of the imported suite, and reports missing seeds', async () => {
    const { state, workbench } = setup();
    await state().run.start();
    state().catalog.setQuery('topic');
    const suiteFile = {
      name: 'bench.json',
      service: 'slack',
      tests: [
        { id: 't1', name: 'One', prompt: 'p', seed_template: 'bench_seed', assertions: [{ diff_type: 'added', entity: 'messages' }] },
        { id: 't2', name: 'Two', prompt: 'p', seed_template: 'other_seed', assertions: [{ diff_type: 'added', entity: 'messages' }] },
      ],
    };
    await state().catalog.importFiles([
      { name: 'bench.json', text: JSON.stringify(suiteFile) },
      { name: 'bench_seed.json', text: JSON.stringify({ messages: [] }) },
    ]);
    expect(workbench.calls.slice(2)).toEqual(['registerSeed:bench_seed', 'checkSuite', 'open:t1']);
    const c = state().catalog;
    expect(c.selectedKey).toBe('bench.json/t1');
    expect(c.filters.query).toBe('');
    expect(c.visibleKeys).toContain('bench.json/t1');
    expect(c.suites.map((s) => [s.name, s.origin])).toEqual([
      ['Suite slack', 'project'],
      ['bench.json', 'imported'],
    ]);
    const report = c.reports.find((r) => r.file === 'bench.json')!;
    expect(report.warnings.map((w) => w.message)).toEqual(['seed "other_seed" is not loaded: import other_seed.json to run these scenarios']);
    expect(c.importedSeeds).toEqual(['bench_seed']);
  });

  it('imports a Box seed with its filesystem/ folder: the contents go into the seed, absent and disagreeing ones are reported', async () => {
    const { state, workbench } = setup();
    const dir = join(fixturesDir, 'box-filesystem', 'seeds');
    let registered: any = null;
    workbench.registerSeed = async (_name, seed) => ((registered = seed), { tables: 4, rows: 10 });
    const files = ['reports/q1.csv', 'images/dot.png', 'notes/drift.txt'].map((path) => ({
      name: `seeds/filesystem/${path}`,
      text: '',
      bytes: new Uint8Array(readFileSync(join(dir, 'filesystem', path))),
    }));
    await state().catalog.importFiles([{ name: 'seeds/box_filesystem_demo.json', text: readFileSync(join(dir, 'box_filesystem_demo.json'), 'utf8') }, ...files]);
    const versions = registered.box_file_versions;
    expect(versions.find((v: any) => v.file_id === '501')).toMatchObject({ content: readFileSync(join(dir, 'filesystem/reports/q1.csv'), 'utf8'), content_encoding: 'utf8' });
    expect(versions.find((v: any) => v.file_id === '502').content_encoding).toBe('base64');
    expect(versions.find((v: any) => v.file_id === '504').content).toBeUndefined();
    const report = state().catalog.reports.find((r) => r.file === 'seeds/box_filesystem_demo.json')!;
    expect(report.summary).toContain('3 of 4 file contents from filesystem/');
    expect(report.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^absent.*reports\/missing\.csv/), expect.stringMatching(/^notes\/drift\.txt: 41 bytes/)]);
    expect(state().catalog.reports.some((r) => r.file.includes('filesystem/'))).toBe(false);
  });

  it('a suite that does not load still gets the name checks, after its other problems', async () => {
    const { state, workbench } = setup();
    const asked: unknown[] = [];
    workbench.checkSuite = async (suite) => {
      asked.push(suite);
      return [{ path: '$.tests[0].assertions[0].entity', message: 'no table "mesages" in slack (did you mean "messages"?)' }];
    };
    await state().run.start();
    const broken = { format: 'difflab-suite/1', id: 'b', name: 'B', services: ['slack'], seed: 's', tests: [{ id: 'a', title: 'A', assertions: [{ diff_type: 'added', entity: 'mesages' }] }] };
    await state().catalog.importFiles([{ name: 'broken.json', text: JSON.stringify(broken) }]);
    expect(asked).toEqual([{ services: ['slack'], tests: [{ spec: { assertions: broken.tests[0].assertions } }] }]);
    const report = state().catalog.reports.find((r) => r.file === 'broken.json')!;
    expect(report.ok).toBe(false);
    expect(report.issues.map((i) => i.path)).toEqual(['$.tests[0].prompt', '$.tests[0].assertions[0].entity']);
    expect(report.summary).toBe('not loaded: 2 problems');
  });

  it('reopens a scenario that failed for a missing seed once the seed is imported', async () => {
    const { state, workbench } = setup();
    const registered = new Set<string>();
    const open = workbench.open;
    workbench.registerSeed = async (name) => (registered.add(name), { tables: 1, rows: 1 });
    workbench.open = async (s) => {
      if (!registered.has(s.seed)) throw new Error(`seed "${s.seed}" is not loaded`);
      return open(s);
    };
    await state().run.start();
    expect(state().run).toMatchObject({ status: 'failed', error: '“Scenario post” could not be opened: seed "seed_a" is not loaded' });
    await state().catalog.importFiles([{ name: 'seed_a.json', text: JSON.stringify({ messages: [] }) }]);
    expect(state().run).toMatchObject({ status: 'ready', openKey: 'slack/post', error: null });
  });

  it('loads the state browser lazily and re-reads it only when the environment changed', async () => {
    const { state, workbench } = setup();
    await state().run.start();
    await state().stateBrowser.refresh();
    expect(state().stateBrowser.selected).toEqual({ service: 'slack', table: 'messages' });
    expect(state().stateBrowser.rows).toHaveLength(1);
    const before = workbench.calls.length;
    await state().stateBrowser.refresh();
    expect(workbench.calls.length).toBe(before);
    await state().run.execute();
    await state().stateBrowser.refresh();
    expect(workbench.calls.slice(before)).toEqual(['run', 'tables', 'rows:messages:0:50']);
  });

  it('pins and hovers assertions for highlighting, hover winning', () => {
    const { state } = setup();
    state().diffView.pin(1);
    state().diffView.hover(0);
    expect(state().diffView).toMatchObject({ pinned: 1, hovered: 0 });
    state().diffView.pin(1);
    expect(state().diffView.pinned).toBeNull();
  });
});
