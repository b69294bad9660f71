import { bash } from '../sandbox/languages.ts';
import { writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { endpointsCalled, RELEVANT_ENDPOINTS_FILE } from '../agent/docs.ts';
import type { CommandSpec } from './args.ts';
import { parseArgs } from './args.ts';
import { EXIT_OK, EXIT_PROBLEMS } from './errors.ts';
import { isFile, readTextFile, repoRoot } from './files.ts';
import { referenceAnswerJudge } from '../evaluation/index.ts';
import { runInSession, type RunOutcome } from './runScenario.ts';
import type { Router } from '../replicas/index.ts';
import type { Session } from '../session/index.ts';
import type { RequestLogEntry } from '../sandbox/types.ts';
import { seedsDir } from './seeds.ts';
import { selectedSuites, suiteSelectionFlags } from './suites.ts';

export const selftestSpec = {
  name: 'selftest',
  usage: 'difflab selftest [--service <name>] [--suite <suite.json>] [--seeds <dir>] [--record-endpoints]',
  flags: {
    ...suiteSelectionFlags,
    'record-endpoints': { type: 'boolean', description: `write the endpoints each reference solution calls to ${RELEVANT_ENDPOINTS_FILE} beside the suite (the "relevant docs" of agent runs)` },
  },
  notes:
    'Prints a table (test id, solution verdict, empty-script verdict, API calls the solution made, ms), then "N passed, N failed"; exits 1 if any failed. ' +
    'A scenario also fails when its metadata.horizon differs from the number of API calls its reference solution makes, ' +
    'or when its services (its span) differ from the services those calls reach.',
} as const satisfies CommandSpec;

interface Row {
  id: string;
  solution: string;
  empty: string;
  calls: number | null;
  /** The services the reference solution's requests reached. */
  span: string[] | null;
  ms: number;
  ok: boolean;
  why: string[];
}

export async function selftestCommand(argv: string[]): Promise<number> {
  const flags = parseArgs(selftestSpec, argv);
  const suites = selectedSuites(flags);
  const dir = seedsDir(flags.seeds);

  const rows: Row[] = [];
  const bashRuns = { passed: 0, total: 0 };
  const out = (line: string) => process.stdout.write(line + '\n');
  // Rubrics are judged by whether the answer holds the scenario's reference answer: deterministic, no model needed.
  const { needsOf, withPrewarmedWorkbench } = await import('./nodeEngine.ts');
  await withPrewarmedWorkbench(dir, { judge: referenceAnswerJudge, needs: needsOf(suites.map((s) => s.suite)) }, async (workbench) => {
    for (const s of suites) {
      const recorded = new Map<string, string[]>();
      out(`${s.suite.name} (${shortPath(s.file)}): ${s.suite.tests.length} scenarios`);
      out(header());
      for (const test of s.suite.tests) {
        const started = performance.now();
        const row: Row = { id: test.id, solution: '-', empty: '-', calls: null, span: null, ms: 0, ok: false, why: [] };
        try {
          const solutionFile = test.solution ? resolve(s.dir, test.solution) : null;
          if (!solutionFile) row.why.push('no reference solution (the test has no "solution")');
          else if (!isFile(solutionFile)) row.why.push(`reference solution not found: ${relative(repoRoot, solutionFile)}`);
          // One environment for both runs: resetting it after the solution costs what the solution changed, a second
          // copy of the seed costs what the seed holds.
          const session = await workbench.open(test);
          try {
            await checkScenario(session, row, solutionFile, bashRuns, (requests) => {
              if (flags['record-endpoints']) recorded.set(test.id, endpointsCalled(workbench.router, requests));
            });
          } finally {
            await session.dispose();
          }
        } catch (err) {
          // A seed that does not load (or another broken input) fails this scenario, not the whole run.
          row.why.push(`could not run: ${(err as Error).message.split('\n')[0]}`);
        }
        row.ms = Math.round(performance.now() - started);
        rows.push(row);
        out(line(row));
        for (const w of row.why) out(`    ${w}`);
      }
      if (flags['record-endpoints']) {
        const file = join(s.dir, RELEVANT_ENDPOINTS_FILE);
        writeFileSync(file, JSON.stringify(Object.fromEntries(recorded), null, 1) + '\n');
        out(`recorded the endpoints of ${recorded.size} reference solutions in ${shortPath(file)}`);
      }
    }
  });
  const passed = rows.filter((r) => r.ok).length;
  if (bashRuns.total) out(`Bash solutions: ${bashRuns.passed} of ${bashRuns.total} passed`);
  out(`${passed} passed, ${rows.length - passed} failed`);
  return passed === rows.length ? EXIT_OK : EXIT_PROBLEMS;
}

/** The reference solution passes (with its measured horizon and span) and, in the reset environment, the empty script fails. */
async function checkScenario(
  session: Session,
  row: Row,
  solutionFile: string | null,
  bashRuns: { passed: number; total: number },
  onRequests: (requests: RequestLogEntry[]) => void,
): Promise<void> {
  const test = session.scenario;
  const router = session.workbench.router;
  let solutionPassed = false;
  if (solutionFile && isFile(solutionFile)) {
    const outcome = await runInSession(session, readTextFile(solutionFile, 'reference solution'), {}, (step) => {
      // A redirect the host followed (Box's downloads) belongs to the call before it.
      row.calls = step.script.requests.filter((r) => !r.redirected).length;
      row.span = servicesReached(router, step.script.requests);
      onRequests(step.script.requests);
    });
    await session.reset();
    // A solution that stops with an error is broken even when what it did before stopping passes (as the lint's check a).
    solutionPassed = outcome.passed === true && !outcome.error;
    row.solution = verdictText(outcome);
    if (!outcome.passed) row.why.push(`solution: ${explain(outcome)}`);
    else if (outcome.error) row.why.push(`solution stopped: ${outcome.error.split('\n')[0]}`);
    // The horizon is a measured fact (the task's length), so a stale one fails like a broken solution.
    const declared = test.metadata?.horizon;
    if (declared !== undefined && row.calls !== declared) {
      solutionPassed = false;
      row.why.push(`horizon: metadata says ${declared}, the reference solution makes ${row.calls} API call(s)`);
    }
    // So is the span: the services a task crosses are the ones its reference solution has to reach.
    if (row.span && row.span.length && !sameSet(row.span, test.services)) {
      solutionPassed = false;
      row.why.push(`services: the scenario names ${test.services.join(', ')}, the reference solution reaches ${row.span.join(', ')}`);
    }
  }
  // A Bash version beside the reference solution (solutions/<id>.sh) must pass too.
  const bashFile = solutionFile?.replace(/\.[cm]?js$/, bash.fileExtension);
  if (bashFile && bashFile !== solutionFile && isFile(bashFile)) {
    const outcome = await runInSession(session, readTextFile(bashFile, 'Bash solution'), {}, undefined, 'bash');
    await session.reset();
    bashRuns.total++;
    if (outcome.passed && !outcome.error) bashRuns.passed++;
    else {
      solutionPassed = false;
      row.why.push(`Bash solution: ${outcome.passed ? `stopped: ${outcome.error?.split('\n')[0]}` : explain(outcome)}`);
    }
  }
  const empty = await runInSession(session, '');
  row.empty = verdictText(empty);
  if (empty.passed) row.why.push('empty script passes: the assertions do not require any change');
  row.ok = solutionPassed && !empty.passed;
}

/** Relative to the working directory when the file is below it, else absolute. */
function shortPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel && !rel.startsWith('..') ? rel : file;
}

/** The services a request log reached, in the router's order (which is also `replicas/index.ts`'s). */
export function servicesReached(router: Router, requests: readonly { url: string }[]): string[] {
  const reached = new Set(requests.map((r) => router.resolve(r.url)?.replica.name).filter((n): n is string => !!n));
  return router.replicas.map((r) => r.name).filter((n) => reached.has(n));
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === new Set(b).size && a.every((x) => b.includes(x));

const COLS = [28, 16, 16, 5, 4, 7] as const;

function header(): string {
  return ['test id', 'solution', 'empty script', 'calls', 'svcs', 'ms'].map((h, i) => (i >= 3 ? h.padStart(COLS[i]) : h.padEnd(COLS[i]))).join('  ');
}

function line(r: Row): string {
  const id = r.id.length > COLS[0] ? r.id.slice(0, COLS[0] - 1) + '…' : r.id;
  return [
    id.padEnd(COLS[0]),
    r.solution.padEnd(COLS[1]),
    r.empty.padEnd(COLS[2]),
    String(r.calls ?? '-').padStart(COLS[3]),
    String(r.span?.length ?? '-').padStart(COLS[4]),
    String(r.ms).padStart(COLS[5]),
    r.ok ? 'ok' : 'FAILED',
  ].join('  ');
}

function verdictText(o: RunOutcome): string {
  return o.score ? `${o.passed ? 'pass' : 'fail'} ${o.score.passed}/${o.score.total}` : 'not run';
}

function explain(o: RunOutcome): string {
  if (o.error) return `script error: ${o.error.split('\n')[0]}`;
  const parts = [...o.failures.map(brief), ...(o.unexplained.length ? [`${o.unexplained.length} unexplained change(s)`] : [])];
  return parts.slice(0, 3).join('; ') || 'failed';
}

function brief(f: unknown): string {
  if (typeof f === 'string') return f;
  const m = (f as { message?: unknown })?.message;
  return typeof m === 'string' ? m : JSON.stringify(f);
}
