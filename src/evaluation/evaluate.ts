import type { Diff, SchemaInfo } from '../engine/types.ts';
import { explainChanges, type RowExplanations, type UnexplainedChange } from './closedWorld.ts';
import { compileSpec, type RowKind } from './compileSpec.ts';
import { DiffView } from './diffView.ts';
import { evaluateAssertion, type AssertionResult } from './evaluateAssertion.ts';
import { nearestInDiff } from './nearest.ts';
import { indexSchema } from './schemaIndex.ts';
import type { AssertionSpec, IgnoreFields } from './spec.ts';
import { checkAnswers, type AnswerCheck, type AnswerCheckResult } from './answerChecks.ts';
import { expensivePatternLine, withBoundedPatterns } from './patternMatcher.ts';

export interface EvaluateOptions {
  /** Tables, primary keys, JSON columns and foreign keys; without it keys are guessed and no foreign key is followed. */
  schema?: SchemaInfo;
  /** Whether `passed` also requires every change to be explained. Default true. */
  closedWorld?: boolean;
  /** More ignored fields, merged into the spec's `ignore_fields` for both verdicts. */
  extraIgnore?: IgnoreFields;
  /** Checks on the final answer; each counts in the score like an assertion, and all must pass. */
  answerChecks?: readonly AnswerCheck[];
  /** The agent's final answer, if it gave one. */
  answer?: string | null;
  /** Also find each failed assertion's nearest rows in the diff (`AssertionResult.nearest`). Default false. */
  nearest?: boolean;
}

export interface Score {
  passed: number;
  total: number;
  /** 0–100; 100 when there are no assertions, as in Agent-Diff. */
  percent: number;
}

export interface Verdict {
  /** agent_diff_passed, and closed_world_passed when the closed world applies. */
  passed: boolean;
  /** Agent-Diff's verdict: every assertion passed. */
  agent_diff_passed: boolean;
  /** Every change of the diff is explained. */
  closed_world_passed: boolean;
  score: Score;
  assertions: AssertionResult[];
  /** Results of the answer checks, when the scenario has any. */
  answers: AnswerCheckResult[];
  /** One line per failed assertion or answer check. */
  failures: string[];
  unexplained: UnexplainedChange[];
  /** Per row of the diff (same indexes as inserts / updates / deletes): what explains it. */
  explanations: RowExplanations;
  /** Regular expressions that ran out of their time budget (counted as not matching); see `evaluateDiffBounded`. */
  expensivePatterns?: string[];
}

/** Judges a diff against a spec: Agent-Diff's verdict and score, and DiffLab's closed-world check. */
export function evaluateDiff(spec: AssertionSpec, diff: Diff, options: EvaluateOptions = {}): Verdict {
  const compiled = compileSpec(spec, options.extraIgnore);
  const view = new DiffView(diff, options.schema ? indexSchema(options.schema) : undefined);
  const outcomes = compiled.assertions.map((a) => evaluateAssertion(a, compiled.strict, view));
  const assertions = outcomes.map((o, i) => {
    const nearest = options.nearest ? nearestInDiff(compiled.assertions[i], compiled.strict, view, o.result) : undefined;
    return nearest ? { ...o.result, nearest } : o.result;
  });
  const answers = checkAnswers(options.answerChecks ?? [], options.answer);
  const failures = assertions.filter((r) => !r.passed).map(failureLine);
  const answerFailures = answers.filter((r) => !r.passed).map((r) => `answer_checks[${r.index}]: ${r.reason}`);
  const { explanations, unexplained } = explainChanges(
    compiled,
    outcomes.map((o, i) => ({ assertion: compiled.assertions[i], selected: o.selected })),
    view,
  );
  const total = assertions.length + answers.length;
  const passedCount = total - failures.length - answerFailures.length;
  const agentDiffPassed = failures.length === 0;
  const closedWorldPassed = unexplained.length === 0;
  return {
    passed: agentDiffPassed && answerFailures.length === 0 && (options.closedWorld === false || closedWorldPassed),
    agent_diff_passed: agentDiffPassed,
    closed_world_passed: closedWorldPassed,
    score: { passed: passedCount, total, percent: total === 0 ? 100 : (passedCount / total) * 100 },
    assertions,
    answers,
    failures: [...failures, ...answerFailures],
    unexplained,
    explanations,
  };
}

/**
 * `evaluateDiff` with every regular expression bounded in time (patternMatcher.ts): what every shell calls on input
 * it does not control. A pattern that ran out of budget counts as not matching and is named in `failures`.
 */
export async function evaluateDiffBounded(spec: AssertionSpec, diff: Diff, options: EvaluateOptions = {}): Promise<Verdict> {
  const { value, expensive } = await withBoundedPatterns(() => evaluateDiff(spec, diff, options));
  return expensive.length ? { ...value, expensivePatterns: expensive, failures: [...value.failures, expensivePatternLine(expensive)] } : value;
}

function failureLine(r: AssertionResult): string {
  const description = typeof r.assertion?.description === 'string' ? ` [${r.assertion.description}]` : '';
  return `assertions[${r.index}]${description}: ${r.reason}`;
}

/** `insert:3`: how `assertionsByRow` keys a row. */
export function rowRefKey(kind: RowKind, index: number): string {
  return `${kind}:${index}`;
}

/**
 * For UI tagging: each row of the diff that assertions select → their indexes. Rows explained only as a
 * consequence (foreign key) or not at all are absent; see `verdict.explanations` and `verdict.unexplained`.
 */
export function assertionsByRow(verdict: Verdict): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const kind of ['insert', 'update', 'delete'] as const) {
    verdict.explanations[kind].forEach((e, i) => {
      if (e.assertions.length > 0) out.set(rowRefKey(kind, i), e.assertions);
    });
  }
  return out;
}
