import { describe, expect, it } from 'vitest';
import { agentStorageKeys, REFERENCE_PRESET } from '../../../src/ui/stores/agentSlice.ts';
import { emptyDiff } from '../../../src/engine/index.ts';
import { evaluateDiff } from '../../../src/evaluation/index.ts';
import type { Judge } from '../../../src/evaluation/index.ts';
import { fakeWorkbench, loadedSuite, outcomeFor, postedDiff, scenario, startedStore } from './fixtures.ts';
import { startFakeModelServer } from '../../helpers/fakeModelServer.ts';

const post = scenario('post', { solution: 'solutions/post.js' });
const suite = loadedSuite('slack', [post], ['/scenarios/slack/solutions/post.js']);

async function setup() {
  const base = fakeWorkbench((source) => outcomeFor(post, source.includes('postMessage') ? postedDiff : emptyDiff()));
  const workbench = Object.assign(base, {
    async agentFinish(answer: string | null) {
      base.calls.push(`finish:${answer}`);
      return { runDiff: postedDiff, verdict: evaluateDiff(post.spec, postedDiff, { closedWorld: true }) };
    },
  });
  return { workbench, ...(await startedStore(workbench, suite)) };
}

describe('agent mode store', () => {
  it('a model that never answers gives no verdict: the run is not run, not failed, and not saved', async () => {
    const { state, history } = await setup();
    const server = await startFakeModelServer([{ status: 401, message: 'invalid key' }]);
    try {
      state().agent.choosePreset('openai');
      state().agent.setSettings({ baseURL: server.openaiBaseURL });
      state().agent.setApiKey('sk-wrong');
      await state().agent.runLive();
      const a = state().agent;
      expect(a.notRun).toMatchObject({ kind: 'auth' });
      expect(a.notRun!.message).toMatch(/refused the API key/);
      expect(a.replay).toBeNull();
      expect(state().run.last).toBeNull();
      expect(await history.list()).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('runs the scripted reference model live: opens a fresh environment, shows each step, saves the run', async () => {
    const { state, workbench, history } = await setup();
    state().agent.choosePreset(REFERENCE_PRESET);
    await state().agent.runLive();
    const a = state().agent;
    expect(a.error).toBeNull();
    expect(a.status).toBe('idle');
    expect(workbench.calls.filter((c) => c.startsWith('open:'))).toHaveLength(2); // start, then a fresh one for the run
    expect(a.live?.steps).toHaveLength(2);
    expect(a.replay?.verdict.passed).toBe(true);
    expect(state().run.last?.verdict.passed).toBe(true);
    expect(state().run.status).toBe('ready');
    expect((await history.list()).map((r) => r.id)).toEqual([a.replay!.id]);
  });

  it('keeps the key in memory unless remembered, and then says where; never in a saved run or export', async () => {
    const { state, storage } = await setup();
    state().agent.setApiKey('sk-ui-secret');
    expect(storage.data.get(agentStorageKeys.apiKey)).toBeUndefined();
    expect([...storage.data.values()].join()).not.toContain('sk-ui-secret');
    state().agent.setRememberKey(true);
    expect(storage.data.get(agentStorageKeys.apiKey)).toBe('sk-ui-secret');
    state().agent.setRememberKey(false);
    expect(storage.data.get(agentStorageKeys.apiKey) ?? '').toBe('');

    state().agent.choosePreset(REFERENCE_PRESET);
    await state().agent.runLive();
    for (const f of ['json', 'jsonl', 'csv'] as const) expect(state().agent.exportRuns(f)).not.toContain('sk-ui-secret');
  });

  it('gives the workbench a rubric judge only when a judge model is set (not for the scripted preset), and it calls that model with the key', async () => {
    const { state, workbench } = await setup();
    const judges: (Judge | null)[] = [];
    Object.assign(workbench, { setJudge: async (j: Judge | null) => void judges.push(j) });
    const sent: { url: string; auth: string | null; body: any }[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      sent.push({ url, auth: new Headers(init.headers).get('authorization'), body: JSON.parse(String(init.body)) });
      return Response.json({ model: 'judge-1', choices: [{ message: { content: '{"rubrics":[{"index":0,"scores":{"correctness":1},"rationale":"ok"}]}' } }] });
    }) as typeof fetch;
    try {
      state().agent.choosePreset('openai');
      state().agent.setApiKey('sk-judge');
      expect(judges.at(-1)).toBeNull();
      state().agent.setSettings({ baseURL: 'https://models.example/v1', judgeModel: 'judge-1' });
      const judge = judges.at(-1);
      expect(judge).toBeTypeOf('function');
      const j = await judge!({ prompt: { system: 's', user: 'u' }, rubrics: [], answer: 'a', trace: [] } as never);
      expect(j.rubrics[0].rationale).toBe('ok');
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(sent).toEqual([{ url: 'https://models.example/v1/chat/completions', auth: 'Bearer sk-judge', body: expect.objectContaining({ model: 'judge-1' }) }]);

    state().agent.setSettings({ protocol: 'anthropic' });
    expect(judges.at(-1)).toBeTypeOf('function');
    state().agent.choosePreset(REFERENCE_PRESET);
    expect(judges.at(-1)).toBeNull();
    state().agent.choosePreset('openai');
    state().agent.setSettings({ protocol: 'openai', judgeModel: ' ' });
    expect(judges.at(-1)).toBeNull();
  });

  it('asks for a key before calling a hosted provider', async () => {
    const { state } = await setup();
    state().agent.choosePreset('openai');
    await state().agent.runLive();
    expect(state().agent.error).toMatch(/API key/);
  });

  it('exports and imports runs, and a step can be shown again in the result pane', async () => {
    const { state } = await setup();
    state().agent.choosePreset(REFERENCE_PRESET);
    await state().agent.runLive();
    const text = state().agent.exportRuns('jsonl');
    const id = state().agent.replay!.id;
    await state().agent.removeRun(id);
    expect(state().agent.history).toHaveLength(0);
    const r = await state().agent.importRuns(text + '{"format":"other"}\n');
    expect(r.added).toBe(1);
    expect(r.problems[0]).toMatch(/line 2: format/);
    await state().agent.openReplay(id);
    state().agent.showStep(0);
    expect(state().agent.step).toBe(0);
    expect(state().run.last?.step).toBe(1);
  });

  it('runs a batch over the given entries × trials and names it for comparison', async () => {
    const { state } = await setup();
    state().agent.choosePreset(REFERENCE_PRESET);
    state().agent.setBatch({ trials: 2 });
    await state().agent.runBatch(state().catalog.entries);
    const b = state().agent.batch;
    expect(b).toMatchObject({ running: false, done: 2, total: 2 });
    expect(state().agent.history.filter((r) => r.batch === b.name)).toHaveLength(2);
    expect(state().agent.compare[0]).toBe(b.name);
  });
});
