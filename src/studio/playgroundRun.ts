import { emptyDiff, type Diff } from '../engine/types.ts';
import { answerFromConsole, evaluateDiff, type Verdict } from '../evaluation/index.ts';
import { scriptObservation } from '../agent/codeBlocks.ts';
import { actionKindOf, defaultRunSettings, HUMAN_LABEL, isHumanRun, RUN_FORMAT, scenarioRef, type AgentRunRecord, type AgentStep, type HumanAttempt, type ModelRef } from '../agent/record.ts';
import type { LanguageId } from '../sandbox/languages.ts';
import type { ScriptResult } from '../sandbox/types.ts';
import type { Scenario } from '../scenarios/index.ts';
import { hasFaults, type FaultPlan } from '../session/faults.ts';

/** The actor of every run a person makes in the playground. */
export const HUMAN_MODEL: ModelRef = { protocol: 'human', baseURL: '', model: HUMAN_LABEL };

/** The actor of the runs Script mode keeps: a person, reported apart from the timed baseline's `human` row. */
export const SCRIPT_MODEL: ModelRef = { protocol: 'human', baseURL: '', model: 'script', label: 'you (Script mode)' };

/** The batch of the runs Script mode keeps: every attempt a person makes there, outside a timed human baseline. */
export const SCRIPT_BATCH = 'script';

/** How many Script-mode runs the browser keeps (the oldest go first): each holds its scripts, diffs and verdicts. */
export const MAX_KEPT_SCRIPT_RUNS = 50;

/** A run Script mode kept (not a timed baseline attempt, not a model's run). */
export function isScriptRun(r: Pick<AgentRunRecord, 'model' | 'batch' | 'human'>): boolean {
  return isHumanRun(r) && r.batch === SCRIPT_BATCH && !r.human;
}

/** The kept Script-mode runs beyond the retention bound, oldest first: the ids to drop. */
export function scriptRunsBeyondBound(runs: readonly AgentRunRecord[], keep = MAX_KEPT_SCRIPT_RUNS): string[] {
  const kept = runs.filter(isScriptRun).sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  return kept.slice(keep).map((r) => r.id);
}

/** One script a person ran in the playground, and what it did. */
export interface PlaygroundStep {
  code: string;
  /** The language it ran in (JavaScript when absent). */
  language?: LanguageId;
  script: ScriptResult;
  stepDiff: Diff;
  runDiff: Diff;
  verdict: Verdict;
}

/**
 * A person's run in the playground as a run record, the same format as a model's: each script is a step with one
 * JavaScript action. The person's own time counts as "model" time, the scripts' as harness time, so the tables
 * compare like with like. With no step, the state is the seed's and is graded as such.
 */
export function playgroundRunRecord(input: {
  id: string;
  scenario: Scenario;
  suite?: string;
  steps: readonly PlaygroundStep[];
  faults: FaultPlan;
  startedAt: string;
  ms: number;
  /** Set for a timed attempt under a step budget (the human baseline). */
  human?: HumanAttempt;
  batch?: string;
}): AgentRunRecord {
  const { scenario } = input;
  const steps: AgentStep[] = input.steps.map((s, index) => ({
    index,
    text: '',
    actions: [
      {
        kind: actionKindOf(s.language ?? 'javascript'),
        code: s.code,
        observation: scriptObservation(s.script, defaultRunSettings.maxObservationChars),
        ok: s.script.ok,
        error: s.script.ok ? null : (s.script.error ?? s.script.reason ?? 'failed'),
        requests: s.script.requests,
        ms: s.script.durationMs,
        stepDiff: s.stepDiff,
      },
    ],
    usage: { inputTokens: 0, outputTokens: 0 },
    modelMs: 0,
    harnessMs: s.script.durationMs,
    stopReason: null,
    runDiff: s.runDiff,
    verdict: s.verdict,
  }));
  const last = input.steps.at(-1);
  const runDiff = last?.runDiff ?? emptyDiff();
  const verdict = last?.verdict ?? evaluateDiff(scenario.spec, runDiff, { closedWorld: scenario.closedWorld, answerChecks: scenario.answerChecks, answer: null });
  const answer = input.steps.reduce<string | null>((a, s) => answerFromConsole(s.script.console) ?? a, null);
  const harnessMs = steps.reduce((a, s) => a + s.harnessMs, 0);
  return {
    format: RUN_FORMAT,
    id: input.id,
    startedAt: input.startedAt,
    scenario: scenarioRef(scenario, input.suite),
    model: !input.human && input.batch === SCRIPT_BATCH ? SCRIPT_MODEL : HUMAN_MODEL,
    settings: { ...defaultRunSettings, maxIterations: input.human?.budget ?? defaultRunSettings.maxIterations },
    trial: 0,
    ...(input.batch ? { batch: input.batch } : {}),
    ...(hasFaults(input.faults) ? { faults: input.faults } : {}),
    ...(input.human ? { human: input.human } : {}),
    system: '',
    steps,
    endReason: input.human?.outOfBudget ? 'max_iterations' : 'final_answer',
    error: null,
    answer,
    verdict,
    runDiff,
    usage: { inputTokens: 0, outputTokens: 0 },
    timing: { totalMs: input.ms, modelMs: Math.max(0, input.ms - harnessMs), harnessMs },
  };
}
