import { resolve } from 'node:path';
import { checkSuiteAgainstSchema, checkSuiteNames, guessSuiteFormat, suiteNamesOf, type SuiteIssue } from '../scenarios/index.ts';
import type { CommandSpec } from './args.ts';
import { parseArgs } from './args.ts';
import { EXIT_OK, EXIT_PROBLEMS } from './errors.ts';
import { isFile, readJsonFile } from './files.ts';
import { findSeedFile, readSeed, seedsDir } from './seeds.ts';
import { parseSuiteFile } from './suites.ts';
import { skipWasmTierUp } from './wasmTiering.ts';

export const checkSpec = {
  name: 'check',
  usage: 'difflab check --suite <suite.json> [--seeds <dir>]',
  flags: {
    suite: { type: 'string', required: true, valueName: 'file', description: "suite file (DiffLab's format or Agent-Diff's)" },
    seeds: { type: 'string', valueName: 'dir', description: 'where seeds are found', defaultText: 'scenarios/' },
  },
  notes: 'Prints a JSON summary {ok, suite, format, tests, seeds, issues}; exits 1 when there are issues, 2 for bad input.',
} as const satisfies CommandSpec;

interface SeedReport {
  name: string;
  file: string | null;
  ok: boolean;
  tests: number;
  rows?: number;
  error?: string;
}

export interface CheckSummary {
  ok: boolean;
  suite: string;
  format: string | null;
  tests: number;
  seeds: SeedReport[];
  issues: SuiteIssue[];
}

export async function checkCommand(argv: string[]): Promise<number> {
  const flags = parseArgs(checkSpec, argv);
  const dir = seedsDir(flags.seeds);
  const summary = await checkSuite(flags.suite, dir);
  process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
  if (!summary.ok) {
    process.stderr.write(summary.issues.map((i) => `${i.path}: ${i.message}`).join('\n') + '\n');
    process.stderr.write(`difflab check: ${summary.issues.length} issue${summary.issues.length === 1 ? '' : 's'} in ${summary.suite}\n`);
  }
  return summary.ok ? EXIT_OK : EXIT_PROBLEMS;
}

/** The name checks of a suite that did not load, against the schemas of the services it names (all when none). */
async function nameIssues(names: NonNullable<ReturnType<typeof suiteNamesOf>>, dir: string): Promise<SuiteIssue[]> {
  skipWasmTierUp();
  const { createEngine } = await import('./nodeEngine.ts');
  const engine = await createEngine(dir, { seeds: [] });
  try {
    return checkSuiteNames(names, engine.schemaInfo());
  } finally {
    await engine.close();
  }
}

export async function checkSuite(suitePath: string, dir: string): Promise<CheckSummary> {
  const parsed = parseSuiteFile(suitePath);
  if (!parsed.ok) {
    // The name checks run whatever else is wrong: a misspelt table or column gets its "did you mean" now.
    const value = readJsonFile(parsed.file, 'suite file');
    const names = suiteNamesOf(value);
    const issues = names ? [...parsed.issues, ...(await nameIssues(names, dir))] : parsed.issues;
    const format = value && typeof value === 'object' && !Array.isArray(value) ? guessSuiteFormat(value as Record<string, unknown>).format : null;
    return { ok: false, suite: parsed.file, format, tests: names?.tests.length ?? 0, seeds: [], issues };
  }
  const { suite, file, dir: suiteDir } = parsed.value;
  const raw = readJsonFile(file, 'suite file') as { seed?: unknown; tests: Record<string, unknown>[] };
  const issues: SuiteIssue[] = [];

  // Where each seed is named, for issue paths: the first test that uses it, or the suite's default.
  const seedPath = new Map<string, string>();
  const testsPerSeed = new Map<string, number>();
  suite.tests.forEach((t, i) => {
    testsPerSeed.set(t.seed, (testsPerSeed.get(t.seed) ?? 0) + 1);
    if (seedPath.has(t.seed)) return;
    const key = suite.format === 'agent-diff' ? 'seed_template' : 'seed';
    seedPath.set(t.seed, raw.tests[i]?.[key] !== undefined ? `$.tests[${i}].${key}` : '$.seed');
  });
  suite.tests.forEach((t, i) => {
    if (t.solution && !isFile(resolve(suiteDir, t.solution))) {
      issues.push({ path: `$.tests[${i}].solution`, message: `reference solution not found: ${resolve(suiteDir, t.solution)}` });
    }
  });

  const seeds: SeedReport[] = [...testsPerSeed].map(([name, tests]) => ({ name, file: findSeedFile(dir, name), ok: false, tests }));
  for (const s of seeds) {
    if (!s.file) {
      s.error = `seed file not found: looked for ${s.name}.json in ${dir}, ${dir}/seeds/ and ${dir}/*/seeds/`;
      issues.push({ path: seedPath.get(s.name)!, message: s.error });
    }
  }

  skipWasmTierUp();
  const { createEngine } = await import('./nodeEngine.ts');
  const engine = await createEngine(dir, { services: suite.services, seeds: seeds.filter((x) => x.file).map((x) => x.name) });
  try {
    for (const s of seeds.filter((x) => x.file)) {
      try {
        const template = await engine.loadTemplate(s.name, await readSeed(dir, s.name));
        s.ok = true;
        s.rows = Object.values(template.rowCounts).reduce((a, b) => a + b, 0);
      } catch (err) {
        s.error = (err as Error).message;
        issues.push({ path: seedPath.get(s.name)!, message: `seed "${s.name}" does not load: ${s.error}` });
      }
    }
    issues.push(...checkSuiteAgainstSchema(suite, engine.schemaInfo()));
  } finally {
    await engine.close();
  }
  return { ok: issues.length === 0, suite: file, format: suite.format, tests: suite.tests.length, seeds, issues };
}
