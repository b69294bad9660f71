import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../src/ui/stores/appStore.ts';
import { emptyDiff } from '../../../src/engine/index.ts';
import { HUMAN_RESULTS_KEY } from '../../../src/studio/humanBaseline.ts';
import { decodeState, encodeState } from '../../../src/studio/permalink.ts';
import { runRecordFromHtml, runRecordToHtml } from '../../../src/studio/runHtml.ts';
import { splitRunFiles } from '../../../src/ui/components/studio/openShared.ts';
import { fakeWorkbench, loadedSuite, memoryStorage, outcomeFor, postedDiff, scenario } from './fixtures.ts';

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
  state().studio.recordStep(state().run.last!);
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

  it('records the run with its faults, and the record survives a link and an HTML export', async () => {
    const { state } = await ranOnce();
    await state().studio.setFaults({ rateLimit: { every: 3, retryAfterSeconds: 2 } });
    const run = state().studio.runRecord()!;
    expect(run).toMatchObject({ format: 'difflab-run/1', actor: 'script', scenario: { id: 'post', suiteId: 'slack' }, grade: { passed: true } });
    expect(run.steps).toHaveLength(1);
    expect(run.steps[0].code).toContain('chat.postMessage');
    expect(run.faults).toEqual({ rateLimit: { every: 3, retryAfterSeconds: 2 } });
    expect(await decodeState(await encodeState({ kind: 'run', run }))).toEqual({ kind: 'run', run });
    const html = runRecordToHtml(run);
    expect(html).toContain('Do post');
    expect(html).not.toMatch(/<script(?! type="application\/json")/);
    expect(runRecordFromHtml(html)).toEqual(run);
    expect(splitRunFiles([{ name: 'r.html', text: html }, { name: 's.json', text: '{"tests":[]}' }])).toEqual({ runs: [run], rest: [{ name: 's.json', text: '{"tests":[]}' }] });
    expect(state().studio.viewRun(run)).toBe(true);
    expect(state().studio.viewRun({ format: 'nope' })).toBe(false);
  });

  it('stores a human attempt with its steps and verdict', async () => {
    const { state, storage } = await ranOnce();
    state().studio.startHuman();
    await Promise.resolve();
    await state().run.execute();
    const result = state().studio.finishHuman()!;
    expect(result).toMatchObject({ scenarioKey: 'slack/post', passed: true, steps: 1, outOfBudget: false });
    expect(JSON.parse(storage.data.get(HUMAN_RESULTS_KEY)!)).toEqual([result]);
    expect(state().studio.humanResults).toEqual([result]);
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
