import { describe, expect, it } from 'vitest';
import type { Diff, DiffRow } from '../../../src/engine/index.ts';
import { emptyDiff } from '../../../src/engine/index.ts';
import { loadProjectCatalog } from '../../../src/ui/projectCatalog.ts';
import { createAppStore } from '../../../src/ui/stores/appStore.ts';
import { teachStorageKey } from '../../../src/ui/stores/teachSlice.ts';
import { LESSON_SCENARIO, lessonSteps } from '../../../src/ui/teach/lesson.ts';
import { fakeWorkbench, memoryStorage, outcomeFor } from './fixtures.ts';

const { suites } = loadProjectCatalog();
const lessonEntry = suites.flatMap((s) => s.entries).find((e) => e.key === `${LESSON_SCENARIO.suite}/${LESSON_SCENARIO.id}`)!;

const message = (id: string, channel: string, text: string): DiffRow => ({ __table__: 'messages', message_id: id, channel_id: channel, user_id: 'U07BEACON', message_text: text });

/** What the replica would do with each lesson script, by the channels it posts to (a read changes nothing). */
function diffOf(source: string): Diff {
  const inserts: DiffRow[] = [];
  if (source.includes("post('C07RANDOM'") || source.includes('post(random.id')) inserts.push(message('1', 'C07RANDOM', "Friday's board game night has moved to the 4th-floor lounge."));
  if (source.includes("post('C07GENERAL'")) inserts.push(message('2', 'C07GENERAL', 'Reminder: board game night is on Friday!'));
  return { ...emptyDiff(), inserts };
}

function setup(storage = memoryStorage()) {
  const workbench = fakeWorkbench((source) => outcomeFor(lessonEntry.scenario, diffOf(source)));
  const store = createAppStore({ workbench, storage, now: () => 1, loadSolution: async () => '' }, { suites, reports: [] });
  return { store, workbench, storage, state: () => store.getState() };
}

describe('the lesson', () => {
  it('runs do nothing → the wrong thing → the right thing in fresh environments, each giving the verdicts it teaches', async () => {
    const { state, workbench } = setup();
    await state().run.start();
    state().teach.startLesson();
    const seen: { id: string; agentDiff: boolean; closedWorld: boolean }[] = [];
    for (let i = 0; i < 3; i++) {
      state().teach.goToStep(i);
      await state().teach.runStep();
      const o = state().teach.lesson.outcome!;
      expect(state().teach.lesson.error).toBeNull();
      expect(o.asExpected, lessonSteps[i].id).toBe(true);
      seen.push({ id: o.step, agentDiff: o.agentDiff, closedWorld: o.closedWorld });
      // The script is in the editor (not kept as a draft), and only this step's changes count.
      expect(state().editor.origin).toBe('lesson');
      expect(state().run.steps).toBe(1);
    }
    expect(seen).toEqual([
      { id: 'nothing', agentDiff: false, closedWorld: false },
      { id: 'wrong', agentDiff: true, closedWorld: false },
      { id: 'right', agentDiff: true, closedWorld: true },
    ]);
    expect(workbench.calls.filter((c) => c === 'reset')).toHaveLength(2);
    expect(state().teach.lesson.completed).toEqual(['nothing', 'wrong', 'right']);
  });

  it('says so when a run does not give what the step teaches, and does not count the step done', async () => {
    // A replica that loses the #general post: the closed world would pass, which is not what this step teaches.
    const workbench = fakeWorkbench((source) => outcomeFor(lessonEntry.scenario, diffOf(source.replace("post('C07GENERAL'", 'skip('))));
    const store = createAppStore({ workbench, storage: memoryStorage(), now: () => 1, loadSolution: async () => '' }, { suites, reports: [] });
    const state = () => store.getState();
    await state().run.start();
    state().teach.startLesson();
    state().teach.goToStep(1);
    await state().teach.runStep();
    expect(state().teach.lesson.outcome).toEqual({ step: 'wrong', agentDiff: true, closedWorld: true, asExpected: false });
    expect(state().teach.lesson.completed).toEqual([]);
  });

  it('is left and resumed where it was, across a reload', async () => {
    const storage = memoryStorage();
    const first = setup(storage);
    await first.state().run.start();
    first.state().teach.startLesson();
    first.state().teach.goToStep(0);
    await first.state().teach.runStep();
    first.state().teach.goToStep(1);
    first.state().teach.leaveLesson();
    expect(JSON.parse(storage.data.get(teachStorageKey)!)).toEqual({ active: false, step: 1, completed: ['nothing'] });

    const second = setup(storage);
    expect(second.state().teach.lesson).toMatchObject({ active: false, step: 1, completed: ['nothing'] });
    second.state().teach.startLesson();
    expect(second.state().teach.lesson).toMatchObject({ active: true, step: 1 });
  });

  it("presenter mode's arrows step through the lesson when no run is replayed", () => {
    const { state } = setup();
    state().teach.startLesson();
    state().teach.setPresenter(true);
    expect(state().layout.tab).toBe('task');
    state().teach.stepBy(1);
    state().teach.stepBy(1);
    expect(state().teach.lesson.step).toBe(2);
    state().teach.stepBy(-1);
    expect(state().teach.lesson.step).toBe(1);
    for (let i = 0; i < 10; i++) state().teach.stepBy(1);
    expect(state().teach.lesson.step).toBe(lessonSteps.length - 1);
  });
});
