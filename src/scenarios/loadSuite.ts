import type { z } from 'zod';
import { validateSpec, type AssertionSpec } from '../evaluation/index.ts';
import { agentDiffSuite, type AgentDiffSuiteFile } from './format/agentDiffSuite.ts';
import { difflabSuite, type ActingUserField, type DifflabSuiteFile } from './format/difflabSuite.ts';
import type { Scenario, ScenarioMetadata, Suite, SuiteIssue } from './types.ts';

export type LoadResult = { ok: true; suite: Suite } | { ok: false; issues: SuiteIssue[] };

/** Parses a suite in either format. Never throws: problems come back with the JSON path of the bad field. */
export function loadSuite(value: unknown): LoadResult {
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch (err) {
      return { ok: false, issues: [{ path: '$', message: `not valid JSON: ${(err as Error).message}` }] };
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, issues: [{ path: '$', message: 'a suite must be a JSON object' }] };
  }
  const record = value as Record<string, unknown>;
  const guess = guessSuiteFormat(record);
  const isOwn = guess.format === 'difflab';
  // Without "format", a file that looks like DiffLab's is checked as DiffLab's: its problems are that format's.
  const parsed = isOwn ? difflabSuite.safeParse(guess.declared ? value : { ...record, format: 'difflab-suite/1' }) : agentDiffSuite.safeParse(value);
  // The guess is said once, at the top, rather than after every message.
  const said: SuiteIssue[] = guess.declared ? [] : [{ path: '$.format', message: guess.note }];
  if (!parsed.success) {
    // Every problem of the file, not only the format's: the assertions and ids of each test are checked too.
    const { ids, specs } = rawTests(record);
    return { ok: false, issues: [...said, ...sortByPath([...zodIssues(parsed.error), ...testIssues(ids, specs)])] };
  }
  if (isOwn && !guess.declared) {
    const { ids, specs } = rawTests(record);
    return { ok: false, issues: [...said, ...testIssues(ids, specs)] };
  }
  const suite = isOwn ? fromDifflab(parsed.data as DifflabSuiteFile) : fromAgentDiff(parsed.data as AgentDiffSuiteFile);
  const issues = testIssues(
    suite.tests.map((t) => t.id),
    suite.tests.map((t) => t.spec),
  );
  return issues.length ? { ok: false, issues } : { ok: true, suite };
}

/** Duplicate test ids, and every problem of each test's assertions (the DSL's validator), with their paths. */
function testIssues(ids: readonly (string | undefined)[], specs: readonly (AssertionSpec | null)[]): SuiteIssue[] {
  const issues: SuiteIssue[] = [];
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (id === undefined) return;
    if (seen.has(id)) issues.push({ path: `$.tests[${i}].id`, message: `duplicate test id "${id}"` });
    seen.add(id);
  });
  specs.forEach((spec, i) => {
    if (!spec) return;
    for (const issue of validateSpec(spec)) issues.push({ path: `$.tests[${i}]` + issue.path.replace(/^\$/, ''), message: issue.message });
  });
  return issues;
}

/** Issues in file order: by test index, then as found. */
function sortByPath(issues: SuiteIssue[]): SuiteIssue[] {
  const test = (p: string) => Number(/^\$\.tests\[(\d+)\]/.exec(p)?.[1] ?? -1);
  return issues.map((issue, order) => ({ issue, order })).sort((a, b) => test(a.issue.path) - test(b.issue.path) || a.order - b.order).map((x) => x.issue);
}

function zodIssues(error: z.ZodError): SuiteIssue[] {
  return error.issues.map((issue) => ({
    path: '$' + issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join(''),
    message: issue.message,
  }));
}

/** A file's tests as they are written: their ids and assertions, whatever else is wrong with them. */
function rawTests(record: Record<string, unknown>): { ids: (string | undefined)[]; specs: (AssertionSpec | null)[] } {
  const tests = rawTestList(record);
  return {
    ids: tests.map((t) => (typeof t.id === 'string' || typeof t.id === 'number' ? String(t.id) : undefined)),
    specs: tests.map((t) => (Array.isArray(t.assertions) ? ({ assertions: t.assertions } as unknown as AssertionSpec) : null)),
  };
}

function rawTestList(record: Record<string, unknown>): Record<string, unknown>[] {
  const raw = record.tests;
  return Array.isArray(raw) ? raw.map((t) => (t && typeof t === 'object' && !Array.isArray(t) ? (t as Record<string, unknown>) : {})) : [];
}

/** Keys only one of the formats has, at the top and in its tests: what a file without "format" is recognised by. */
const MARKS = {
  difflab: { top: ['services', 'seed', 'acting_user', 'clock', 'closed_world'], test: ['title', 'seed', 'services', 'acting_user', 'answer_checks', 'rubrics', 'solution', 'closed_world', 'clock'] },
  'agent-diff': { top: ['service'], test: ['name', 'seed_template', 'impersonate_user_id', 'type'] },
} as const;

export interface SuiteFormatGuess {
  format: 'difflab' | 'agent-diff';
  /** The file says its format (`"format"`); else the format was guessed from its keys. */
  declared: boolean;
  /** For a guess: which format the file was read as, and why, in one sentence. */
  note: string;
}

/**
 * The format a suite file is in: the one it declares, else the one it most resembles (by the keys only that format
 * has), Agent-Diff's on a tie, as files without "format" always were.
 */
export function guessSuiteFormat(record: Record<string, unknown>): SuiteFormatGuess {
  if (record.format !== undefined) return { format: 'difflab', declared: true, note: '' };
  const tests = rawTestList(record);
  const seen = (f: keyof typeof MARKS) => [
    ...MARKS[f].top.filter((k) => k in record).map((k) => `"${k}"`),
    ...MARKS[f].test.filter((k) => tests.some((t) => k in t)).map((k) => `tests with "${k}"`),
  ];
  const own = seen('difflab');
  const theirs = seen('agent-diff');
  if (own.length > theirs.length) {
    return { format: 'difflab', declared: false, note: `no "format": this file looks like a DiffLab suite (it has ${own.slice(0, 3).join(', ')}), so it was checked as one — add "format": "difflab-suite/1"` };
  }
  return {
    format: 'agent-diff',
    declared: false,
    note: `no "format", so this file was read as an Agent-Diff suite${theirs.length ? ` (it has ${theirs.slice(0, 3).join(', ')})` : ''}; DiffLab suites start with "format": "difflab-suite/1"`,
  };
}

/** What the name checks need from a file that may not load: its services and each test's assertions as written. */
export function suiteNamesOf(value: unknown): { services: string[]; tests: { assertions: unknown[] }[] } | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const services = Array.isArray(record.services) ? record.services.filter((s): s is string => typeof s === 'string') : typeof record.service === 'string' ? [record.service] : [];
  return { services, tests: rawTestList(record).map((t) => ({ assertions: Array.isArray(t.assertions) ? t.assertions : [] })) };
}

function mergeIgnore(...parts: (Record<string, string[]> | undefined)[]): Record<string, string[]> | undefined {
  const out: Record<string, string[]> = {};
  for (const p of parts) for (const [k, v] of Object.entries(p ?? {})) out[k] = [...new Set([...(out[k] ?? []), ...v])];
  return Object.keys(out).length ? out : undefined;
}

function spec(assertions: unknown[], ignore: Record<string, string[]> | undefined, strict: boolean | undefined): AssertionSpec {
  const s: Record<string, unknown> = { assertions };
  if (ignore) s.ignore_fields = ignore;
  if (strict !== undefined) s.strict = strict;
  return s as unknown as AssertionSpec;
}

function fromDifflab(file: DifflabSuiteFile): Suite {
  return {
    id: file.id,
    name: file.name,
    description: file.description,
    format: 'difflab',
    services: file.services,
    tests: file.tests.map(
      (t): Scenario => ({
        id: t.id,
        title: t.title,
        prompt: t.prompt,
        seed: t.seed ?? file.seed,
        ...actingOf(file.acting_user, t.acting_user),
        spec: spec(t.assertions, mergeIgnore(file.ignore_fields, t.ignore_fields), t.strict),
        closedWorld: t.closed_world ?? file.closed_world,
        metadata: t.metadata ?? {},
        answerChecks: t.answer_checks ?? [],
        rubrics: t.rubrics ?? [],
        criticalAssertions: t.critical_assertions,
        referenceAnswer: t.reference_answer,
        solution: t.solution,
        clock: t.clock ?? file.clock,
        services: t.services ?? file.services,
      }),
    ),
  };
}

/**
 * A test's acting user over its suite's: a string is one id for every service; objects name an id per service and
 * merge (the test's entries win); a test's string replaces the suite's object and the other way round.
 */
function actingOf(suite: ActingUserField | undefined, test: ActingUserField | undefined): Pick<Scenario, 'actingUserId' | 'actingUsers'> {
  const value = test ?? suite;
  if (value === undefined) return { actingUserId: null };
  if (typeof value === 'string') return { actingUserId: value };
  const base = typeof suite === 'object' && typeof test === 'object' ? suite : {};
  return { actingUserId: null, actingUsers: { ...base, ...value } };
}

const operationNames: Record<string, string> = { search: 'search', C: 'C', R: 'R', U: 'U', D: 'D' };

function fromAgentDiff(file: AgentDiffSuiteFile): Suite {
  return {
    id: file.id ?? file.name,
    name: file.name,
    description: file.description,
    format: 'agent-diff',
    services: [file.service],
    tests: file.tests.map((t): Scenario => {
      const m = (t.metadata ?? {}) as Record<string, unknown>;
      const metadata: ScenarioMetadata = {
        horizon: typeof m.task_horizon === 'number' ? m.task_horizon : undefined,
        operations:
          typeof m.operation_type === 'string'
            ? m.operation_type.split(/[+,\s]+/).map((o) => operationNames[o] ?? o).filter(Boolean)
            : undefined,
        entity_scope: m.entity_scope as ScenarioMetadata['entity_scope'],
        information_availability: m.information_availability as ScenarioMetadata['information_availability'],
        ambiguity: m.prompt_ambiguity as ScenarioMetadata['ambiguity'],
        tools: Array.isArray(m.tools_required) ? (m.tools_required as string[]) : undefined,
        explicit_ids: m.information_availability === 'explicit' ? true : undefined,
      };
      return {
        id: t.id,
        title: t.name,
        prompt: t.prompt,
        seed: t.seed_template,
        actingUserId: t.impersonate_user_id ?? null,
        spec: spec(t.assertions, mergeIgnore(file.ignore_fields, t.ignore_fields), t.strict),
        // Agent-Diff's published verdicts are open-world; DiffLab reports the closed-world verdict beside them.
        closedWorld: false,
        metadata,
        answerChecks: [],
        rubrics: [],
        services: [file.service],
      };
    }),
  };
}
