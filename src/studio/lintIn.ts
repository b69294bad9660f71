import type { SchemaInfo, SeedFile } from '../engine/types.ts';
import type { Scenario } from '../scenarios/types.ts';
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
  return lintScenario({ scenario, schema: empty.schema, seed: await seed(scenario.seed), reference, empty: empty.run });
}
