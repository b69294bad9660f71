import { resolve } from 'node:path';
import type { CommandSpec } from './args.ts';
import { parseArgs } from './args.ts';
import { CliError, EXIT_OK } from './errors.ts';
import { readTextFile } from './files.ts';
import { findSeedFile, seedsDir } from './seeds.ts';
import { findTest, loadSuiteFile } from './suites.ts';
import { runScenario } from './runScenario.ts';
import { skipWasmTierUp } from './wasmTiering.ts';
import { defaultLimits, type SandboxLimits } from '../sandbox/types.ts';
import { languageById, languageOfFile, languages } from '../sandbox/languages.ts';

export const runSpec = {
  name: 'run',
  usage: 'difflab run --suite <suite.json> --test <id> --script <script.js|script.sh|script.py> [--seeds <dir>]',
  flags: {
    suite: { type: 'string', required: true, valueName: 'file', description: "suite file (DiffLab's format or Agent-Diff's)" },
    test: { type: 'string', required: true, valueName: 'id', description: 'id of the test to run' },
    script: { type: 'string', required: true, valueName: 'file', description: 'the script that calls the real API hosts: JavaScript (.js, fetch), Bash (.sh, curl) or Python (.py, requests)' },
    language: { type: 'string', valueName: 'name', description: `the script's language (${languages.map((l) => l.id).join(', ')})`, defaultText: "from the script's extension; else javascript" },
    seeds: { type: 'string', valueName: 'dir', description: 'where seeds are found', defaultText: 'scenarios/' },
    'timeout-ms': { type: 'number', valueName: 'ms', description: "the script's time budget", defaultText: '10000' },
  },
  notes: [
    'Prints one JSON object: {test_id, passed, agent_diff_passed, score: {passed, total, percent}, failures,',
    'unexplained, diff: {inserts, updates, deletes}, console, error, failed_assertions}. Each failed assertion',
    'comes with its nearest rows (at most 3: rows of its table in its part of the diff, else rows the script touched,',
    'then seed rows), each check with the expected and the actual value, ids followed by their rows\' names',
    '("0" (All Files)). A script that never ran (a syntax error) has passed null and no verdict. Exits 0 whether',
    'the test passes or fails, and 2 for bad input.',
  ].join('\n'),
} as const satisfies CommandSpec;

export async function runCommand(argv: string[]): Promise<number> {
  const flags = parseArgs(runSpec, argv);
  // Every input is checked before PGlite starts, so a typo costs milliseconds, not seconds.
  const suite = loadSuiteFile(flags.suite);
  const test = findTest(suite, flags.test);
  const source = readTextFile(resolve(flags.script), 'script file');
  const language = flags.language !== undefined ? languageById(flags.language) : (languageOfFile(flags.script) ?? languageById('javascript'));
  if (!language) throw new CliError(`unknown --language "${flags.language}"`, [`one of: ${languages.map((l) => l.id).join(', ')}`]);
  const dir = seedsDir(flags.seeds);
  if (!findSeedFile(dir, test.seed)) {
    throw new CliError(`seed "${test.seed}" of test ${test.id} not found under ${dir}`, [
      `looked for ${test.seed}.json in ${dir}, ${dir}/seeds/ and ${dir}/*/seeds/; pass --seeds <dir>`,
    ]);
  }
  if (flags['timeout-ms'] !== undefined && flags['timeout-ms'] <= 0) throw new CliError('--timeout-ms must be positive');

  const limits: SandboxLimits = { ...defaultLimits, ...(flags['timeout-ms'] !== undefined ? { timeMs: flags['timeout-ms'] } : {}) };
  skipWasmTierUp();
  const { withPrewarmedWorkbench } = await import('./nodeEngine.ts');
  const needs = { services: suite.suite.services, seeds: [test.seed] };
  await withPrewarmedWorkbench(dir, { limits, language: language.id, needs, oneScript: true }, async (workbench) => {
    try {
      await workbench.ensureTemplate(test.seed);
    } catch (err) {
      if (err instanceof CliError) throw err;
      throw new CliError(`seed "${test.seed}" could not be loaded: ${(err as Error).message}`);
    }
    const { outcome } = await runScenario(workbench, test, source, limits, undefined, language.id);
    process.stdout.write(JSON.stringify(outcome, null, 2) + '\n');
  });
  return EXIT_OK;
}
