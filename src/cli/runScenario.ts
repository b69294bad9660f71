import { describeAssertion, namedValues, type NearestRows, type PredicateCheck } from '../evaluation/index.ts';
import type { Scenario } from '../scenarios/index.ts';
import type { Session, StepResult, Workbench } from '../session/index.ts';
import type { LanguageId } from '../sandbox/languages.ts';
import { neverStarted, type SandboxLimits } from '../sandbox/types.ts';

/** What `difflab run` prints for one script: the contract of the command's output. */
export interface RunOutcome {
  test_id: string;
  /** Null, as are `agent_diff_passed` and `score`, when the script never ran (it does not parse): no verdict. */
  passed: boolean | null;
  agent_diff_passed: boolean | null;
  score: { passed: number; total: number; percent: number } | null;
  failures: unknown[];
  unexplained: unknown[];
  diff: { inserts: unknown[]; updates: unknown[]; deletes: unknown[] };
  console: { level: string; text: string }[];
  /** Why the script did not finish (uncaught error, limit), or null. */
  error: string | null;
  /** Each failed assertion read out, with the rows that came nearest and each of their checks, expected beside actual. */
  failed_assertions: FailedAssertion[];
}

export interface FailedAssertion {
  index: number;
  /** The author's description, or a reading of the assertion. */
  assertion: string;
  reason: string;
  nearest: NearestRows | null;
}

/** Runs a script in a fresh environment of the scenario's seed, then disposes of the environment. */
export async function runScenario(
  workbench: Workbench,
  scenario: Scenario,
  source: string,
  limits: Partial<SandboxLimits> = {},
  onStep?: (step: StepResult) => void,
  language: LanguageId = 'javascript',
): Promise<{ outcome: RunOutcome; ms: number }> {
  const started = performance.now();
  const session = await workbench.open(scenario);
  try {
    const outcome = await runInSession(session, source, limits, onStep, language);
    return { outcome, ms: Math.round(performance.now() - started) };
  } finally {
    await session.dispose();
  }
}

/**
 * Runs a script as a step of an open session and reads its outcome. The session should be fresh or just reset: a reset
 * returns the environment to its seed at the cost of what the last run changed, which a new copy of a large seed does not.
 */
export async function runInSession(
  session: Session,
  source: string,
  limits: Partial<SandboxLimits> = {},
  onStep?: (step: StepResult) => void,
  language: LanguageId = 'javascript',
): Promise<RunOutcome> {
  const step = await session.runStep(source, { limits, language });
  onStep?.(step);
  const v = step.verdict;
  if (neverStarted(step.script)) {
    const nothing = { inserts: [], updates: [], deletes: [] };
    const error = step.script.error ?? 'the script did not start';
    return { test_id: session.scenario.id, passed: null, agent_diff_passed: null, score: null, failures: [], unexplained: [], diff: nothing, console: step.script.console, error, failed_assertions: [] };
  }
  return {
    test_id: session.scenario.id,
    // A hybrid-graded scenario passes by its hybrid rule (score ≥ 0.5, every critical check passed).
    passed: step.grade ? step.grade.passed : v.passed,
    agent_diff_passed: v.agent_diff_passed,
    score: v.score,
    failures: v.failures,
    unexplained: v.unexplained,
    diff: step.runDiff,
    console: step.script.console,
    error: step.script.ok ? null : (step.script.error ?? step.script.reason ?? 'the script failed'),
    failed_assertions: v.assertions.filter((a) => !a.passed).map((a) => ({
      index: a.index,
      assertion: a.assertion?.description ?? (a.assertion ? describeAssertion(a.assertion) : `assertions[${a.index}]`),
      reason: a.reason,
      nearest: a.nearest ? printedNearest(a.nearest) : null,
    })),
  };
}

/** Nearest rows as the command prints them: each id a check compares followed by its row's name, `"0" (All Files)`. */
function printedNearest(nearest: NearestRows): NearestRows {
  const printed = ({ ref: _ref, names, ...check }: PredicateCheck): PredicateCheck => ({ ...check, ...namedValues({ ...check, names }) });
  return { ...nearest, rows: nearest.rows.map((r) => ({ ...r, checks: r.checks.map(printed) })) };
}
