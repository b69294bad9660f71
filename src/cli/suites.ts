import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadSuite, type Scenario, type Suite, type SuiteIssue } from '../scenarios/index.ts';
import type { FlagSpec } from './args.ts';
import { CliError } from './errors.ts';
import { isFile, readJsonFile, repoRoot } from './files.ts';

export interface SuiteFile {
  suite: Suite;
  file: string;
  /** Folder of the suite file: reference solutions are relative to it. */
  dir: string;
}

export function formatIssues(issues: SuiteIssue[]): string[] {
  return issues.map((i) => `${i.path}: ${i.message}`);
}

/** Parses a suite file; returns the issues instead of throwing, for `check`. */
export function parseSuiteFile(path: string): { ok: true; value: SuiteFile } | { ok: false; file: string; issues: SuiteIssue[] } {
  const file = resolve(path);
  const json = readJsonFile(file, 'suite file');
  const loaded = loadSuite(json);
  if (!loaded.ok) return { ok: false, file, issues: loaded.issues };
  return { ok: true, value: { suite: loaded.suite, file, dir: dirname(file) } };
}

/** Loads a suite file or fails with every issue's JSON path on stderr. */
export function loadSuiteFile(path: string): SuiteFile {
  const parsed = parseSuiteFile(path);
  if (!parsed.ok) throw new CliError(`suite ${parsed.file} is malformed (${parsed.issues.length} issue${parsed.issues.length === 1 ? '' : 's'}):`, formatIssues(parsed.issues));
  return parsed.value;
}

export function findTest(suite: SuiteFile, id: string): Scenario {
  const test = suite.suite.tests.find((t) => t.id === id);
  if (!test) {
    const ids = suite.suite.tests.map((t) => t.id);
    const shown = ids.length > 20 ? [...ids.slice(0, 20), `… (${ids.length} in all)`] : ids;
    throw new CliError(`unknown test id "${id}" in ${suite.file}`, [`test ids: ${shown.join(', ')}`]);
  }
  return test;
}

/** The project's own suites: `scenarios/<service>/suite.json`, optionally of one service. */
export function projectSuiteFiles(service?: string): string[] {
  const root = join(repoRoot, 'scenarios');
  let services: string[] = [];
  try {
    services = readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  } catch {
    return [];
  }
  return services.filter((s) => !service || s === service).map((s) => join(root, s, 'suite.json')).filter(isFile);
}

/** The suites `--suite` names: each a suite file, or a service with scenarios/<service>/suite.json. */
export function suiteFiles(args: readonly string[]): SuiteFile[] {
  return args.flatMap((a) => {
    if (isFile(resolve(a))) return [loadSuiteFile(a)];
    const files = projectSuiteFiles(a);
    if (!files.length) throw new CliError(`--suite ${a}: neither a file nor a service with scenarios/${a}/suite.json`);
    return files.map(loadSuiteFile);
  });
}

/** The flags of commands that run over suites: `--service`, `--suite`, `--seeds`. */
export const suiteSelectionFlags = {
  service: { type: 'string', valueName: 'name', description: 'only the suite of this service (scenarios/<name>/suite.json)' },
  suite: { type: 'string', valueName: 'file', description: 'a suite file instead of the project suites' },
  seeds: { type: 'string', valueName: 'dir', description: 'where seeds are found', defaultText: 'scenarios/' },
} as const satisfies Record<string, FlagSpec>;

/** The suites `--suite` or `--service` pick (every project suite when neither is given); fails when there are none. */
export function selectedSuites(flags: { service?: string; suite?: string }): SuiteFile[] {
  const files = flags.suite ? [resolve(flags.suite)] : projectSuiteFiles(flags.service);
  if (files.length === 0) {
    throw new CliError(
      flags.service ? `no suite for service "${flags.service}": scenarios/${flags.service}/suite.json not found` : 'no project suites found (scenarios/*/suite.json)',
    );
  }
  return files.map(loadSuiteFile);
}
