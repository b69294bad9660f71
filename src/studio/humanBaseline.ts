import { defaultRunSettings, isHumanRun, type AgentRunRecord } from '../agent/record.ts';
import type { Scenario } from '../scenarios/index.ts';

/**
 * Human baseline: a person attempts a scenario under the grader and step budget a model gets; the attempt is a run
 * record (`model.protocol: 'human'`) kept with the model runs and reported beside them. Time is measured, not limited.
 */
export function humanBudget(_scenario?: Scenario): number {
  // Scenarios carry no budget of their own yet: a person gets the agent loop's default iteration limit.
  return defaultRunSettings.maxIterations;
}

export interface HumanSummary {
  attempts: number;
  passes: number;
  /** The best attempt: passing first, then fewest steps, then fastest. */
  best: AgentRunRecord | null;
}

/** The catalog key (`suite/scenario`) of a run's scenario. */
export function runScenarioKey(r: AgentRunRecord): string {
  return `${r.scenario.suite ?? ''}/${r.scenario.id}`;
}

/** Per scenario: the human attempts among the runs, how many passed, and the best one. */
export function summarizeHuman(runs: readonly AgentRunRecord[]): Map<string, HumanSummary> {
  const out = new Map<string, HumanSummary>();
  for (const r of runs) {
    if (!isHumanRun(r) || !r.human) continue;
    const key = runScenarioKey(r);
    const s = out.get(key) ?? { attempts: 0, passes: 0, best: null };
    s.attempts++;
    if (r.verdict.passed) s.passes++;
    const b = s.best;
    const better =
      !b ||
      (r.verdict.passed && !b.verdict.passed) ||
      (r.verdict.passed === b.verdict.passed && (r.steps.length < b.steps.length || (r.steps.length === b.steps.length && r.timing.totalMs < b.timing.totalMs)));
    if (better) s.best = r;
    out.set(key, s);
  }
  return out;
}
