import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../src/ui/stores/appStore.ts';
import { emptyDiff } from '../../../src/engine/index.ts';
import { RUN_FORMAT } from '../../../src/agent/record.ts';
import { formatReport } from '../../../src/agent/report.ts';
import { decodeState, encodeState } from '../../../src/studio/permalink.ts';
import { runRecordFromHtml, runRecordToHtml } from '../../../src/studio/runHtml.ts';
import { isScriptRun, MAX_KEPT_SCRIPT_RUNS, playgroundRunRecord, SCRIPT_BATCH, scriptRunsBeyondBound } from '../../../src/studio/playgroundRun.ts';
import { memoryRunHistory } from '../../../src/ui/agent/runHistory.ts';
import { splitRunFiles } from '../../../src/ui/components/studio/openShared.ts';
import { fakeWorkbench, loadedSuite, memoryStorage, outcomeFor, postedDiff, scenario } from './fixtures.ts';
import type { StepOutcome } from '../../../src/ui/workbench/protocol.ts';

const post = scenario('post');
const suite = loadedSuite('slack', [post]);

async function ranOnce() {
  const workbench = fakeWorkbench((source) => outcomeFor(post, source.includes('postMessage') ? postedDiff : emptyDiff()));
  const storage = memoryStorage();
  const store = createAppStore({ workbench, storage, now: () => 42, loadSolution: async () => '' }, { suites: [suite], reports: [] });
  const state = () => store.getState();
  await state().run.start();
  state().editor.setText("await fetch('https://slack.com/api/chat.postMessage')");
  await state().run.execute();
  return { store, state, storage };
}

describe('the studio slice', () => {
  it('builds the spec from clicked fields, validates hand edits, and saves the draft as a suite in the catalog', async () => {
    const { state } = await ranOnce();
    state().studio.toggleWhere('insert', 0, 'channel_id');
    expect(JSON.parse(state().studio.specText)).toEqual({ assertions: [{ diff_type: 'added', entity: 'messages', where: { channel_id: { eq: 'C1' } }, expected_count: 1 }] });
    expect(state().studio.specIssues).toEqual([]);
    state().studio.setSpecText('{"assertions":[{"diff_type":"added","entity":"messages","where":{"channel_id":{"contians":"C"}}}]}');
    expect(state().studio.spec).toBeNull();
    expect(state().studio.specIssues[0].path).toBe('$.assertions[0].where.channel_id.contians');
    state().studio.toggleWhere('insert', 0, 'message_text');
    expect(state().studio.spec?.assertions[0].where).toEqual({ channel_id: { eq: 'C1' }, message_text: { eq: 'hello' } });

    expect(state().studio.suiteDraft()).toEqual({ ok: false, error: 'write the prompt the agent will be given' });
    state().studio.setDraft({ id: 'say-hello', title: 'Say hello', prompt: 'Say hello in #general' });
    await state().studio.saveDraft();
    const saved = state().catalog.entries.find((e) => e.key === 'studio-say-hello/say-hello');
    expect(saved?.scenario.spec.assertions).toEqual(state().studio.spec?.assertions);
    expect(saved?.scenario.seed).toBe(post.seed);
  });

  it('records the run in the one run format with its faults, and the record survives a link and an HTML export', async () => {
    const { state } = await ranOnce();
    await state().studio.setFaults({ rateLimit: { every: 3, retryAfterSeconds: 2 } });
    const run = state().studio.runRecord()!;
    expect(run).toMatchObject({ format: RUN_FORMAT, model: { protocol: 'human' }, scenario: { id: 'post', suite: 'slack', prompt: 'Do post' }, verdict: { passed: true } });
    expect(run.human).toBeUndefined();
    expect(run.steps).toHaveLength(1);
    expect(run.steps[0].actions[0]).toMatchObject({ kind: 'js', ok: true, observation: 'done' });
    expect(run.steps[0].actions[0].code).toContain('chat.postMessage');
    expect(run.faults).toEqual({ rateLimit: { every: 3, retryAfterSeconds: 2 } });
    expect(await decodeState(await encodeState({ kind: 'run', run }))).toEqual({ kind: 'run', run });
    const html = runRecordToHtml(run);
    expect(html).toContain('Do post');
    expect(html).toContain('rate-limit=3/2');
    expect(html).not.toMatch(/<script(?! type="application\/json")/);
    expect(runRecordFromHtml(html)).toEqual(run);
    expect(splitRunFiles([{ name: 'r.html', text: html }, { name: 's.json', text: '{"tests":[]}' }])).toEqual({ runs: [run], rest: [{ name: 's.json', text: '{"tests":[]}' }] });
  });

  it('opens a shared run by adding it to the saved runs and replaying it; refuses what is not a run', async () => {
    const { state } = await ranOnce();
    const run = state().studio.runRecord()!;
    expect(state().studio.viewRun({ format: 'nope' })).toBe(false);
    expect(state().studio.viewRun({ format: 'difflab-run/1', scenario: { prompt: 'x' }, steps: [] })).toBe(false);
    expect(state().studio.message).toContain('expected "difflab-agent-run/1"');
    expect(state().studio.viewRun(run)).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(state().agent.history.map((r) => r.id)).toEqual([run.id]); // the kept Script-mode run, the same run
    expect(state().agent.open).toBe(true);
    expect(state().agent.replay?.id).toBe(run.id);
  });

  it('a shared run shows its last step’s verdict at once, and still after the environment starts and opens its scenario', async () => {
    const { state: first } = await ranOnce();
    first().editor.setText('// nothing');
    await first().run.execute();
    const run = first().studio.runRecord()!;
    expect(run.steps.map((s) => s.verdict.passed)).toEqual([true, false]);

    // A fresh page: the link is opened while PGlite is still starting.
    let started!: () => void;
    const gate = new Promise<void>((resolve) => (started = resolve));
    const workbench = fakeWorkbench(() => outcomeFor(post, emptyDiff()));
    const start = workbench.start.bind(workbench);
    workbench.start = async () => (await gate, start());
    const store = createAppStore({ workbench, loadSolution: async () => '' }, { suites: [loadedSuite('slack', [scenario('other'), post])], reports: [] });
    const state = () => store.getState();
    const starting = state().run.start();
    expect(state().studio.viewRun(run)).toBe(true);
    expect(state().agent.open).toBe(true);
    expect(state().agent.step).toBe(1);
    expect(state().run.last?.verdict).toEqual(run.steps[1].verdict);
    expect(state().catalog.selectedKey).toBe('slack/post');
    expect(state().layout.tab).toBe('verdict'); // where the panes are tabs, the verdict's is shown

    started();
    await starting;
    expect(workbench.calls).toContain('open:post');
    expect(state().run.openKey).toBe('slack/post');
    await new Promise((r) => setTimeout(r, 0));
    expect(state().run.last?.verdict).toEqual(run.steps[1].verdict);
    expect(state().run.last?.step).toBe(2);
  });

  it('stores a human attempt as a run record with the saved runs, reported as the human row', async () => {
    const { state } = await ranOnce();
    state().studio.startHuman();
    await Promise.resolve();
    await state().run.execute();
    const record = state().studio.finishHuman()!;
    expect(record).toMatchObject({ format: RUN_FORMAT, model: { protocol: 'human' }, scenario: { id: 'post', suite: 'slack' }, human: { budget: 15, outOfBudget: false }, verdict: { passed: true } });
    expect(record.steps).toHaveLength(1);
    expect(record.settings.maxIterations).toBe(15);
    // The attempt is stored once, beside the Script-mode run that came before the attempt started (its own row).
    expect(state().agent.history.filter((r) => r.human)).toEqual([record]);
    expect(formatReport(state().agent.history, {})).toMatch(/\nhuman +1 +100\.0%/);
    expect(formatReport(state().agent.history, {})).toMatch(/\nyou \(Script mode\) +1 +100\.0%/);
  });
});

describe('Script mode keeps every run', () => {
  it('keeps each attempt as a run of its scenario (script, language, verdict, diff), updated at each step and found again by a new page', async () => {
    const runHistory = memoryRunHistory();
    const workbench = fakeWorkbench((source) => outcomeFor(post, source.includes('postMessage') ? postedDiff : emptyDiff()));
    const make = () => createAppStore({ workbench, runHistory, loadSolution: async () => '' }, { suites: [suite], reports: [] });
    const store = make();
    const state = () => store.getState();
    await state().run.start();
    state().editor.setLanguage('bash');
    state().editor.setText('echo looking');
    await state().run.execute();
    state().editor.setLanguage('javascript');
    state().editor.setText("await fetch('https://slack.com/api/chat.postMessage')");
    await state().run.execute();
    const kept = await runHistory.list();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ batch: SCRIPT_BATCH, model: { protocol: 'human', label: 'you (Script mode)' }, scenario: { id: 'post', suite: 'slack' }, verdict: { passed: true } });
    expect(kept[0].steps.map((s) => [s.actions[0].kind, s.actions[0].code])).toEqual([['bash', 'echo looking'], ['js', "await fetch('https://slack.com/api/chat.postMessage')"]]);
    expect(kept[0].runDiff.inserts).toHaveLength(1);

    // A reset starts another attempt: another kept run.
    await state().run.reset();
    await state().run.execute();
    expect(await runHistory.list()).toHaveLength(2);

    const again = make();
    await again.getState().agent.loadHistory();
    expect(again.getState().agent.history.filter(isScriptRun).map((r) => r.steps.length).sort()).toEqual([1, 2]);
  });

  it('keeps no run for a first script that never ran (it does not parse); the next script starts the attempt', async () => {
    const runHistory = memoryRunHistory();
    const notParsed = (): StepOutcome => {
      const o = outcomeFor(post, emptyDiff(), false);
      return { ...o, script: { ...o.script, reason: 'syntax', error: "SyntaxError: expecting ',' (line 1)", requests: [], console: [] } };
    };
    const workbench = fakeWorkbench((source) => (source.includes('(') && !source.includes(')') ? notParsed() : outcomeFor(post, postedDiff)));
    const store = createAppStore({ workbench, runHistory, loadSolution: async () => '' }, { suites: [suite], reports: [] });
    const state = () => store.getState();
    await state().run.start();
    state().editor.setText("await fetch('https://slack.com/api/chat.postMessage'");
    await state().run.execute();
    expect(await runHistory.list()).toEqual([]);
    state().editor.setText("await fetch('https://slack.com/api/chat.postMessage')");
    await state().run.execute();
    const kept = await runHistory.list();
    expect(kept).toHaveLength(1);
    expect(kept[0].steps.map((s) => s.actions[0].code)).toEqual(["await fetch('https://slack.com/api/chat.postMessage')"]);
    expect(kept[0].verdict.passed).toBe(true);
  });

  it('keeps at most MAX_KEPT_SCRIPT_RUNS of them, dropping the oldest', () => {
    const run = (i: number) => ({ ...playgroundRunRecord({ id: `r${i}`, scenario: post, steps: [], faults: {}, startedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), ms: 0, batch: SCRIPT_BATCH }) });
    const runs = Array.from({ length: MAX_KEPT_SCRIPT_RUNS + 2 }, (_, i) => run(i));
    const model = { ...runs[0], id: 'model', model: { protocol: 'openai' as const, baseURL: '', model: 'm' }, batch: 'b' };
    expect(scriptRunsBeyondBound([model, ...runs])).toEqual(['r1', 'r0']);
  });
});

describe('authoring with the suite’s ignored fields', () => {
  it('leaves the open scenario’s ignored columns out of expected_changes', async () => {
    const renamed = scenario('rename', { spec: { assertions: [], ignore_fields: { global: ['updated_at'] } } });
    const diff = {
      inserts: [],
      updates: [{ __table__: 'channels', before: { channel_id: 'C1', channel_name: 'a', updated_at: '1' }, after: { channel_id: 'C1', channel_name: 'b', updated_at: '2' } }],
      deletes: [],
    };
    const workbench = fakeWorkbench(() => outcomeFor(renamed, diff));
    const store = createAppStore({ workbench, storage: memoryStorage(), now: () => 1, loadSolution: async () => '' }, { suites: [loadedSuite('s', [renamed])], reports: [] });
    await store.getState().run.start();
    await store.getState().run.execute();
    store.getState().studio.toggleWhere('update', 0, 'channel_id');
    expect(store.getState().studio.spec?.assertions).toEqual([
      { diff_type: 'changed', entity: 'channels', where: { channel_id: { eq: 'C1' } }, expected_changes: { channel_name: { from: { eq: 'a' }, to: { eq: 'b' } } }, expected_count: 1 },
    ]);
    store.getState().studio.ignoreField('channels', 'channel_name');
    expect(store.getState().studio.spec?.ignore_fields).toEqual({ global: ['updated_at'], channels: ['channel_name'] });
  });
});
