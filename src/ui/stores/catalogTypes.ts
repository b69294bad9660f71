import type { Scenario, SuiteIssue } from '../../scenarios/index.ts';

export type SuiteOrigin = 'project' | 'imported';

/** A suite as the catalog lists it. */
export interface SuiteSource {
  id: string;
  name: string;
  format: 'difflab' | 'agent-diff';
  origin: SuiteOrigin;
  services: string[];
  /** The file it came from: a project path or an imported file's name. */
  file: string;
}

/** One scenario in the catalog, keyed across suites (two suites may both have a `test_1`). */
export interface CatalogEntry {
  key: string;
  suite: SuiteSource;
  scenario: Scenario;
  /** The solution loader's key for the reference solution, or null when the scenario has none. */
  solution: string | null;
}

/** What happened to one file given to the catalog (a bundled suite or an import). */
export interface FileReport {
  file: string;
  kind: 'suite' | 'seed' | 'docs' | 'replies' | 'results' | 'unknown';
  ok: boolean;
  /** A one-line summary: "12 scenarios", "seed: 7 tables, 250 rows". */
  summary: string;
  issues: SuiteIssue[];
  /** Problems that do not stop loading, e.g. an assertion naming a column the replica lacks. */
  warnings: SuiteIssue[];
}

export function entryKey(suiteId: string, scenarioId: string): string {
  return `${suiteId}/${scenarioId}`;
}

/** A scripted model's replies, imported from a file (`{"<test id>": ["<reply 1>", …]}`), named by the file. */
export interface ReplySet {
  name: string;
  runs: Record<string, string[]>;
}
