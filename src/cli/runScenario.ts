import type { Scenario } from '../scenarios/index.ts';
import type { StepResult, Workbench } from '../session/index.ts';
import type { LanguageId } from '../sandbox/languages.ts';
import type { SandboxLimits } from '../sandbox/types.ts';

/** What `difflab run` prints for one script: the contract of the command's output. */
export interface RunOutcome {
  test_id: string;
  passed: boolean;
  agent_diff_passed: boolean;
  score: { passed: number; total: number; percent: number };
  failures: unknown[];
  unexplained: unknown[];
  diff: { inserts: unknown[]; updates: unknown[]; deletes: unknown[] };
  console: { level: string; text: string }[];
  /** Why the script did not finish (uncaught error, limit), or null. */
  error: string | null;
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
    const step = await session.runStep(source, { limits, language });
    onStep?.(step);
    const v = step.verdict;
    const outcome: RunOutcome = {
      test_id: scenario.id,
      // A hybrid-graded scenario passes by its hybrid rule (score ≥ 0.5, every critical check passed).
      passed: step.grade ? step.grade.passed : v.passed,
      agent_diff_passed: v.agent_diff_passed,
      score: v.score,
      failures: v.failures,
      unexplained: v.unexplained,
      diff: step.runDiff,
      console: step.script.console,
      error: step.script.ok ? null : (step.script.error ?? step.script.reason ?? 'the script failed'),
    };
    return { outcome, ms: Math.round(performance.now() - started) };
  } finally {
    await session.dispose();
  }
}
