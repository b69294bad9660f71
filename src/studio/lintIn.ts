import type { SeedFile } from '../engine/types.ts';
import type { Scenario } from '../scenarios/types.ts';
import { expensivePatternLine, withBoundedPatterns } from '../evaluation/patternMatcher.ts';
import { EVALUATION_PATTERN_BUDGET_MS } from '../evaluation/patternRunner.ts';
import type { Session, Workbench } from '../session/workbench.ts';
import { lintScenario, type LintReport, type ScriptRun } from './lint.ts';

/** Runs a script as a step of the session and keeps what the lint reads. */
async function runForLint(session: Session, source: string): Promise<ScriptRun> {
  const step = await session.runStep(source);
  const error = step.script.ok ? null : (step.script.error ?? step.script.reason ?? 'the script failed');
  return { diff: step.runDiff, answer: step.answer, error };
}

/**
 * The lint of one scenario on a workbench: the empty script, then the reference solution in the same environment reset
 * to its seed (a reset costs what the empty script changed, nothing; a second copy of a large seed costs the seed).
 */
export async function lintScenarioIn(workbench: Workbench, scenario: Scenario, solution: string | null, seed: (name: string) => Promise<SeedFile> | SeedFile): Promise<LintReport> {
  const session = await workbench.open(scenario);
  let input: Parameters<typeof lintScenario>[0];
  try {
    const empty = await runForLint(session, '');
    await session.reset();
    const reference = solution === null ? null : await runForLint(session, solution);
    input = { scenario, schema: session.env.template.schemaInfo, seed: await seed(scenario.seed), reference, empty };
  } finally {
    await session.dispose();
  }
  // Every mutant's verdict with its patterns bounded in time: one budget for each verdict the lint takes.
  const { value: report, expensive } = await withBoundedPatterns(() => lintScenario(input), EVALUATION_PATTERN_BUDGET_MS * 16);
  if (expensive.length) report.problems.push(expensivePatternLine(expensive));
  return report;
}
