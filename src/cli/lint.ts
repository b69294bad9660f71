import { relative, resolve } from 'node:path';
import type { CommandSpec } from './args.ts';
import { parseArgs } from './args.ts';
import { EXIT_OK, EXIT_PROBLEMS } from './errors.ts';
import { isFile, readTextFile, repoRoot } from './files.ts';
import { readSeed, seedsDir } from './seeds.ts';
import { selectedSuites, suiteSelectionFlags } from './suites.ts';
import { percent, suiteScore, type LintReport } from '../studio/lint.ts';
import { lintScenarioIn } from '../studio/lintIn.ts';
import { MUTATED_ROWS_PER_PART } from '../studio/mutants.ts';
import type { Scenario } from '../scenarios/index.ts';
import type { Workbench } from '../session/index.ts';

export const lintSpec = {
  name: 'lint',
  usage: 'difflab lint [--service <name>] [--suite <suite.json>] [--seeds <dir>] [--test <id>] [--json] [--verbose]',
  flags: {
    ...suiteSelectionFlags,
    test: { type: 'string', valueName: 'id', description: 'only this test' },
    json: { type: 'boolean', description: 'print the reports as JSON (one object per suite)' },
    verbose: { type: 'boolean', description: 'also list every mutant and each assertion’s need' },
  },
  notes:
    'For each scenario: the reference solution passes, the empty script fails, mutants of the reference diff (drop one change, ' +
    'change one asserted value, add an unrelated insert, delete an unrelated row, touch an extra field, change a row a guard keeps) fail, every assertion ' +
    'is needed, and the prompt names no database ids. Prints the mutation score per scenario and per suite; exits 1 when a ' +
    'scenario has a problem (a, b or e). Uncaught mutants and redundant assertions are warnings.',
} as const satisfies CommandSpec;

/** Lints one test of a suite file; a test that cannot run is reported as a problem, not thrown. */
export async function lintTest(workbench: Workbench, suiteDir: string, test: Scenario, seeds: string): Promise<LintReport> {
  try {
    const solutionFile = test.solution ? resolve(suiteDir, test.solution) : null;
    const solution = solutionFile && isFile(solutionFile) ? readTextFile(solutionFile, 'reference solution') : null;
    const report = await lintScenarioIn(workbench, test, solution, (name) => readSeed(seeds, name));
    if (solutionFile && !isFile(solutionFile)) report.problems.unshift(`reference solution not found: ${relative(repoRoot, solutionFile)}`);
    return report;
  } catch (err) {
    const none = { caught: 0, total: 0 };
    return { id: test.id, problems: [`could not run: ${(err as Error).message.split('\n')[0]}`], warnings: [], referencePassed: null, emptyFailed: false, mutants: [], score: none, openWorldScore: none, assertions: [], promptIds: [] };
  }
}

export async function lintCommand(argv: string[]): Promise<number> {
  const flags = parseArgs(lintSpec, argv);
  const suites = selectedSuites(flags);
  const dir = seedsDir(flags.seeds);
  const out = (line: string) => process.stdout.write(line + '\n');
  let broken = 0;
  const { needsOf, withPrewarmedWorkbench } = await import('./nodeEngine.ts');
  await withPrewarmedWorkbench(dir, { needs: needsOf(suites.map((s) => s.suite)) }, async (workbench) => {
    for (const s of suites) {
      const tests = flags.test ? s.suite.tests.filter((t) => t.id === flags.test) : s.suite.tests;
      const reports: LintReport[] = [];
      if (!flags.json) out(`${s.suite.name} (${relative(process.cwd(), s.file) || s.file}): ${tests.length} scenarios`);
      for (const test of tests) {
        const report = await lintTest(workbench, s.dir, test, dir);
        reports.push(report);
        if (report.problems.length > 0) broken++;
        if (!flags.json) printReport(out, report, Boolean(flags.verbose));
      }
      const total = suiteScore(reports);
      const open = suiteScore(reports, 'openWorldScore');
      if (flags.json) out(JSON.stringify({ suite: s.suite.id, file: s.file, score: total, openWorldScore: open, reports }));
      else {
        out(`suite ${s.suite.id}: mutation score ${percent(total)} (${total.caught}/${total.total} mutants caught); open world (Agent-Diff verdict) ${percent(open)} (${open.caught}/${open.total})`);
        const sampled = reports.filter((r) => r.sampledRows).length;
        out(`  ${reports.length - reports.filter((r) => r.problems.length).length}/${reports.length} scenarios without problems, ${reports.filter((r) => r.warnings.length).length} with warnings${sampled ? `; ${sampled} with per-row mutants for a sample of rows (at most ${MUTATED_ROWS_PER_PART} per part of a diff)` : ''}\n`);
      }
    }
  });
  return broken === 0 ? EXIT_OK : EXIT_PROBLEMS;
}

function printReport(out: (line: string) => void, r: LintReport, verbose: boolean): void {
  const status = r.problems.length > 0 ? 'PROBLEM' : r.warnings.length > 0 ? 'weak' : 'ok';
  const open = `open world ${r.openWorldScore.caught}/${r.openWorldScore.total}`;
  out(`  ${r.id.padEnd(32)} ${`${r.score.caught}/${r.score.total}`.padStart(7)} ${percent(r.score).padStart(7)}  ${open.padEnd(20)} ${status}`);
  if (r.sampledRows) out(`      note: per-row mutants for ${r.sampledRows.mutated} of ${r.sampledRows.total} rows of the reference diff (evenly spaced sample, at most ${MUTATED_ROWS_PER_PART} per part)`);
  for (const p of r.problems) out(`      problem: ${p}`);
  for (const w of r.warnings) out(`      warning: ${w}`);
  if (verbose) {
    for (const m of r.mutants) out(`      ${m.caught ? 'caught ' : 'MISSED '} ${m.caughtOpenWorld ? '(open: caught)' : '(open: MISSED)'} ${m.name}`);
    for (const a of r.assertions) out(`      assertions[${a.index}] ${a.needed ? 'needed' : 'REDUNDANT'}: ${a.why}`);
  }
}
