import type { SchemaInfo, SeedFile } from '../engine/types.ts';
import type { Scenario } from '../scenarios/types.ts';
import { expensivePatternLine, withBoundedPatterns } from '../evaluation/patternMatcher.ts';
import { EVALUATION_PATTERN_BUDGET_MS } from '../evaluation/patternRunner.ts';
import type { Workbench } from '../session/workbench.ts';
import { lintScenario, type LintReport, type ScriptRun } from './lint.ts';

/** Runs a script in a fresh environment of the scenario and keeps what the lint reads. */
export async function runForLint(workbench: Workbench, scenario: Scenario, source: string): Promise<{ run: ScriptRun; schema: SchemaInfo }> {
  const session = await workbench.open(scenario);
  try {
    const step = await session.runStep(source);
    const error = step.script.ok ? null : (step.script.error ?? step.script.reason ?? 'the script failed');
    return { run: { diff: step.runDiff, answer: step.answer, error }, schema: session.env.template.schemaInfo };
  } finally {
    await session.dispose();
  }
}

/** The lint of one scenario on a workbench: the empty script and the reference solution, each in a fresh environment. */
export async function lintScenarioIn(workbench: Workbench, scenario: Scenario, solution: string | null, seed: (name: string) => Promise<SeedFile> | SeedFile): Promise<LintReport> {
  const empty = await runForLint(workbench, scenario, '');
  const reference = solution === null ? null : (await runForLint(workbench, scenario, solution)).run;
  const input = { scenario, schema: empty.schema, seed: await seed(scenario.seed), reference, empty: empty.run };
  // Every mutant's verdict with its patterns bounded in time: one budget for each verdict the lint takes.
  const { value: report, expensive } = await withBoundedPatterns(() => lintScenario(input), EVALUATION_PATTERN_BUDGET_MS * 16);
  if (expensive.length) report.problems.push(expensivePatternLine(expensive));
  return report;
}
