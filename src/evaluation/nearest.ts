/**
 * Failures explained like a test runner's: for an assertion that found too few rows, the rows that came closest —
 * the rows of its table in its part of the diff, or, when that part has none, the table's rows the run touched in
 * another part, then rows of the seed — ranked by how few of the assertion's checks they fail, each check with the
 * expected and the actual value. For one that found too many, the rows it matched. Checks are the evaluation's own
 * compiled conditions (`compileSpec`), read through the same field reader, so a ✓ here is a ✓ in the verdict.
 */
import type { Diff, Row, SchemaInfo } from '../engine/types.ts';
import { compileSpec, type CompiledAssertion, type CountRule, type RowKind } from './compileSpec.ts';
import { describeChange, describeCondition, formatValue, isEquality } from './describe.ts';
import { DiffView, ROW_KINDS } from './diffView.ts';
import { conditionIds, idRef, idTarget, type IdRef } from './idNames.ts';
import type { AssertionResult } from './evaluateAssertion.ts';
import { isDict } from './python.ts';
import { FieldReader } from './readField.ts';
import { rowKey } from './rowKey.ts';
import { indexSchema, type SchemaIndex } from './schemaIndex.ts';
import type { AssertionSpec } from './spec.ts';

/** Where a candidate row was found: the assertion's part of the diff, another part of it, or the seed (unchanged). */
export type CandidateSource = 'diff' | 'touched' | 'seed';

/** One check of a candidate row, with the value the assertion wants and the value the row has. */
export interface PredicateCheck {
  /** `where`: a condition of the assertion's where; `change`: one of its expected_changes; `strict`: fields changed
   * beyond expected_changes; `part`: the row was not added / changed / removed as the assertion asks. */
  part: 'where' | 'change' | 'strict' | 'part';
  field: string;
  /** The condition, readable: `"C07RANDOM"`, `contains "launch"`, `from "open" to "done"`. */
  expected: string;
  /** The row's value, readable: `"C07GENERAL"`, `"open" → "closed"`, `unchanged ("open")`. */
  actual: string;
  /** Plain equality, so `actual ≠ expected` reads right. */
  equality: boolean;
  passed: boolean;
  /** When the field holds ids of rows (a foreign key, or the table's key): which rows, so they can be named. */
  ref?: IdRef;
  /** The names of those rows by id (`{ "0": "All Files" }`), filled in by the session after the run. */
  names?: Record<string, string>;
}

export interface NearestRow {
  source: CandidateSource;
  /** For rows of the diff: their part and index in it. */
  kind?: RowKind;
  index?: number;
  table: string;
  service?: string;
  /** Primary-key text, e.g. `41061697550` or `C01AB/U02CD`. */
  key: string;
  checks: PredicateCheck[];
  /** How many checks failed. */
  failed: number;
}

export interface NearestRows {
  /** `closest`: rows that almost match, fewest failed checks first. `matched`: rows the assertion counted, when it
   * allows fewer. */
  why: 'closest' | 'matched';
  rows: NearestRow[];
}

/** At most this many candidates per failed assertion. */
export const MAX_NEAREST = 3;

const DIFF_TYPE: Record<RowKind, string> = { insert: 'added', update: 'changed', delete: 'removed' };
const SOURCE_ORDER: Record<CandidateSource, number> = { diff: 0, touched: 1, seed: 2 };

/** A check as ranking needs it: passed or not; its texts are only written for the rows that are kept. */
interface RawCheck {
  passed: boolean;
  build(): PredicateCheck;
}

function check(part: PredicateCheck['part'], field: string, condition: unknown, actual: () => string, passed: boolean, ref?: () => IdRef | undefined): RawCheck {
  return {
    passed,
    build: () => {
      const ids = ref?.();
      return {
        part,
        field,
        expected: part === 'change' ? describeChange(condition) : part === 'where' ? describeCondition(condition) : String(condition),
        actual: actual(),
        equality: part === 'where' && isEquality(condition),
        passed,
        ...(ids ? { ref: ids } : {}),
      };
    },
  };
}

/** The ids a where or change check compares, when its field holds ids (see idNames.ts). */
function refOf(schema: SchemaIndex | undefined, a: CompiledAssertion, path: readonly string[], condition: unknown, actual: readonly unknown[]): () => IdRef | undefined {
  return () => (path.length === 1 ? idRef(idTarget(schema, a.table, a.service, path[0]), [...conditionIds(condition), ...actual]) : undefined);
}

interface Scored {
  source: CandidateSource;
  kind?: RowKind;
  index?: number;
  table: string;
  service?: string;
  key: string;
  checks: RawCheck[];
  failed: number;
}

/** The nearest rows of one failed assertion in a diff (seed rows come later, from `withSeedCandidates`). */
export function nearestInDiff(a: CompiledAssertion, strict: boolean, view: DiffView, result: AssertionResult): NearestRows | undefined {
  if (result.passed || a.kind === undefined || a.count.kind === 'invalid') return undefined;
  const kind = a.kind;
  const matched = new Set(result.matched.map((r) => r.index));
  if (tooMany(a.count, matched.size)) {
    const rows = [...matched].slice(0, MAX_NEAREST).map((i) => inPart(a, strict, view, kind, i, 'diff'));
    return { why: 'matched', rows: rows.map(finish) };
  }
  const own = view.candidates(kind, a.table, a.service).filter((i) => !matched.has(i));
  let scored = own.map((i) => inPart(a, strict, view, kind, i, 'diff'));
  if (scored.length === 0) {
    scored = ROW_KINDS.filter((k) => k !== kind).flatMap((k) => view.candidates(k, a.table, a.service).map((i) => otherPart(a, view, k, i)));
  }
  return { why: 'closest', rows: rank(scored).map(finish) };
}

function tooMany(rule: CountRule, found: number): boolean {
  if (rule.kind === 'exact') return found > rule.n;
  return rule.kind === 'range' && rule.max !== undefined && found > rule.max;
}

/** A row of the assertion's own part of the diff: its where, its expected changes and, strict, its other changes. */
function inPart(a: CompiledAssertion, strict: boolean, view: DiffView, kind: RowKind, i: number, source: CandidateSource): Scored {
  const json = view.jsonColumns(kind, i);
  const checks = bestWhere(a, view.images(kind, i), view.reader, view.schema, json);
  if (kind === 'update') {
    const before = view.before(i);
    const after = view.after(i);
    const changed = view.changedFields(i, a.ignore);
    const changes = isDict(a.source?.expected_changes) ? a.source.expected_changes : {};
    for (const c of a.changes) {
      const was = view.reader.top(before, c.field, json);
      const now = view.reader.top(after, c.field, json);
      const didChange = changed.includes(c.field);
      const actual = () => (didChange ? `${formatValue(was)} → ${formatValue(now)}` : `unchanged (${formatValue(was)})`);
      const ref = refOf(view.schema, a, [c.field], changes[c.field], [was, now]);
      checks.push(check('change', c.field, changes[c.field], actual, didChange && (!c.from || c.from(was)) && (!c.to || c.to(now)), ref));
    }
    const extra = strict ? changed.filter((f) => !a.expectedFields.has(f)) : [];
    if (extra.length > 0) {
      checks.push(check('strict', extra.join(', '), 'unchanged (strict)', () => 'changed as well', false));
    }
  }
  return scored(source, view, kind, i, checks);
}

/** A row of the table in another part of the diff: its where, and that it was not added / changed / removed. */
function otherPart(a: CompiledAssertion, view: DiffView, kind: RowKind, i: number): Scored {
  const checks = bestWhere(a, view.images(kind, i), view.reader, view.schema, view.jsonColumns(kind, i));
  checks.push(partCheck(a, DIFF_TYPE[kind]));
  return scored('touched', view, kind, i, checks);
}

function partCheck(a: CompiledAssertion, actual: string): RawCheck {
  return check('part', 'change', DIFF_TYPE[a.kind!], () => actual, false);
}

function scored(source: CandidateSource, view: DiffView, kind: RowKind, i: number, checks: RawCheck[]): Scored {
  const service = view.service(kind, i);
  return {
    source,
    kind,
    index: i,
    table: view.table(kind, i),
    ...(service !== undefined ? { service } : {}),
    key: view.key(kind, i),
    checks,
    failed: checks.filter((c) => !c.passed).length,
  };
}

/** The where checks on whichever image of the row fails fewer of them (an update's after image on a tie). */
function bestWhere(a: CompiledAssertion, images: Row[], reader: FieldReader, schema: SchemaIndex | undefined, json: ReadonlySet<string> | undefined): RawCheck[] {
  let best: RawCheck[] | null = null;
  for (const image of images) {
    const checks = whereChecks(a, image, reader, schema, json);
    if (!best || failures(checks) < failures(best)) best = checks;
  }
  return best ?? [];
}

function whereChecks(a: CompiledAssertion, row: Row, reader: FieldReader, schema: SchemaIndex | undefined, json: ReadonlySet<string> | undefined): RawCheck[] {
  const where = isDict(a.source?.where) ? a.source.where : {};
  return a.where.map((c): RawCheck => {
    const value = reader.path(row, c.path, json);
    return check('where', c.key, where[c.key], () => formatValue(value), c.test(value), refOf(schema, a, c.path, where[c.key], [value]));
  });
}

const failures = (checks: RawCheck[]) => checks.filter((c) => !c.passed).length;

function rank(rows: Scored[]): Scored[] {
  return rows
    .map((r, order) => ({ r, order }))
    .sort((x, y) => x.r.failed - y.r.failed || SOURCE_ORDER[x.r.source] - SOURCE_ORDER[y.r.source] || x.order - y.order)
    .slice(0, MAX_NEAREST)
    .map((x) => x.r);
}

function finish(s: Scored): NearestRow {
  return { ...s, checks: s.checks.map((c) => c.build()) };
}

/** A lookup of seed rows for one failed assertion: rows of `table` whose `column` holds one of `values`. */
export interface SeedProbe {
  assertion: number;
  table: string;
  service?: string;
  column: string;
  values: (string | number | boolean)[];
}

/** Values per probe at most: an `in` list longer than this is cut. */
const MAX_PROBE_VALUES = 20;

/**
 * The seed lookups that would fill the candidates of failed assertions whose part of the diff had no row of their
 * table: one per `where` field compared by equality or `in` with plain values (the fields a lookup can find by
 * index). Fields with other operators or dotted paths into JSON are not looked up.
 */
export function seedProbes(results: readonly AssertionResult[]): SeedProbe[] {
  const probes: SeedProbe[] = [];
  for (const r of results) {
    const n = r.nearest;
    if (!n || n.why !== 'closest' || n.rows.length >= MAX_NEAREST || n.rows.some((row) => row.source === 'diff')) continue;
    const entity = typeof r.assertion?.entity === 'string' ? r.assertion.entity : '';
    const dot = entity.indexOf('.');
    const table = dot < 0 ? entity : entity.slice(dot + 1);
    const service = dot < 0 ? undefined : entity.slice(0, dot);
    const where = isDict(r.assertion?.where) ? r.assertion.where : {};
    for (const [column, condition] of Object.entries(where)) {
      if (column.includes('.')) continue;
      const values = probeValues(condition);
      if (values.length) probes.push({ assertion: r.index, table, ...(service !== undefined ? { service } : {}), column, values });
    }
  }
  return probes;
}

function probeValues(condition: unknown): (string | number | boolean)[] {
  const plain = (v: unknown): v is string | number | boolean => v !== null && ['string', 'number', 'boolean'].includes(typeof v);
  if (plain(condition)) return [condition];
  if (!isDict(condition) || Object.keys(condition).length !== 1) return [];
  if ('eq' in condition) return plain(condition.eq) ? [condition.eq] : [];
  if ('in' in condition && Array.isArray(condition.in)) return condition.in.filter(plain).slice(0, MAX_PROBE_VALUES);
  return [];
}

/**
 * The verdict's assertions with seed rows added to their candidates: `rows` holds, per assertion index, the rows
 * the probes found (in any order, duplicates allowed). Rows the diff already holds are left out — they are there as
 * diff rows — and the rest are ranked with the touched rows, at most MAX_NEAREST in all.
 */
export function withSeedCandidates(
  spec: AssertionSpec,
  results: readonly AssertionResult[],
  rows: ReadonlyMap<number, readonly Row[]>,
  diff: Diff,
  schema?: SchemaInfo,
): AssertionResult[] {
  if (rows.size === 0) return [...results];
  const compiled = compileSpec(spec);
  const view = new DiffView(diff, schema ? indexSchema(schema) : undefined);
  return results.map((r) => {
    const found = rows.get(r.index);
    const a = compiled.assertions[r.index];
    if (!found?.length || !r.nearest || !a || a.kind === undefined) return r;
    const inDiff = new Set(ROW_KINDS.flatMap((k) => view.candidates(k, a.table, a.service).map((i) => view.key(k, i))));
    const seen = new Set<string>();
    const seed: Scored[] = [];
    for (const row of found) {
      const service = a.service;
      const key = rowKey(row, a.table, service, view.schema);
      if (inDiff.has(key) || seen.has(key)) continue;
      seen.add(key);
      seed.push(seedRow(a, view.schema, row, key));
    }
    if (seed.length === 0) return r;
    // The touched rows found in the diff are ranked again with the seed's, by the same rule.
    const touched: Scored[] = r.nearest.rows.map((n) => ({ ...n, checks: n.checks.map((c) => ({ passed: c.passed, build: () => c })) }));
    return { ...r, nearest: { why: 'closest', rows: rank([...touched, ...seed]).map(finish) } };
  });
}

function seedRow(a: CompiledAssertion, schema: SchemaIndex | undefined, row: Row, key: string): Scored {
  const checks = whereChecks(a, row, new FieldReader(), schema, schema?.jsonColumns(a.table, a.service));
  checks.push(partCheck(a, 'unchanged (in the seed)'));
  return { source: 'seed', table: a.table, ...(a.service !== undefined ? { service: a.service } : {}), key, checks, failed: checks.filter((c) => !c.passed).length };
}
