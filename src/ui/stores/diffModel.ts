// engine/diff.ts, not engine/index.ts: the index also exports the Engine, which would pull PGlite into the page.
import { changedFields, deepEqual } from '../../engine/diff.ts';
import type { Diff, Row } from '../../engine/types.ts';
import type { TableMeta } from '../workbench/protocol.ts';

export type ChangeKind = 'insert' | 'update' | 'delete';

/** Identifies a row across diffs and states: service, table and primary key. */
export type RowId = string;

/**
 * - asserted: an assertion selects the row
 * - consequence: it references (foreign key) an explained row of the same diff, e.g. a new channel's creator membership
 * - ignored: an update whose changed fields are all ignored (`updated_at`)
 * - unexplained: a side effect — the closed-world verdict fails on it
 */
export type RowStatus = 'asserted' | 'consequence' | 'ignored' | 'unexplained';

export interface FieldView {
  name: string;
  before?: unknown;
  after?: unknown;
  changed: boolean;
  /** Left out of change detection by the scenario's ignore_fields (`updated_at`, say). */
  ignored?: boolean;
}

export interface DiffRowView {
  id: RowId;
  kind: ChangeKind;
  /** The primary key as people read it: `C01AB` or `C01AB, U02CD`. */
  key: string;
  fields: FieldView[];
  /** Indexes of the assertions that explain this row (select it, in the closed-world check). */
  explainedBy: number[];
  /** Every assertion that explains or counted this row (failing ones too): hovering one highlights these rows. */
  related: number[];
  /** How the closed-world check judged the row. */
  status: RowStatus;
  /** For a consequence: the row it follows from, as `table key`. */
  consequenceOf?: string;
}

export interface DiffTableView {
  id: string;
  service?: string;
  table: string;
  counts: Record<ChangeKind, number>;
  unexplained: number;
  rows: DiffRowView[];
}

/** What the verdict says about rows, keyed by RowId (so that the step diff's rows can be looked up too). */
export interface RowJudgement {
  explainedBy: Map<RowId, number[]>;
  /** Rows each assertion counted (`matched`), passing or not. */
  matchedBy: Map<RowId, number[]>;
  /** Rows that came nearest to a failed assertion (its `nearest` rows of the diff). */
  nearestOf: Map<RowId, number[]>;
  consequenceOf: Map<RowId, string>;
  ignored: Set<RowId>;
  unexplained: Set<RowId>;
}

export const noJudgement: RowJudgement = { explainedBy: new Map(), matchedBy: new Map(), nearestOf: new Map(), consequenceOf: new Map(), ignored: new Set(), unexplained: new Set() };

/** Finds a table's primary key; in a one-service environment diff rows name no service. */
export function primaryKeyOf(tables: TableMeta[], table: string, service?: string): string[] {
  const t = tables.find((x) => x.name === table && (!service || x.service === service));
  return t?.primaryKey ?? [];
}

function columnsOf(tables: TableMeta[], table: string, service?: string): string[] | undefined {
  return tables.find((x) => x.name === table && (!service || x.service === service))?.columns;
}

export function rowId(tables: TableMeta[], table: string, service: string | undefined, row: Row): RowId {
  const pk = primaryKeyOf(tables, table, service);
  const svc = service ?? tables.find((t) => t.name === table)?.service ?? '';
  const key = pk.length ? pk.map((c) => JSON.stringify(row[c] ?? null)).join(',') : JSON.stringify(row);
  return `${svc}.${table}:${key}`;
}

function keyText(pk: string[], row: Row): string {
  return pk.map((c) => formatValue(row[c])).join(', ');
}

/** One line for a cell: strings as they are, everything else as compact JSON. */
export function formatValue(v: unknown): string {
  if (v === undefined) return '';
  if (v === null) return 'null';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

const META = new Set(['__table__', '__service__']);

/** Keys in the table's column order (jsonb images come back with keys sorted by length), unknown keys last. */
function ordered(keys: Iterable<string>, columns: string[] | undefined): string[] {
  const list = [...new Set(keys)].filter((k) => !META.has(k));
  if (!columns) return list;
  const rank = new Map(columns.map((c, i) => [c, i]));
  return list.sort((a, b) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity));
}

function fieldsOf(kind: ChangeKind, before: Row | null, after: Row | null, showAll: boolean, columns: string[] | undefined, ignored: ReadonlySet<string>): FieldView[] {
  if (kind === 'insert') return ordered(Object.keys(after!), columns).map((name) => ({ name, after: after![name], changed: true }));
  if (kind === 'delete') return ordered(Object.keys(before!), columns).map((name) => ({ name, before: before![name], changed: true }));
  const changed = new Set(changedFields(before!, after!));
  const names = showAll ? [...Object.keys(before!), ...Object.keys(after!)] : [...changed];
  return ordered(names, columns).map((name) => {
    const f: FieldView = { name, before: before![name], after: after![name], changed: changed.has(name) && !deepEqual(before![name], after![name]) };
    if (ignored.has(name)) f.ignored = true;
    return f;
  });
}

export interface DiffViewOptions {
  showAllFields: boolean;
  onlyUnexplained: boolean;
  /** The fields a table's changes ignore; see `ignoredFieldsOf`. */
  ignored?: (table: string, service?: string) => ReadonlySet<string>;
}

const none: ReadonlySet<string> = new Set();

/** A spec's ignore_fields for one table: the global list plus the table's own (keyed `table` or `service.table`). */
export function ignoredFieldsOf(ignoreFields: Record<string, string[] | undefined> | undefined): (table: string, service?: string) => ReadonlySet<string> {
  if (!ignoreFields) return () => none;
  return (table, service) =>
    new Set([...(ignoreFields.global ?? []), ...(ignoreFields[table] ?? []), ...(service ? (ignoreFields[`${service}.${table}`] ?? []) : [])]);
}

/**
 * Groups a diff by table for the diff panel: inserts, updates and deletes per table, each row with the fields to
 * show and what explains it. Tables are ordered by name; rows keep the diff's order within each kind.
 */
export function buildDiffView(diff: Diff, tables: TableMeta[], judgement: RowJudgement, options: DiffViewOptions): DiffTableView[] {
  const groups = new Map<string, DiffTableView>();
  const add = (kind: ChangeKind, table: string, service: string | undefined, before: Row | null, after: Row | null) => {
    const image = (after ?? before)!;
    const id = rowId(tables, table, service, image);
    const explainedBy = judgement.explainedBy.get(id) ?? [];
    const status: RowStatus = explainedBy.length
      ? 'asserted'
      : judgement.unexplained.has(id)
        ? 'unexplained'
        : judgement.ignored.has(id)
          ? 'ignored'
          : 'consequence';
    const groupId = service ? `${service}.${table}` : table;
    let g = groups.get(groupId);
    if (!g) groups.set(groupId, (g = { id: groupId, service, table, counts: { insert: 0, update: 0, delete: 0 }, unexplained: 0, rows: [] }));
    g.counts[kind]++;
    if (status === 'unexplained') g.unexplained++;
    if (options.onlyUnexplained && status !== 'unexplained') return;
    const related = [...new Set([...explainedBy, ...(judgement.matchedBy.get(id) ?? []), ...(judgement.nearestOf.get(id) ?? [])])].sort((a, b) => a - b);
    const view: DiffRowView = { id, kind, key: keyText(primaryKeyOf(tables, table, service), image), fields: fieldsOf(kind, before, after, options.showAllFields, columnsOf(tables, table, service), options.ignored?.(table, service) ?? none), explainedBy, related, status };
    const parent = judgement.consequenceOf.get(id);
    if (parent) view.consequenceOf = parent;
    g.rows.push(view);
  };
  for (const r of diff.inserts) add('insert', r.__table__, r.__service__, null, r);
  for (const u of diff.updates) add('update', u.__table__, u.__service__, u.before, u.after);
  for (const r of diff.deletes) add('delete', r.__table__, r.__service__, r, null);
  return [...groups.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/** The diff panel's tables of one service, for an environment that spans several. */
export interface DiffServiceView {
  service: string;
  counts: Record<ChangeKind, number>;
  unexplained: number;
  tables: DiffTableView[];
}

/**
 * Groups table views by service, in the order the environment lists its services (`serviceOrder`; others after, by
 * name). One-service diffs, whose rows name no service, come back as one group with service ''.
 */
export function groupByService(groups: DiffTableView[], serviceOrder: readonly string[] = []): DiffServiceView[] {
  const byService = new Map<string, DiffServiceView>();
  for (const g of groups) {
    const service = g.service ?? '';
    let s = byService.get(service);
    if (!s) byService.set(service, (s = { service, counts: { insert: 0, update: 0, delete: 0 }, unexplained: 0, tables: [] }));
    for (const k of ['insert', 'update', 'delete'] as const) s.counts[k] += g.counts[k];
    s.unexplained += g.unexplained;
    s.tables.push(g);
  }
  const rank = (service: string) => {
    const i = serviceOrder.indexOf(service);
    return i < 0 ? serviceOrder.length : i;
  };
  return [...byService.values()].sort((a, b) => rank(a.service) - rank(b.service) || a.service.localeCompare(b.service));
}

export function diffTotals(diff: Diff): Record<ChangeKind, number> {
  return { insert: diff.inserts.length, update: diff.updates.length, delete: diff.deletes.length };
}

/** Rows of the run diff per table, for the state browser's highlighting: RowId → kind. */
export function changedRowIds(diff: Diff, tables: TableMeta[]): Map<RowId, ChangeKind> {
  const out = new Map<RowId, ChangeKind>();
  for (const r of diff.inserts) out.set(rowId(tables, r.__table__, r.__service__, r), 'insert');
  for (const u of diff.updates) out.set(rowId(tables, u.__table__, u.__service__, u.after), 'update');
  for (const r of diff.deletes) out.set(rowId(tables, r.__table__, r.__service__, r), 'delete');
  return out;
}
