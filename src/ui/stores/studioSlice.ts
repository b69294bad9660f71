import type { IgnoreFields, SpecIssue } from '../../evaluation/index.ts';
import { validateSpec, type AssertionSpec } from '../../evaluation/index.ts';
import { NO_FAULTS, type FaultPlan } from '../../session/faults.ts';
import { assertionsFromPicks, mergeIgnore, specOf, withIgnoredField, type RowPick } from '../../studio/authoring.ts';
import { runRecordProblem, type AgentRunRecord } from '../../agent/record.ts';
import { humanBudget } from '../../studio/humanBaseline.ts';
import { neverStarted } from '../../sandbox/types.ts';
import type { LintReport } from '../../studio/lint.ts';
import { playgroundRunRecord, SCRIPT_BATCH, scriptRunsBeyondBound, type PlaygroundStep } from '../../studio/playgroundRun.ts';
import { draftToSuiteFile, type ScenarioDraft } from '../../studio/scenarioDraft.ts';
import { patch, sliceUpdater, type SliceContext } from './appState.ts';
import { entryByKey } from './catalogSlice.ts';
import type { StepView } from './runSlice.ts';

/** A human attempt in progress: started when the person pressed Start, counted on each step. */
export interface HumanAttempt {
  scenarioKey: string;
  startedAt: number;
  startedIso: string;
}

export interface StudioSlice {
  open: boolean;
  /** Picked diff rows (authoring): each turns into an assertion. */
  picks: RowPick[];
  ignore: IgnoreFields;
  /** The spec being edited, as JSON text; `spec` is its parse when it parses. */
  specText: string;
  spec: AssertionSpec | null;
  specIssues: SpecIssue[];
  draft: { id: string; title: string; prompt: string };
  faults: FaultPlan;
  lint: { status: 'idle' | 'running' | 'done' | 'error'; report: LintReport | null; error: string | null };
  /** Steps of the current attempt, for a run record (cleared when a scenario opens or resets). */
  recorded: PlaygroundStep[];
  recordedFor: string | null;
  attemptStartedAt: number | null;
  /** The kept run these steps are (each Script-mode attempt is one saved run, updated at each step). */
  attemptId: string | null;
  attemptStartedIso: string | null;
  human: HumanAttempt | null;
  message: string | null;

  toggle(open?: boolean): void;
  /** The open scenario's ignored fields (the suite's `global` list…) with the ones marked here. */
  effectiveIgnore(): IgnoreFields;
  /** Adds or removes a field of a picked row's `where` (picking the row when it is not picked yet). */
  toggleWhere(kind: RowPick['kind'], index: number, field: string): void;
  unpick(kind: RowPick['kind'], index: number): void;
  ignoreField(table: string, field: string): void;
  setSpecText(text: string): void;
  setDraft(change: Partial<StudioSlice['draft']>): void;
  setFaults(plan: FaultPlan): Promise<void>;
  runLint(): Promise<void>;
  /** Lints the open catalog scenario as it is, with its reference solution when it has one. */
  lintSelected(): Promise<void>;
  /** The draft as a difflab-suite/1 file (with the editor's script as its solution), or why it cannot be. */
  suiteDraft(): { ok: true; draft: ScenarioDraft } | { ok: false; error: string };
  /** Adds the draft to the catalog as an imported suite and opens it. */
  saveDraft(): Promise<void>;
  /** Adds a Script-mode step to the attempt and keeps the attempt with the saved runs (within the retention bound). */
  recordStep(view: StepView): Promise<void>;
  /** The playground run so far (a person's scripts) as a run record, or null before the first step. */
  runRecord(): AgentRunRecord | null;
  startHuman(): void;
  /** Grades the attempt and stores it with the saved runs (as a `human` run record). */
  finishHuman(): AgentRunRecord | null;
  /** Adds a run from a link or a file to the saved runs and replays it in agent mode; false when it is not a run. */
  viewRun(run: unknown): boolean;
  say(message: string | null): void;
}

const runId = () => `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export function createStudioSlice({ set, get, deps }: SliceContext): StudioSlice {
  const update = sliceUpdater(set, 'studio');
  const now = deps.now ?? (() => performance.now());
  const selected = () => entryByKey(get().catalog.entries, get().catalog.selectedKey);

  /** Rebuilds the spec text from the picks (authoring overwrites hand edits only when the picks change). */
  const regenerate = () => {
    const diff = get().run.last?.runDiff;
    const { picks } = get().studio;
    const ignore = get().studio.effectiveIgnore();
    if (!diff) return;
    const spec = specOf(assertionsFromPicks(diff, picks, { ignoreFields: ignore }), ignore);
    get().studio.setSpecText(JSON.stringify(spec, null, 2));
  };

  return {
    open: false,
    picks: [],
    ignore: {},
    specText: '{\n  "assertions": []\n}',
    spec: { assertions: [] },
    specIssues: [],
    draft: { id: 'my-scenario', title: 'My scenario', prompt: '' },
    faults: NO_FAULTS,
    lint: { status: 'idle', report: null, error: null },
    recorded: [],
    recordedFor: null,
    attemptStartedAt: null,
    attemptId: null,
    attemptStartedIso: null,
    human: null,
    message: null,

    effectiveIgnore() {
      return mergeIgnore(selected()?.scenario.spec.ignore_fields, get().studio.ignore);
    },

    toggle(open) {
      update((s) => ({ open: open ?? !s.open }));
    },

    toggleWhere(kind, index, field) {
      update((s) => {
        const at = s.picks.findIndex((p) => p.kind === kind && p.index === index);
        if (at < 0) return { picks: [...s.picks, { kind, index, where: [field] }] };
        const pick = s.picks[at];
        const where = pick.where.includes(field) ? pick.where.filter((f) => f !== field) : [...pick.where, field];
        const picks = [...s.picks];
        if (where.length === 0 && kind !== 'update') picks.splice(at, 1);
        else picks[at] = { ...pick, where };
        return { picks };
      });
      regenerate();
    },

    unpick(kind, index) {
      update((s) => ({ picks: s.picks.filter((p) => !(p.kind === kind && p.index === index)) }));
      regenerate();
    },

    ignoreField(table, field) {
      update((s) => ({ ignore: withIgnoredField(s.ignore, table, field) }));
      regenerate();
    },

    setSpecText(text) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (err) {
        patch(set, 'studio', { specText: text, spec: null, specIssues: [{ path: '$', message: `not valid JSON: ${(err as Error).message}` }] });
        return;
      }
      const issues = validateSpec(value);
      patch(set, 'studio', { specText: text, spec: issues.length ? null : (value as AssertionSpec), specIssues: issues });
    },

    setDraft(change) {
      update((s) => ({ draft: { ...s.draft, ...change } }));
    },

    async setFaults(plan) {
      patch(set, 'studio', { faults: plan });
      try {
        await deps.workbench.setFaults?.(plan);
      } catch (err) {
        patch(set, 'studio', { message: `Faults not applied: ${(err as Error).message}` });
      }
    },

    async runLint() {
      const made = get().studio.suiteDraft();
      if (!made.ok) {
        patch(set, 'studio', { lint: { status: 'error', report: null, error: made.error } });
        return;
      }
      if (!deps.workbench.lint) {
        patch(set, 'studio', { lint: { status: 'error', report: null, error: 'this workbench cannot lint' } });
        return;
      }
      const { draftToScenario } = await import('../../studio/scenarioDraft.ts');
      const loaded = draftToScenario(made.draft);
      if (!loaded.ok) {
        patch(set, 'studio', { lint: { status: 'error', report: null, error: loaded.issues.map((i) => `${i.path}: ${i.message}`).join('; ') } });
        return;
      }
      patch(set, 'studio', { lint: { status: 'running', report: null, error: null } });
      try {
        const report = await deps.workbench.lint(loaded.scenario, made.draft.solution ?? null);
        patch(set, 'studio', { lint: { status: 'done', report, error: null } });
      } catch (err) {
        patch(set, 'studio', { lint: { status: 'error', report: null, error: (err as Error).message } });
      }
    },

    async lintSelected() {
      const entry = selected();
      if (!entry) return patch(set, 'studio', { lint: { status: 'error', report: null, error: 'no scenario is open' } });
      if (!deps.workbench.lint) return patch(set, 'studio', { lint: { status: 'error', report: null, error: 'this workbench cannot lint' } });
      patch(set, 'studio', { lint: { status: 'running', report: null, error: null } });
      try {
        const solution = entry.solution ? await deps.loadSolution(entry.solution) : null;
        const report = await deps.workbench.lint(entry.scenario, solution);
        patch(set, 'studio', { lint: { status: 'done', report, error: null } });
      } catch (err) {
        patch(set, 'studio', { lint: { status: 'error', report: null, error: (err as Error).message } });
      }
    },

    suiteDraft() {
      const { studio, editor } = get();
      const entry = selected();
      if (!entry) return { ok: false, error: 'open a scenario first: its seed is where the new one starts' };
      if (!studio.spec) return { ok: false, error: 'the assertions have problems: fix them first' };
      if (!studio.draft.prompt.trim()) return { ok: false, error: 'write the prompt the agent will be given' };
      const scenario = entry.scenario;
      return {
        ok: true,
        draft: {
          id: studio.draft.id,
          title: studio.draft.title,
          prompt: studio.draft.prompt,
          seed: scenario.seed,
          services: scenario.services,
          actingUser: scenario.actingUserId ?? undefined,
          clock: scenario.clock,
          assertions: studio.spec.assertions,
          ignoreFields: { ...(studio.spec.ignore_fields ?? {}) } as IgnoreFields,
          solution: editor.text,
        },
      };
    },

    async saveDraft() {
      const made = get().studio.suiteDraft();
      if (!made.ok) return patch(set, 'studio', { message: made.error });
      const suite = draftToSuiteFile(made.draft);
      await get().catalog.importFiles([{ name: `${suite.id}.json`, text: JSON.stringify(suite, null, 2) }]);
      patch(set, 'studio', { message: `Saved “${made.draft.title}” to the catalog (imported suite ${suite.id}).` });
    },

    async recordStep(view) {
      const key = get().run.openKey;
      const { editor } = get();
      // A first step that never ran (it does not parse) starts no attempt: no kept run reads FAIL for it.
      if (view.step === 1 && neverStarted(view.script)) {
        update(() => ({ recorded: [], recordedFor: key }));
        return;
      }
      update((s) => {
        const fresh = s.recordedFor !== key || view.step === 1 || s.recorded.length === 0;
        const step: PlaygroundStep = { code: editor.text, language: editor.language, script: view.script, stepDiff: view.stepDiff, runDiff: view.runDiff, verdict: view.verdict };
        return {
          recorded: fresh ? [step] : [...s.recorded, step],
          recordedFor: key,
          attemptStartedAt: fresh ? now() : s.attemptStartedAt,
          attemptId: fresh ? runId() : s.attemptId,
          attemptStartedIso: fresh ? new Date().toISOString() : s.attemptStartedIso,
        };
      });
      const { human } = get().studio;
      if (human && human.scenarioKey === key) {
        if (get().run.steps >= humanBudget(selected()?.scenario)) get().studio.finishHuman();
        return;
      }
      const record = get().studio.runRecord();
      if (!record) return;
      await get().agent.saveRun(record);
      for (const id of scriptRunsBeyondBound(get().agent.history)) await get().agent.removeRun(id);
    },

    runRecord() {
      const { run, studio } = get();
      const entry = selected();
      if (!entry || !run.last || studio.recordedFor !== run.openKey) return null;
      const ms = Math.round(now() - (studio.attemptStartedAt ?? now()));
      return playgroundRunRecord({
        id: studio.attemptId ?? runId(),
        scenario: entry.scenario,
        suite: entry.suite.id,
        steps: studio.recorded,
        faults: studio.faults,
        startedAt: studio.attemptStartedIso ?? new Date(Date.now() - ms).toISOString(),
        ms,
        batch: SCRIPT_BATCH,
      });
    },

    startHuman() {
      const key = get().catalog.selectedKey;
      if (!key) return;
      patch(set, 'studio', { human: { scenarioKey: key, startedAt: now(), startedIso: new Date().toISOString() }, message: null });
      // The same start as a model: a fresh environment, no steps yet.
      void get().run.reset();
    },

    finishHuman() {
      const { studio, run } = get();
      const h = studio.human;
      if (!h) return null;
      const entry = entryByKey(get().catalog.entries, h.scenarioKey);
      if (!entry) {
        patch(set, 'studio', { human: null, message: 'The attempt’s scenario is no longer in the catalog: nothing stored.' });
        return null;
      }
      const budget = humanBudget(entry.scenario);
      const record = playgroundRunRecord({
        id: runId(),
        scenario: entry.scenario,
        suite: entry.suite.id,
        steps: studio.recordedFor === h.scenarioKey && run.openKey === h.scenarioKey ? studio.recorded : [],
        faults: studio.faults,
        startedAt: h.startedIso,
        ms: Math.round(now() - h.startedAt),
        human: { budget, outOfBudget: run.steps >= budget },
        batch: 'human',
      });
      void get().agent.saveRun(record);
      const passed = record.verdict.passed ? 'passed' : 'failed';
      patch(set, 'studio', {
        human: null,
        message: `Attempt stored with the saved runs (agent mode → Saved runs): ${passed} in ${record.steps.length} step(s), ${(record.timing.totalMs / 1000).toFixed(0)} s.`,
      });
      return record;
    },

    viewRun(value) {
      const problem = runRecordProblem(value);
      if (problem) {
        patch(set, 'studio', { message: `Not a DiffLab run: ${problem}` });
        return false;
      }
      const record = value as AgentRunRecord;
      // Shown at once, at its last step (its verdict, the tab shown where the panes are tabs); kept with the saved
      // runs meanwhile.
      void get().agent.saveRun(record);
      get().agent.setOpen(true);
      get().layout.showTab('verdict');
      void get().agent.openReplay(record.id, 'last');
      return true;
    },

    say(message) {
      patch(set, 'studio', { message });
    },
  };
}
