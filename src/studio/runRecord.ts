import type { Diff } from '../engine/types.ts';
import type { Verdict } from '../evaluation/index.ts';
import type { FaultPlan } from '../session/faults.ts';

/**
 * A recorded run: enough to replay what happened and to show it anywhere (permalink, HTML export) without the
 * engine. Minimal on purpose; agent mode's own transcript format can carry one of these or be mapped to it.
 */
export interface RunRecord {
  format: 'difflab-run/1';
  /** Who acted: a model (`model:<name>`), a person (`human`) or a script. */
  actor: string;
  scenario: {
    id: string;
    title: string;
    prompt: string;
    seed: string;
    /** The suite the scenario came from, when known (for opening it again). */
    suiteId?: string;
  };
  steps: RunStep[];
  /** Faults that were active during the run; empty when none. */
  faults: FaultPlan;
  grade: RunGrade;
  startedAt: string;
  /** Wall time of the whole attempt, in ms. */
  ms: number;
}

export interface RunStep {
  code: string;
  console: { level: string; text: string }[];
  stepDiff: Diff;
  /** The verdict after this step (on the run diff so far). */
  verdict: { passed: boolean; score: { passed: number; total: number; percent: number }; failures: string[] };
}

export interface RunGrade {
  passed: boolean;
  agent_diff_passed: boolean;
  score: { passed: number; total: number; percent: number };
  failures: string[];
  /** The run diff at the end. */
  diff: Diff;
}

export function gradeOf(verdict: Verdict, diff: Diff): RunGrade {
  return { passed: verdict.passed, agent_diff_passed: verdict.agent_diff_passed, score: verdict.score, failures: verdict.failures, diff };
}

export function stepVerdict(verdict: Verdict): RunStep['verdict'] {
  return { passed: verdict.passed, score: verdict.score, failures: verdict.failures };
}

/** Checks the shape of an imported run; returns problems by path, like the suite loader. */
export function checkRunRecord(value: unknown): string[] {
  const r = value as Partial<RunRecord> | null;
  if (!r || typeof r !== 'object') return ['$: a run record must be an object'];
  const problems: string[] = [];
  if (r.format !== 'difflab-run/1') problems.push('$.format: must be "difflab-run/1"');
  if (!r.scenario || typeof r.scenario.prompt !== 'string') problems.push('$.scenario: needs id, title, prompt and seed');
  if (!Array.isArray(r.steps)) problems.push('$.steps: must be an array');
  if (!r.grade || typeof r.grade.passed !== 'boolean') problems.push('$.grade: needs passed, score, failures and diff');
  return problems;
}
