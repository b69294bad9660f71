import type { Diff, DiffRow, Row, RowUpdate, SchemaInfo, TableInfo } from '../engine/types.ts';
import { linearPythonPattern, matchesCondition, type Verdict } from '../evaluation/index.ts';
import { linearApplies } from '../evaluation/linearRegex.ts';
import { compileSpec, type CompiledSpec } from '../evaluation/compileSpec.ts';
import type { Scenario } from '../scenarios/types.ts';
import { seedTables } from './seedTables.ts';
import { changedFields } from '../engine/diff.ts';
import type { SeedFile } from '../engine/types.ts';

/** The six ways lint breaks a correct diff; each must make the scenario fail. */
export type MutantKind =
  | 'drop-change'
  | 'change-asserted-value'
  | 'add-unrelated-insert'
  | 'delete-unrelated-row'
  | 'touch-extra-field'
  | 'change-guarded-row';

export interface Mutant {
  kind: MutantKind;
  /** One line a scenario author can act on: `drop-change: insert messages#C07RANDOM/1768496401.000100`. */
  name: string;
  diff: Diff;
}

export type Kind = 'insert' | 'update' | 'delete';
const PART: Record<Kind, keyof Diff> = { insert: 'inserts', update: 'updates', delete: 'deletes' };

/** Everything mutant generation reads: the scenario, the reference run's diff and verdict, the seed and schema. */
export interface MutantInput {
  scenario: Scenario;
  reference: Diff;
  referenceVerdict: Verdict;
  seed: SeedFile;
  schema: SchemaInfo;
}

/**
 * Per-row mutants (drop-change, change-asserted-value, touch-extra-field) are made for at most this many rows of
 * each part of the diff. Every row of a bulk change is the same mistake, and judging each mutant reads the whole
 * diff, so all rows cost rows² time: 1,800 archived alerts made 9,084 mutants and took two minutes.
 */
export const MUTATED_ROWS_PER_PART = 100;

/** Which rows of a diff get per-row mutants: all of a part up to the cap, else that many evenly spaced rows. */
export interface RowSample {
  picked(kind: Kind, i: number): boolean;
  /** Rows that got per-row mutants / rows of the diff (equal when nothing was left out). */
  mutated: number;
  total: number;
}

export function rowSample(diff: Diff, cap = MUTATED_ROWS_PER_PART): RowSample {
  const picks = new Map<Kind, Set<number>>();
  let mutated = 0;
  let total = 0;
  for (const kind of ['insert', 'update', 'delete'] as const) {
    const n = diff[PART[kind]].length;
    const set = new Set<number>();
    for (let k = 0; k < Math.min(n, cap); k++) set.add(n <= cap ? k : Math.floor((k * n) / cap));
    picks.set(kind, set);
    mutated += set.size;
    total += n;
  }
  return { picked: (kind, i) => picks.get(kind)!.has(i), mutated, total };
}

/** Mutants of the reference diff, deterministic for a given input (lint's report must be reproducible). */
export function mutantsOf(input: MutantInput, sample: RowSample = rowSample(input.reference)): Mutant[] {
  const s: SampledInput = {
    ...input,
    sample,
    // Every service of the environment, not only those the scenario is about: the closed world checks them all.
    tables: seedTables(input.seed, [...new Set([...input.scenario.services, ...input.schema.tables.map((t) => t.service)])]),
    touched: touchedKeys(input.reference, input.schema),
    compiled: compileSpec(input.scenario.spec),
  };
  return [
    ...dropChanges(s),
    ...changeAssertedValues(s),
    ...forbiddenValues(s),
    ...unrelatedInserts(s),
    ...unrelatedDeletes(s),
    ...touchExtraFields(s),
    ...guardedRowChanges(s),
  ];
}

/** The input with what every mutant kind reads of it, worked out once. */
type SampledInput = MutantInput & {
  sample: RowSample;
  tables: SeedTable[];
  /** `table#key` of every row the reference changes. */
  touched: ReadonlySet<string>;
  compiled: CompiledSpec;
};
type SeedTable = ReturnType<typeof seedTables>[number];

/**
 * Whether a row of `table` in `service` is one an assertion's entity names: services share table names (Slack's and
 * MailHub's `messages`), so `mail.messages` names only MailHub's; a bare name, or a row without a service, matches by name.
 */
function entityNames(entity: string, table: string, service: string | undefined): boolean {
  const dot = entity.indexOf('.');
  if (dot < 0) return entity === table;
  return entity.slice(dot + 1) === table && (service === undefined || entity.slice(0, dot) === service);
}

/** How mutant names and `touched` name a row: `table#key`. */
function rowKey(schema: SchemaInfo, table: string, service: string | undefined, row: Row): string {
  return `${table}#${(tableInfo(schema, table, service)?.primaryKey ?? []).map((c) => String(row[c])).join('/')}`;
}

function tableInfo(schema: SchemaInfo, table: string, service?: string): TableInfo | undefined {
  return schema.tables.find((t) => t.name === table && (service === undefined || t.service === service));
}

function rowOf(diff: Diff, kind: Kind, i: number): Row {
  return kind === 'update' ? (diff.updates[i] as RowUpdate).after : (diff[PART[kind]][i] as DiffRow);
}

function labelOf(diff: Diff, schema: SchemaInfo, kind: Kind, i: number): string {
  const r = diff[PART[kind]][i] as DiffRow | RowUpdate;
  const image = kind === 'update' ? { ...(r as RowUpdate).before, ...(r as RowUpdate).after } : (r as Row);
  const info = tableInfo(schema, r.__table__, r.__service__);
  const key = (info?.primaryKey ?? []).map((c) => String(image[c])).join('/');
  return `${kind} ${r.__table__}${key ? '#' + key : ''}`;
}

/**
 * A mutant's diff shares every row it does not change with the reference: the parts are copied shallowly and only
 * the row a mutant edits is cloned. Cloning the whole diff per mutant made lint O(rows²) in memory — a bulk update
 * of 403 messages on the scaled mail seed (≈2,000 mutants × 403 rows) ran out of a 4 GB heap.
 * Mutant diffs (and the reference) are read-only from here on.
 */
function shallowDiff(d: Diff): Diff {
  return { ...d, inserts: [...d.inserts], updates: [...d.updates], deletes: [...d.deletes] };
}

/** The reference with row i of one part replaced by a deep copy the caller may edit. */
function withEditableRow(reference: Diff, kind: Kind, i: number): { diff: Diff; row: Row } {
  const diff = shallowDiff(reference);
  const part = diff[PART[kind]] as (DiffRow | RowUpdate)[];
  part[i] = structuredClone(part[i]);
  return { diff, row: rowOf(diff, kind, i) };
}

function dropChanges({ reference, referenceVerdict, schema, sample, compiled }: SampledInput): Mutant[] {
  const out: Mutant[] = [];
  for (const kind of ['insert', 'update', 'delete'] as const) {
    reference[PART[kind]].forEach((r, i) => {
      if (!sample.picked(kind, i)) return;
      // A history row, or a row the replica writes as a consequence of another (the creator's membership of a new
      // channel), comes with the change it follows: dropping it alone is not a mistake an agent can make.
      if (tableInfo(schema, r.__table__, r.__service__)?.derived) return;
      // Neither is an update of ignored columns only (a calendar event's etag when its attendees change): it is no
      // change to the verdict, so there is nothing to drop.
      if (kind === 'update') {
        const u = r as RowUpdate;
        const ignored = compiled.ignoreFor(u.__table__, u.__service__);
        if (changedFields(u.before, u.after).every((f) => ignored.has(f))) return;
      }
      const e = referenceVerdict.explanations[kind][i];
      if (e && e.assertions.length === 0 && e.consequenceOf) return;
      const diff = shallowDiff(reference);
      (diff[PART[kind]] as unknown[]).splice(i, 1);
      out.push({ kind: 'drop-change', name: `drop-change: ${labelOf(reference, schema, kind, i)}`, diff });
    });
  }
  return out;
}

/**
 * Values that break a condition: the generic "wrong value", and for text the value with what the condition
 * looks for taken out (so a mutant of one of two regexes on the same message breaks that one only).
 */
function breakingValues(current: unknown, condition: unknown): unknown[] {
  const out: unknown[] = [];
  const op = condition !== null && typeof condition === 'object' && !Array.isArray(condition) ? Object.entries(condition)[0] : undefined;
  if (typeof current === 'string' && op) {
    const [name, operand] = op;
    if (name === 'regex' && typeof operand === 'string') {
      // Linear-time patterns only: a backtracking one could take unbounded time on the reference's text.
      const re = linearPythonPattern(operand);
      if (re && linearApplies(re, current)) out.push(re.re.matcher(current).replaceAll(''));
    }
    if ((name === 'contains' || name === 'i_contains' || name === 'starts_with' || name === 'ends_with') && typeof operand === 'string' && operand) {
      out.push(current.split(operand).join(''));
      if (name === 'i_contains') out.push(current.replace(new RegExp(operand.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), ''));
    }
    if (name === 'not_contains' && typeof operand === 'string') out.push(`${current} ${operand}`);
    if ((name === 'ne' || name === 'not_in') && operand !== undefined) out.push(Array.isArray(operand) ? operand[0] : operand);
  }
  if (op && (op[0] === 'ne' || op[0] === 'not_in')) out.push(Array.isArray(op[1]) ? op[1][0] : op[1]);
  if (op && op[0] === 'exists') out.push(op[1] ? null : 'mutant');
  if (typeof current === 'string') out.push(current + '-mutant', 'mutant');
  else if (typeof current === 'number') out.push(current + 1, current - 1, -current - 1000003);
  else if (typeof current === 'boolean') out.push(!current);
  else if (current === null) out.push('mutant', 0);
  else out.push(null);
  return out;
}

function setPath(row: Row, path: string[], value: unknown): boolean {
  if (path.length === 1) {
    row[path[0]] = value;
    return true;
  }
  let cur: unknown = row[path[0]];
  for (let i = 1; i < path.length - 1; i++) {
    if (cur === null || typeof cur !== 'object') return false;
    cur = (cur as Row)[path[i]];
  }
  if (cur === null || typeof cur !== 'object') return false;
  (cur as Row)[path[path.length - 1]] = value;
  return true;
}

function readPath(row: Row, path: string[]): unknown {
  let cur: unknown = row;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return null;
    cur = (cur as Row)[p];
  }
  return cur ?? null;
}

function changeAssertedValues({ scenario, reference, referenceVerdict, schema, sample }: SampledInput): Mutant[] {
  const out: Mutant[] = [];
  const seen = new Set<string>();
  for (const kind of ['insert', 'update', 'delete'] as const) {
    referenceVerdict.explanations[kind].forEach((e, i) => {
      if (!sample.picked(kind, i)) return;
      for (const ai of e.assertions) {
        const a = scenario.spec.assertions[ai];
        const conditions: [string, unknown][] = [
          ...Object.entries(a.where ?? {}),
          ...Object.entries(a.expected_changes ?? {}).map(([f, c]): [string, unknown] => [f, c !== null && typeof c === 'object' && ('to' in c || 'from' in c) ? (c as { to?: unknown }).to : c]),
        ];
        for (const [field, condition] of conditions) {
          if (condition === undefined) continue;
          const key = `${kind}:${i}:${ai}:${field}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const path = field.split('.');
          const current = readPath(rowOf(reference, kind, i), path);
          const value = breakingValues(current, condition).find((v) => !matchesCondition(v, condition));
          if (value === undefined) continue;
          const { diff, row } = withEditableRow(reference, kind, i);
          if (!setPath(row, path, value)) continue;
          out.push({
            kind: 'change-asserted-value',
            name: `change-asserted-value: ${field} of ${labelOf(reference, schema, kind, i)} → ${JSON.stringify(value)} (assertions[${ai}])`,
            diff,
          });
        }
      }
    });
  }
  return out;
}

const KIND_OF: Record<string, Kind> = { added: 'insert', changed: 'update', removed: 'delete' };

function forbidsRows(count: unknown): boolean {
  return count === 0 || (typeof count === 'object' && count !== null && (count as { max?: unknown }).max === 0);
}

/**
 * For an assertion that forbids rows ("but not last week's customers"): the reference's own row of that table,
 * changed to match it, using values the seed holds (appended to text, so the row still says what it said).
 */
function forbiddenValues(input: SampledInput): Mutant[] {
  const { scenario, reference, schema, sample, tables } = input;
  const out: Mutant[] = [];
  scenario.spec.assertions.forEach((a, ai) => {
    if (!forbidsRows(a.expected_count)) return;
    const kind = KIND_OF[a.diff_type];
    if (!kind) return;
    const seedRows = tables.filter((t) => entityNames(a.entity, t.table, t.service)).flatMap((t) => t.rows);
    reference[PART[kind]].forEach((r, i) => {
      if (!entityNames(a.entity, r.__table__, r.__service__) || !sample.picked(kind, i)) return;
      const { diff, row } = withEditableRow(reference, kind, i);
      for (const [field, condition] of Object.entries(a.where ?? {})) {
        const path = field.split('.');
        const current = readPath(row, path);
        if (matchesCondition(current, condition)) continue;
        const seen = seedRows.map((s) => readPath(s, path)).filter((v) => v !== null);
        const candidates = [...seen.filter((v) => typeof v === 'string' && typeof current === 'string').map((v) => `${current} ${v as string}`), ...seen];
        const value = candidates.find((v) => matchesCondition(v, condition));
        if (value === undefined || !setPath(row, path, value)) return;
      }
      out.push({ kind: 'change-asserted-value', name: `change-asserted-value: make ${labelOf(reference, schema, kind, i)} what assertions[${ai}] forbids`, diff });
    });
  });
  return out;
}

/** Tables the mutants of unrelated rows use: each asserted table, then one table no assertion names. */
function mutantTables(input: SampledInput): SeedTable[] {
  const asserted = (t: SeedTable) => input.scenario.spec.assertions.some((a) => entityNames(a.entity, t.table, t.service));
  const usable = input.tables.filter((t) => t.rows.length > 0 && !tableInfo(input.schema, t.table, t.service)?.derived);
  const picked = usable.filter(asserted);
  const other = usable.find((t) => !asserted(t));
  return other ? [...picked, other] : picked;
}

function touchedKeys(diff: Diff, schema: SchemaInfo): Set<string> {
  const keys = new Set<string>();
  for (const kind of ['insert', 'update', 'delete'] as const) {
    diff[PART[kind]].forEach((_, i) => keys.add(labelOf(diff, schema, kind, i).replace(/^\w+ /, '')));
  }
  return keys;
}

function tag(table: string, service: string, multi: boolean): { __table__: string; __service__?: string } {
  return multi ? { __table__: table, __service__: service } : { __table__: table };
}

function isMultiService(diff: Diff): boolean {
  return [...diff.inserts, ...diff.updates, ...diff.deletes].some((r) => r.__service__ !== undefined);
}

/** A copy of a seed row under a key no row has (`…-mutant` for text keys, far above for numeric ones). */
function unrelatedInserts(input: SampledInput): Mutant[] {
  const multi = isMultiService(input.reference);
  return mutantTables(input).map(({ table, service, rows }) => {
    const info = tableInfo(input.schema, table, service);
    const row: Row = structuredClone(rows[rows.length - 1]);
    for (const c of info?.primaryKey ?? []) row[c] = typeof row[c] === 'number' ? (row[c] as number) + 1_000_003 : `${String(row[c])}-mutant`;
    const diff = shallowDiff(input.reference);
    diff.inserts.push({ ...row, ...tag(table, service, multi) } as DiffRow);
    return { kind: 'add-unrelated-insert' as const, name: `add-unrelated-insert: ${table} (a copy of a seed row)`, diff };
  });
}

function unrelatedDeletes(input: SampledInput): Mutant[] {
  const multi = isMultiService(input.reference);
  // The reference's rows and those already deleted by a mutant here.
  const touched = new Set(input.touched);
  const out: Mutant[] = [];
  const deleting = (table: string, service: string, row: Row, why = '') => {
    const key = rowKey(input.schema, table, service, row);
    if (touched.has(key)) return;
    touched.add(key);
    const diff = shallowDiff(input.reference);
    diff.deletes.push({ ...structuredClone(row), ...tag(table, service, multi) } as DiffRow);
    out.push({ kind: 'delete-unrelated-row', name: `delete-unrelated-row: ${key}${why}`, diff });
  };
  const tables = mutantTables(input);
  // A "removed … expected_count 0" assertion names a row that must stay: deleting it is the mistake it guards.
  for (const { ai, table, service, row } of guardedSeedRows(input, 'removed')) deleting(table, service, row, ` (the row assertions[${ai}] keeps)`);
  for (const { table, service, rows } of tables) {
    const row = rows.find((r) => !touched.has(rowKey(input.schema, table, service, r)));
    if (row) deleting(table, service, row);
  }
  return out;
}

/** For each update an assertion matched: one more column changed, one that nothing expects or ignores. */
function touchExtraFields({ scenario, reference, referenceVerdict, schema, sample, compiled }: SampledInput): Mutant[] {
  const out: Mutant[] = [];
  referenceVerdict.explanations.update.forEach((e, i) => {
    if (e.assertions.length === 0 || !sample.picked('update', i)) return;
    const u = reference.updates[i];
    const info = tableInfo(schema, u.__table__, u.__service__);
    const ignored = new Set(e.assertions.flatMap((ai) => [...compiled.assertions[ai].ignore]));
    const expected = new Set(e.assertions.flatMap((ai) => Object.keys(scenario.spec.assertions[ai].expected_changes ?? {}).map((f) => f.split('.')[0])));
    const columns = info ? info.columns.map((c) => c.name) : Object.keys(u.after);
    const column = columns.find(
      (c) => !ignored.has(c) && !expected.has(c) && !(info?.primaryKey ?? []).includes(c) && JSON.stringify(u.before[c]) === JSON.stringify(u.after[c]),
    );
    if (!column) return;
    const value = breakingValues(u.after[column], { eq: u.after[column] }).find((v) => JSON.stringify(v) !== JSON.stringify(u.after[column]));
    const { diff } = withEditableRow(reference, 'update', i);
    diff.updates[i].after[column] = value;
    out.push({ kind: 'touch-extra-field', name: `touch-extra-field: ${column} of ${labelOf(reference, schema, 'update', i)}`, diff });
  });
  return out;
}

/**
 * Seed rows that a guard ("changed"/"removed" … expected_count 0) keeps: for each such assertion, the first row of
 * its table that matches its `where` and that the reference leaves alone.
 */
function guardedSeedRows(input: SampledInput, diffType: 'changed' | 'removed'): { ai: number; table: string; service: string; row: Row }[] {
  const out: { ai: number; table: string; service: string; row: Row }[] = [];
  input.scenario.spec.assertions.forEach((a, ai) => {
    if (a.diff_type !== diffType || !forbidsRows(a.expected_count)) return;
    for (const t of input.tables.filter((x) => entityNames(a.entity, x.table, x.service))) {
      const row = t.rows.find((r) => !input.touched.has(rowKey(input.schema, t.table, t.service, r)) && Object.entries(a.where ?? {}).every(([f, c]) => matchesCondition(readPath(r, f.split('.')), c)));
      if (row) out.push({ ai, table: t.table, service: t.service, row });
    }
  });
  return out;
}

/**
 * A "changed … expected_count 0" assertion keeps rows as they are ("no 2024 invoice is touched"): one such row
 * changed, in a column the assertion does not ignore. The closed world catches it anyway; the guard is what
 * Agent-Diff's open-world verdict has.
 */
function guardedRowChanges(input: SampledInput): Mutant[] {
  const multi = isMultiService(input.reference);
  const out: Mutant[] = [];
  for (const { ai, table, service, row } of guardedSeedRows(input, 'changed')) {
    const info = tableInfo(input.schema, table, service);
    const ignored = input.compiled.assertions[ai].ignore;
    const where = input.scenario.spec.assertions[ai].where ?? {};
    // A column the guard does not select on, so the changed row still matches it after the change too.
    const columns = (info ? info.columns.map((c) => c.name) : Object.keys(row)).sort((x, y) => Number(x in where) - Number(y in where));
    const column = columns.find((c) => !ignored.has(c) && !(info?.primaryKey ?? []).includes(c) && ['string', 'number', 'boolean'].includes(typeof row[c]));
    if (!column) continue;
    const value = breakingValues(row[column], { eq: row[column] }).find((v) => JSON.stringify(v) !== JSON.stringify(row[column]));
    const diff = shallowDiff(input.reference);
    diff.updates.push({ before: structuredClone(row), after: { ...structuredClone(row), [column]: value }, ...tag(table, service, multi) });
    const key = (info?.primaryKey ?? []).map((c) => String(row[c])).join('/');
    out.push({ kind: 'change-guarded-row', name: `change-guarded-row: ${column} of ${table}#${key} (the row assertions[${ai}] keeps)`, diff });
  }
  return out;
}
