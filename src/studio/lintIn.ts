import type { SeedFile } from '../engine/types.ts';
import type { Scenario } from '../scenarios/types.ts';
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
  try {
    const empty = await runForLint(session, '');
    await session.reset();
    const reference = solution === null ? null : await runForLint(session, solution);
    return lintScenario({ scenario, schema: session.env.template.schemaInfo, seed: await seed(scenario.seed), reference, empty });
  } finally {
    await session.dispose();
  }
}
