import { encodeState } from '../studio/permalink.ts';
import { suiteScore } from '../studio/lint.ts';
import { lintTest } from './lint.ts';
import { seedsDir } from './seeds.ts';
import { loadSuiteFile, projectSuiteFiles } from './suites.ts';
import { readJsonFile } from './files.ts';
import type { DifflabSuiteFile } from '../scenarios/format/difflabSuite.ts';

/**
 * The studio's figures for `difflab bench`: how long the lint takes per scenario, the mutation scores of each
 * project suite (closed world and Agent-Diff's open world), and how long a one-scenario permalink is.
 */
export async function benchStudio(): Promise<Record<string, number | string>> {
  const dir = seedsDir(undefined);
  const figures: Record<string, number | string> = {};
  const { withPrewarmedWorkbench } = await import('./nodeEngine.ts');
  await withPrewarmedWorkbench(dir, {}, async (workbench) => {
    for (const file of projectSuiteFiles(undefined)) {
      const s = loadSuiteFile(file);
      const started = performance.now();
      const reports = [];
      for (const test of s.suite.tests) reports.push(await lintTest(workbench, s.dir, test, dir));
      const ms = performance.now() - started;
      const closed = suiteScore(reports);
      const open = suiteScore(reports, 'openWorldScore');
      const id = s.suite.id;
      figures[`${id}.lintScenarios`] = reports.length;
      figures[`${id}.lintMsPerScenario`] = Math.round(ms / Math.max(1, reports.length));
      figures[`${id}.mutants`] = closed.total;
      figures[`${id}.mutationScorePct`] = closed.total ? Math.round((1000 * closed.caught) / closed.total) / 10 : 'n/a';
      figures[`${id}.openWorldScorePct`] = open.total ? Math.round((1000 * open.caught) / open.total) / 10 : 'n/a';
      figures[`${id}.scenariosWithProblems`] = reports.filter((r) => r.problems.length > 0).length;
      const raw = readJsonFile(file, 'suite') as { tests: unknown[] };
      figures[`${id}.permalinkChars`] = (await encodeState({ kind: 'scenario', suite: { ...raw, tests: raw.tests.slice(0, 1) } as DifflabSuiteFile })).length;
    }
  });
  return figures;
}
