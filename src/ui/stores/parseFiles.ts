import { isAgentDiffResults, parseAgentDiffResults, type RecordedRun } from '../../agent/recorded/agentDiffResults.ts';
import type { SeedFile } from '../../engine/index.ts';
import { loadSuite, suiteNamesOf, type Suite } from '../../scenarios/index.ts';
import { docsFileProblem, serviceOfDocsFile, type AgentDiffDocsFile } from '../../agent/agentDiffDocs.ts';
import { looksLikeReplies, repliesProblems } from '../../agent/providers/scriptedProvider.ts';
import { entryKey, type CatalogEntry, type FileReport, type ReplySet, type SuiteOrigin, type SuiteSource } from './catalogTypes.ts';

export interface TextFile {
  /** The file's name, or its path below the folder a person picked or dropped (`seeds/filesystem/a/b.csv`). */
  name: string;
  text: string;
  /** The raw bytes, for files read as contents rather than as JSON (those in a `filesystem/` folder). */
  bytes?: Uint8Array;
}

/** A file in a `filesystem/` folder: a Box seed's file contents, named by its path below that folder. */
export function contentPathOf(name: string): string | null {
  const m = /(?:^|\/)filesystem\/(.+)$/.exec(name.replace(/\\/g, '/'));
  return m ? m[1] : null;
}

export interface LoadedSuite {
  source: SuiteSource;
  entries: CatalogEntry[];
}

export interface RecordedResults {
  file: string;
  runs: RecordedRun[];
}

export interface ParsedFiles {
  /** Each with the index of its file's report (two files may share a name: a suite and its seed often do). */
  suites: (LoadedSuite & { report: number })[];
  seeds: { name: string; file: string; seed: SeedFile; report: number }[];
  /** Agent-Diff results files: recorded runs to open and re-execute. */
  results: RecordedResults[];
  /** Agent-Diff's endpoint docs (`<service>_api_full_docs.json`), by service. */
  docs: { service: string; docs: AgentDiffDocsFile }[];
  replies: (ReplySet & { report: number })[];
  /** Files of `filesystem/` folders, by their path below it: the contents a Box seed names by `local_path`. */
  contents: Map<string, Uint8Array>;
  /** Suites that did not load: what their assertions name, for the name checks the schema answers. */
  unloaded: { names: NonNullable<ReturnType<typeof suiteNamesOf>>; report: number }[];
  reports: FileReport[];
}

/** Joins a suite file's folder and a path relative to it: `/scenarios/slack/suite.json` + `solutions/a.js`. */
export function resolveRelative(file: string, relative: string): string {
  const parts = file.split('/').slice(0, -1);
  for (const seg of relative.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

/** The catalog entries of a loaded suite. `hasSolution` says whether a solution path can be loaded. */
export function suiteEntries(
  suite: Suite,
  file: string,
  origin: SuiteOrigin,
  hasSolution: (path: string) => boolean = () => false,
): LoadedSuite {
  const source: SuiteSource = { id: suite.id, name: suite.name, format: suite.format, origin, services: suite.services, file };
  const entries = suite.tests.map((scenario): CatalogEntry => {
    const path = scenario.solution ? resolveRelative(file, scenario.solution) : null;
    return { key: entryKey(suite.id, scenario.id), suite: source, scenario, solution: path && hasSolution(path) ? path : null };
  });
  return { source, entries };
}

function baseName(file: string): string {
  return file.split(/[\\/]/).pop()!.replace(/\.json$/i, '');
}

/** A seed file stands for the seed its name begins with, as for `difflab replay`: linear_default.recorded.json → linear_default. */
function seedName(file: string): string {
  return baseName(file).split('.')[0];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A seed is `{table: rows[]}` or `{service: {table: rows[]}}`; a suite has `tests` (or a `format`). */
function looksLikeSeed(v: Record<string, unknown>): boolean {
  const values = Object.values(v);
  if (!values.length || 'tests' in v || 'format' in v) return false;
  return values.every((x) => Array.isArray(x) || (isPlainObject(x) && Object.values(x).every(Array.isArray)));
}

function countSeed(seed: Record<string, unknown>): { tables: number; rows: number } {
  let tables = 0;
  let rows = 0;
  for (const v of Object.values(seed)) {
    if (Array.isArray(v)) {
      tables++;
      rows += v.length;
    } else if (isPlainObject(v)) {
      const inner = countSeed(v);
      tables += inner.tables;
      rows += inner.rows;
    }
  }
  return { tables, rows };
}

/**
 * Reads files a person dropped or picked: suites (DiffLab or Agent-Diff format) and seeds (named by their file,
 * as Agent-Diff's `seed_template` names them). Never throws: each file gets a report, with JSON paths for problems.
 */
export function parseFiles(files: TextFile[], origin: SuiteOrigin = 'imported'): ParsedFiles {
  const out: ParsedFiles = { suites: [], seeds: [], docs: [], replies: [], results: [], contents: new Map(), unloaded: [], reports: [] };
  for (const f of files) {
    const contentPath = contentPathOf(f.name);
    if (contentPath !== null) {
      out.contents.set(contentPath, f.bytes ?? new TextEncoder().encode(f.text));
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(f.text);
    } catch (err) {
      out.reports.push({ file: f.name, kind: 'unknown', ok: false, summary: 'not JSON', issues: [{ path: '$', message: `not valid JSON: ${(err as Error).message}` }], warnings: [] });
      continue;
    }
    if (isAgentDiffResults(value)) {
      const runs = parseAgentDiffResults(value);
      const passed = runs.filter((r) => r.passed).length;
      out.results.push({ file: f.name, runs });
      out.reports.push({ file: f.name, kind: 'results', ok: true, summary: `Agent-Diff results: ${runs.length} recorded run${runs.length === 1 ? '' : 's'}, ${passed} passed`, issues: [], warnings: [] });
      continue;
    }
    const service = serviceOfDocsFile(f.name);
    if (service) {
      const problem = docsFileProblem(value);
      if (problem) out.reports.push({ file: f.name, kind: 'docs', ok: false, summary: 'not loaded as Agent-Diff docs', issues: [{ path: '$', message: problem }], warnings: [] });
      else {
        out.docs.push({ service, docs: value as AgentDiffDocsFile });
        const n = Object.keys(value as object).length;
        out.reports.push({ file: f.name, kind: 'docs', ok: true, summary: `Agent-Diff docs of ${service}: ${n} endpoints (the agent's docs conditions use them for Agent-Diff suites)`, issues: [], warnings: [] });
      }
      continue;
    }
    if (looksLikeReplies(value, f.name)) {
      const issues = repliesProblems(value);
      if (issues.length) {
        out.reports.push({ file: f.name, kind: 'replies', ok: false, summary: `not loaded as a scripted model's replies: ${issues.length} problem${issues.length === 1 ? '' : 's'}`, issues, warnings: [] });
      } else {
        const runs = value as Record<string, string[]>;
        const name = baseName(f.name);
        out.replies.push({ name, runs, report: out.reports.length });
        const n = Object.keys(runs).length;
        out.reports.push({ file: f.name, kind: 'replies', ok: true, summary: `replies "${name}" for ${n} test${n === 1 ? '' : 's'}: pick “Scripted: replies” as the agent's provider`, issues: [], warnings: [] });
      }
      continue;
    }
    if (isPlainObject(value) && looksLikeSeed(value)) {
      const name = seedName(f.name);
      const n = countSeed(value);
      out.seeds.push({ name, file: f.name, seed: value as SeedFile, report: out.reports.length });
      out.reports.push({ file: f.name, kind: 'seed', ok: true, summary: `seed "${name}": ${n.tables} tables, ${n.rows} rows`, issues: [], warnings: [] });
      continue;
    }
    const result = loadSuite(value);
    if (!result.ok) {
      const names = suiteNamesOf(value);
      if (names) out.unloaded.push({ names, report: out.reports.length });
      out.reports.push({ file: f.name, kind: 'suite', ok: false, summary: `not loaded: ${result.issues.length} problem${result.issues.length === 1 ? '' : 's'}`, issues: result.issues, warnings: [] });
      continue;
    }
    out.suites.push({ ...suiteEntries(result.suite, f.name, origin), report: out.reports.length });
    const n = result.suite.tests.length;
    const format = result.suite.format === 'agent-diff' ? 'Agent-Diff' : 'DiffLab';
    out.reports.push({ file: f.name, kind: 'suite', ok: true, summary: `${format} suite "${result.suite.name}": ${n} scenario${n === 1 ? '' : 's'}`, issues: [], warnings: [] });
  }
  return out;
}
