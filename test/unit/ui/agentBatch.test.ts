import { describe, expect, it } from 'vitest';
import { agentStorageKeys, REFERENCE_PRESET } from '../../../src/ui/stores/agentSlice.ts';
import { emptyDiff } from '../../../src/engine/index.ts';
import { fakeWorkbench, loadedSuite, outcomeFor, postedDiff, scenario, startedStore, withAttempts } from './fixtures.ts';

const post = scenario('post', { solution: 'solutions/post.js' });
const suite = loadedSuite('slack', [post], ['/scenarios/slack/solutions/post.js']);

/** A store whose workbench holds agent attempts, each script taking `delayMs`. */
async function setup(delayMs = 20) {
  const workbench = withAttempts(
    fakeWorkbench(() => outcomeFor(post, emptyDiff())),
    post,
    postedDiff,
    delayMs,
  );
  const { storage, history, state } = await startedStore(workbench, suite);
  state().agent.choosePreset(REFERENCE_PRESET);
  // Two models × one scenario × three trials = six jobs.
  state().agent.setSettings({ model: 'm1,m2' });
  state().agent.setBatch({ trials: 3 });
  return { workbench, storage, history, state };
}

const pairs = (records: { model: { model: string }; trial: number }[]) => records.map((r) => `${r.model.model}#${r.trial}`).sort();

describe('agent batches in the page', () => {
  it('runs up to the concurrency setting at once, each attempt in its own environment, and saves every record', async () => {
    const { state, workbench, history } = await setup();
    state().agent.setSettings({ concurrency: 3 });
    const opensBefore = workbench.calls.filter((c) => c.startsWith('open:')).length;
    const progress: number[] = [];
    const running = state().agent.runBatch(state().catalog.entries);
    const poll = setInterval(() => progress.push(state().agent.batch.done), 2);
    await running;
    clearInterval(poll);

    const a = state().agent;
    expect(a.error).toBeNull();
    expect(a.batch).toMatchObject({ running: false, done: 6, total: 6 });
    expect(workbench.attempts.maxInFlight).toBe(3);
    expect(workbench.attempts).toMatchObject({ opened: 6, closed: 6, inFlight: 0 });
    const saved = (await history.list()).filter((r) => r.batch === a.batch.name);
    expect(pairs(saved)).toEqual(['m1#0', 'm1#1', 'm1#2', 'm2#0', 'm2#1', 'm2#2']);
    expect(saved.every((r) => r.verdict.passed && r.endReason === 'final_answer')).toBe(true);
    // Progress only goes up, and the playground's environment was left alone.
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    expect(workbench.calls.filter((c) => c.startsWith('open:'))).toHaveLength(opensBefore);
    expect(state().run.status).toBe('ready');
  });

  it('keeps the concurrency with the other agent settings, within 1–8', async () => {
    const { state, storage, workbench } = await setup();
    expect(state().agent.settings.concurrency).toBe(2);
    state().agent.setSettings({ concurrency: 5 });
    expect(JSON.parse(storage.data.get(agentStorageKeys.settings)!).concurrency).toBe(5);
    // Ten jobs: no more than eight at once, whatever the stored setting says.
    state().agent.setSettings({ concurrency: 40 });
    state().agent.setBatch({ trials: 5 });
    await state().agent.runBatch(state().catalog.entries);
    expect(state().agent.batch.done).toBe(10);
    expect(workbench.attempts.maxInFlight).toBe(8);
  });

  it('runs one at a time with concurrency 1, in plan order', async () => {
    const { state, workbench } = await setup(5);
    state().agent.setSettings({ concurrency: 1 });
    await state().agent.runBatch(state().catalog.entries);
    expect(workbench.attempts.maxInFlight).toBe(1);
    expect(workbench.attempts.log).toEqual([1, 2, 3, 4, 5, 6].flatMap((i) => [`open:${i}`, `close:${i}`]));
    const saved = state().agent.history.filter((r) => r.batch === state().agent.batch.name);
    expect(saved.map((r) => `${r.model.model}#${r.trial}`)).toEqual(['m1#0', 'm1#1', 'm1#2', 'm2#0', 'm2#1', 'm2#2']);
  });

  it('names a second batch started in the same minute apart from the first', async () => {
    const { state } = await setup(1);
    await state().agent.runBatch(state().catalog.entries);
    const first = state().agent.batch.name!;
    await state().agent.runBatch(state().catalog.entries);
    const second = state().agent.batch.name!;
    // Unless the minute turned in between, the second gets a number.
    if (second.slice(0, first.length) === first) expect(second).toBe(`${first} (2)`);
    else expect(second).not.toBe(first);
    expect(state().agent.history.filter((r) => r.batch === second)).toHaveLength(6);
  });

  it('Stop ends every attempt under way and starts no more', async () => {
    const { state, workbench } = await setup(10_000);
    state().agent.setSettings({ concurrency: 3 });
    const running = state().agent.runBatch(state().catalog.entries);
    while (workbench.attempts.inFlight < 3) await new Promise((r) => setTimeout(r, 1));
    const started = Date.now();
    state().agent.stop();
    expect(state().agent.status).toBe('stopping');
    await running;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(workbench.attempts).toMatchObject({ opened: 3, closed: 3, inFlight: 0 });
    const saved = state().agent.history.filter((r) => r.batch === state().agent.batch.name);
    expect(saved).toHaveLength(3);
    expect(saved.every((r) => r.endReason === 'stopped')).toBe(true);
    expect(state().agent).toMatchObject({ status: 'idle', batch: expect.objectContaining({ running: false, done: 3, total: 6 }) });
  });

  it('stops the batch and says why when an attempt cannot start', async () => {
    const { state, workbench } = await setup();
    state().agent.setSettings({ concurrency: 2 });
    workbench.openAttempt = async () => {
      throw new Error('the environment is still starting');
    };
    await state().agent.runBatch(state().catalog.entries);
    expect(state().agent.error).toBe('the environment is still starting');
    expect(state().agent.history).toHaveLength(0);
    expect(state().agent.status).toBe('idle');
  });

  it('Retry errored runs again only the errored runs that can succeed, with their own settings, each replacing its run under its id', async () => {
    const { state } = await setup(1);
    await state().agent.runBatch(state().catalog.entries);
    const name = state().agent.batch.name!;
    const [a, b, ...rest] = state().agent.history.filter((r) => r.batch === name);
    // As if the provider had cut a's reply off mid-stream, and refused b's key.
    await state().agent.saveRun({ ...a, state: 'errored', endReason: 'error', error: 'the reply was cut off', errorKind: 'truncated', errorStep: 0, settings: { ...a.settings, maxIterations: 7 } });
    await state().agent.saveRun({ ...b, state: 'errored', endReason: 'error', error: 'refused the API key', errorKind: 'auth', errorStep: 0 });
    state().agent.setSettings({ maxIterations: 3 });
    await state().agent.retryErrored(state().agent.history.map((r) => r.id));

    const after = state().agent.history.filter((r) => r.batch === name);
    expect(after).toHaveLength(6);
    const again = after.find((r) => r.id === a.id)!;
    expect(again).toMatchObject({ state: 'passed', model: a.model, trial: a.trial });
    expect(again.startedAt >= a.startedAt).toBe(true);
    // The record's own settings, not the page's.
    expect(again.settings.maxIterations).toBe(7);
    expect(after.find((r) => r.id === b.id)).toMatchObject({ state: 'errored', errorKind: 'auth' });
    expect(state().agent.error).toMatch(/Skipped 1 errored run whose error cannot succeed on retry \(auth\)/);
    for (const r of rest) expect(after.find((x) => x.id === r.id)).toEqual(r);
    expect(state().agent).toMatchObject({ status: 'idle', batch: expect.objectContaining({ running: false, done: 1, total: 1 }) });
  });
});
