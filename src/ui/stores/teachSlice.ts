import { loadDemoRunsText } from '../agent/demoRuns.ts';
import { LESSON_SCENARIO, lessonSteps, type LessonStep } from '../teach/lesson.ts';
import { patch, readJson, sliceUpdater, writeJson, type SliceContext } from './appState.ts';

/** The page shown: the playground, or the glossary's own page. */
export type AppPage = 'playground' | 'glossary';

/** What the last run of a lesson step gave, against what the step expects. */
export interface LessonOutcome {
  step: string;
  agentDiff: boolean;
  closedWorld: boolean;
  asExpected: boolean;
}

export interface LessonState {
  /** The strip is shown. */
  active: boolean;
  /** The step shown (an index into lessonSteps). */
  step: number;
  /** Ids of the steps that ran and gave what they should. */
  completed: string[];
  status: 'idle' | 'running';
  outcome: LessonOutcome | null;
  error: string | null;
}

export interface TeachSlice {
  page: AppPage;
  /** Presenter mode: large type, one pane at a time, arrow keys step. */
  presenter: boolean;
  lesson: LessonState;

  setPage(page: AppPage): void;
  setPresenter(on: boolean): void;
  startLesson(): void;
  leaveLesson(): void;
  goToStep(index: number): void;
  /** Runs the shown step: a fresh environment of the lesson's scenario and the step's script, or the demo run. */
  runStep(): Promise<void>;
  /** Presenter mode's arrow keys: the next or previous step of the run on screen, else of the lesson. */
  stepBy(delta: 1 | -1): void;
  /** A scenario was opened: another than the lesson's pauses the lesson (the strip goes, Resume keeps its place). */
  scenarioOpened(key: string): void;
}

export const teachStorageKey = 'difflab.lesson.v1';

type Stored = Pick<LessonState, 'active' | 'step' | 'completed'>;

const lessonKey = `${LESSON_SCENARIO.suite}/${LESSON_SCENARIO.id}`;

/** Resolves once the store satisfies `ready`, checking as it changes (the environment opening, a run ending). */
function until(ready: () => boolean, timeoutMs = 180_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (ready()) return resolve();
      if (Date.now() - started > timeoutMs) return reject(new Error('the environment did not become ready'));
      setTimeout(tick, 40);
    };
    tick();
  });
}

/**
 * Where Start picks the lesson up: the step it was left on, or the one after it when that step is done; a finished
 * lesson starts again from its first step.
 */
export function resumeStep(at: number, completed: readonly string[]): number {
  if (completed.length === lessonSteps.length && at === lessonSteps.length - 1) return 0;
  return completed.includes(lessonSteps[at].id) && at < lessonSteps.length - 1 ? at + 1 : at;
}

export function createTeachSlice({ set, get, deps }: SliceContext): TeachSlice {
  const update = sliceUpdater(set, 'teach');
  const stored = readJson<Partial<Stored>>(deps.storage, teachStorageKey, {});
  const step = Math.min(Math.max(0, Math.floor(stored.step ?? 0)), lessonSteps.length - 1);
  const persist = () => {
    const { active, step: s, completed } = get().teach.lesson;
    writeJson(deps.storage, teachStorageKey, { active, step: s, completed } satisfies Stored);
  };
  const setLesson = (partial: Partial<LessonState>) => {
    update((t) => ({ lesson: { ...t.lesson, ...partial } }));
    persist();
  };

  const lessonEntry = () => {
    const { entries } = get().catalog;
    return entries.find((e) => e.key === lessonKey) ?? entries.find((e) => e.scenario.id === LESSON_SCENARIO.id);
  };

  /** Opens the lesson's scenario in Script mode, in a fresh environment. */
  const freshScenario = async () => {
    const entry = lessonEntry();
    if (!entry) throw new Error(`the lesson's scenario ${lessonKey} is not in the catalog`);
    if (get().catalog.selectedKey !== entry.key) get().catalog.select(entry.key);
    await until(() => (get().run.openKey === entry.key && get().run.status === 'ready') || get().run.status === 'failed');
    if (get().run.status === 'failed') throw new Error(get().run.error ?? 'the scenario could not be opened');
    if (get().run.steps > 0) await get().run.reset();
  };

  const runScript = async (s: Extract<LessonStep, { kind: 'script' }>) => {
    get().agent.setOpen(false);
    await freshScenario();
    patch(set, 'editor', { text: s.script, language: 'javascript', origin: 'lesson' });
    await get().run.execute();
    const v = get().run.last?.verdict;
    if (!v) throw new Error('the step did not run');
    return { agentDiff: v.agent_diff_passed, closedWorld: v.agent_diff_passed && v.closed_world_passed };
  };

  const runReplay = async (s: Extract<LessonStep, { kind: 'replay' }>) => {
    if (!get().agent.history.some((r) => r.id === s.run)) {
      await get().agent.loadHistory();
      if (!get().agent.history.some((r) => r.id === s.run)) await get().agent.importRuns(await loadDemoRunsText());
    }
    const record = get().agent.history.find((r) => r.id === s.run);
    if (!record) throw new Error(`the demo run ${s.run} is missing`);
    get().agent.setOpen(true);
    get().agent.setView('live');
    await get().agent.openReplay(s.run);
    get().agent.showStep(record.steps.length - 1);
    return { agentDiff: record.verdict.agent_diff_passed, closedWorld: record.verdict.agent_diff_passed && record.verdict.closed_world_passed };
  };

  return {
    page: 'playground',
    presenter: false,
    lesson: { active: stored.active ?? false, step, completed: stored.completed?.filter((id) => lessonSteps.some((s) => s.id === id)) ?? [], status: 'idle', outcome: null, error: null },

    setPage(page) {
      patch(set, 'teach', { page });
    },
    setPresenter(presenter) {
      patch(set, 'teach', { presenter });
      // One pane at a time: the task pane first (where the lesson and the run are).
      if (presenter) get().layout.showTab('task');
    },
    startLesson() {
      // A finished lesson starts again from its first step; one left half-way resumes where it was.
      const { step: at, completed } = get().teach.lesson;
      setLesson({ active: true, step: resumeStep(at, completed), outcome: null, error: null });
      // The strip describes the lesson's task: that task is the one on screen, in Script mode.
      const entry = lessonEntry();
      if (entry && get().catalog.selectedKey !== entry.key) get().catalog.select(entry.key);
      get().agent.setOpen(false);
      get().layout.showTab('task');
    },
    leaveLesson() {
      setLesson({ active: false, outcome: null, error: null });
    },
    goToStep(index) {
      const i = Math.min(Math.max(0, index), lessonSteps.length - 1);
      setLesson({ step: i, outcome: null, error: null });
      get().layout.showTab('task');
    },
    async runStep() {
      const { lesson } = get().teach;
      if (lesson.status === 'running') return;
      const s = lessonSteps[lesson.step];
      setLesson({ status: 'running', outcome: null, error: null });
      try {
        const got = s.kind === 'script' ? await runScript(s) : await runReplay(s);
        const asExpected = got.agentDiff === s.expect.agentDiff && got.closedWorld === s.expect.closedWorld;
        update((t) => ({
          lesson: {
            ...t.lesson,
            status: 'idle',
            outcome: { step: s.id, ...got, asExpected },
            completed: asExpected && !t.lesson.completed.includes(s.id) ? [...t.lesson.completed, s.id] : t.lesson.completed,
          },
        }));
        persist();
        // The notes are in the verdict pane: bring it forward where the panes are tabs.
        get().layout.showTab('verdict');
      } catch (err) {
        setLesson({ status: 'idle', error: (err as Error).message });
      }
    },
    stepBy(delta) {
      const { agent, teach } = get();
      // A run on screen owns the arrows: they move through its steps and stop at its ends, so that what is shown
      // and the lesson step above it never disagree.
      const record = agent.open && agent.view === 'live' ? agent.replay : null;
      if (record && record.steps.length > 0) {
        const next = (agent.step ?? 0) + delta;
        if (next >= 0 && next < record.steps.length) agent.showStep(next);
        return;
      }
      if (teach.lesson.active) get().teach.goToStep(teach.lesson.step + delta);
    },
    scenarioOpened(key) {
      if (get().teach.lesson.active && key !== lessonEntry()?.key) setLesson({ active: false, outcome: null, error: null });
    },
  };
}
