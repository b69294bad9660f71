import { writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseAgentDiffResults, type RecordedRun } from '../agent/recorded/agentDiffResults.ts';
import { matchRuns, notReplayable, replayRecordedRun, type ReplayResult } from '../agent/recorded/replayRun.ts';
import type { SeedFile } from '../engine/index.ts';
import type { LanguageId } from '../sandbox/languages.ts';
import type { Workbench } from '../session/index.ts';
import type { CommandSpec } from './args.ts';
import { parseArgs } from './args.ts';
import { CliError, EXIT_OK } from './errors.ts';
import { hasWorkerFor } from './createNodeWorker.ts';
import { readJsonFile } from './files.ts';
import { readSeed, readSeedFile, seedsDir } from './seeds.ts';
import { loadSuiteFile } from './suites.ts';

export const replaySpec = {
  name: 'replay',
  usage: 'difflab replay --results <results.json> --suite <suite.json> [--seeds <dir>] [--seed-file <seed.json>] [--run <id>]',
  flags: {
    results: { type: 'string', required: true, repeatable: true, valueName: 'file', description: "an Agent-Diff results file (runs keyed by run id); may be given more than once" },
    suite: { type: 'string', required: true, valueName: 'file', description: 'the suite the runs were recorded on: runs are matched to its tests by prompt' },
    seeds: { type: 'string', valueName: 'dir', description: 'where seeds are found', defaultText: 'scenarios/' },
    'seed-file': {
      type: 'string',
      repeatable: true,
      valueName: 'file',
      description: 'a seed file that stands for the seed its name begins with (linear_default.recorded.json → linear_default)',
    },
    run: { type: 'string', repeatable: true, valueName: 'id', description: 'replay only this run (its key or runId)' },
    out: { type: 'string', valueName: 'file.jsonl', description: 'also write one JSON line per run: verdicts, and each step\'s recorded and replayed output' },
  },
  notes: [
    'Re-executes each recorded run step by step against a fresh environment of its test (its seed and user), adding',
    'a token to requests that carry none, and replacing ids the model copied from earlier outputs by the replay\'s.',
    'Prints one line per run (recorded verdict, replayed verdict) and a summary; exits 0.',
  ].join('\n'),
} as const satisfies CommandSpec;

/** Languages this build runs, so a run with a step in another is reported, not attempted. */
function availableLanguages(): Set<LanguageId> {
  return new Set((['javascript', 'python', 'bash'] as const).filter(hasWorkerFor));
}

interface Row {
  results: string;
  run: RecordedRun;
  testId: string | null;
  skipped: string | null;
  replay: ReplayResult | null;
  error: string | null;
}

export async function replayCommand(argv: string[]): Promise<number> {
  const flags = parseArgs(replaySpec, argv);
  const suite = loadSuiteFile(flags.suite);
  const files = flags.results.map((file) => {
    let runs: RecordedRun[];
    try {
      runs = parseAgentDiffResults(readJsonFile(resolve(file), 'results file'));
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw new CliError(`${file}: ${(error as Error).message}`);
    }
    return { file, runs: flags.run ? runs.filter((r) => flags.run!.includes(r.key) || flags.run!.includes(r.runId)) : runs };
  });
  const dir = seedsDir(flags.seeds);
  const seedFiles = new Map((flags['seed-file'] ?? []).map((file) => [basename(file).split('.')[0], resolve(file)]));
  const seeds = async (name: string): Promise<SeedFile> => {
    const file = seedFiles.get(name);
    return file ? readSeedFile(file, name) : readSeed(dir, name);
  };
  const languages = availableLanguages();
  const rows: Row[] = [];
  const { withPrewarmedWorkbench } = await import('./nodeEngine.ts');
  await withPrewarmedWorkbench(dir, { language: 'python', seeds }, async (workbench: Workbench) => {
    for (const { file, runs } of files) {
      for (const { run, test } of matchRuns(runs, suite.suite.tests)) {
        const skipped = notReplayable(run, test, languages);
        const row: Row = { results: basename(file), run, testId: test?.id ?? null, skipped, replay: null, error: null };
        if (!skipped && test) {
          try {
            row.replay = await replayRecordedRun(workbench, test, run);
          } catch (error) {
            row.error = error instanceof Error ? error.message : String(error);
          }
        }
        rows.push(row);
        process.stdout.write(`${describe(row)}\n`);
      }
    }
  });
  if (flags.out) writeFileSync(flags.out, rows.map((row) => JSON.stringify(record(row))).join('\n') + '\n');
  const replayed = rows.filter((r) => r.replay);
  const agree = replayed.filter((r) => r.replay!.agrees).length;
  process.stdout.write(
    `\n${rows.length} runs: ${replayed.length} replayed, ${rows.length - replayed.length} not replayable; ` +
      `${agree} agree with the recorded verdict, ${replayed.length - agree} disagree` +
      (replayed.length ? ` (${((100 * agree) / replayed.length).toFixed(1)}% agreement)` : '') +
      '\n',
  );
  return EXIT_OK;
}

function verdictWord(passed: boolean): string {
  return passed ? 'pass' : 'fail';
}

function describe(row: Row): string {
  const head = `${row.results.replace(/^evaluation_results_/, '').replace(/\.json$/, '')}  ${row.run.key.slice(0, 8)}  ${row.testId ?? '-'}`;
  if (row.skipped) return `${head}  not replayable: ${row.skipped}`;
  if (row.error) return `${head}  error: ${row.error}`;
  const r = row.replay!;
  const mark = r.agrees ? 'agree' : 'DISAGREE';
  const stopped = r.steps.filter((s) => s.script && !s.script.ok && s.script.reason !== 'error').map((s) => `step ${s.index + 1}: ${s.script!.error}`);
  const failures = r.agrees ? '' : `  [${[...stopped, ...r.verdict.failures].join('; ').slice(0, 300)}]`;
  return `${head}  recorded ${verdictWord(r.recordedPassed)}, replayed ${verdictWord(r.replayedPassed)}  ${mark}  (${r.steps.length} steps)${failures}`;
}

function record(row: Row): unknown {
  return {
    results: row.results,
    run: row.run.key,
    runId: row.run.runId,
    test_id: row.testId,
    not_replayable: row.skipped,
    error: row.error,
    recorded_passed: row.run.passed,
    replayed_passed: row.replay?.replayedPassed ?? null,
    agrees: row.replay?.agrees ?? null,
    failures: row.replay?.verdict.failures ?? null,
    steps: row.replay?.steps.map((s) => ({
      language: s.language,
      code: s.code,
      substituted: s.substituted,
      recorded_output: s.recordedOutput,
      replayed_output: s.replayedOutput,
      error: s.script && !s.script.ok ? s.script.error : null,
    })),
  };
}
