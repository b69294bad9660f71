import type { Diff, Row } from '../engine/types.ts';
import type { RowKind } from './compileSpec.ts';
import { pyEq } from './python.ts';
import { FieldReader } from './readField.ts';
import { rowKey } from './rowKey.ts';
import type { SchemaIndex } from './schemaIndex.ts';

/** A row of the diff, by kind and index into `inserts` / `updates` / `deletes`. */
export interface RowRef {
  kind: RowKind;
  table: string;
  index: number;
}

export const ROW_KINDS: readonly RowKind[] = ['insert', 'update', 'delete'];

/** One diff, indexed for evaluation: rows by table, JSON-aware field reads, row keys. Built once per evaluation. */
export class DiffView {
  readonly reader = new FieldReader();
  private readonly rows: Record<RowKind, readonly Record<string, unknown>[]>;
  private readonly byTable: Record<RowKind, Map<string, number[]>>;

  constructor(
    diff: Diff,
    readonly schema: SchemaIndex | undefined,
  ) {
    const list = (v: unknown) => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);
    this.rows = { insert: list(diff?.inserts), update: list(diff?.updates), delete: list(diff?.deletes) };
    this.byTable = { insert: new Map(), update: new Map(), delete: new Map() };
    for (const kind of ROW_KINDS) {
      this.rows[kind].forEach((r, i) => {
        const table = typeof r?.__table__ === 'string' ? r.__table__ : '';
        const at = this.byTable[kind].get(table);
        if (at) at.push(i);
        else this.byTable[kind].set(table, [i]);
      });
    }
  }

  count(kind: RowKind): number {
    return this.rows[kind].length;
  }

  /** Rows of `table` in one part of the diff; with `service`, rows of another service are left out. */
  candidates(kind: RowKind, table: string, service?: string): number[] {
    const all = this.byTable[kind].get(table) ?? [];
    if (service === undefined) return all;
    return all.filter((i) => {
      const s = this.service(kind, i);
      return s === undefined || s === service;
    });
  }

  table(kind: RowKind, i: number): string {
    return this.rows[kind][i].__table__ as string;
  }

  service(kind: RowKind, i: number): string | undefined {
    const s = this.rows[kind][i].__service__;
    return typeof s === 'string' ? s : undefined;
  }

  /** The inserted or deleted row. */
  row(kind: 'insert' | 'delete', i: number): Row {
    return this.rows[kind][i];
  }

  before(i: number): Row {
    const b = this.rows.update[i].before;
    return typeof b === 'object' && b !== null ? (b as Row) : {};
  }

  after(i: number): Row {
    const a = this.rows.update[i].after;
    return typeof a === 'object' && a !== null ? (a as Row) : {};
  }

  /** The images a row shows: one for an insert or delete, after then before for an update. */
  images(kind: RowKind, i: number): Row[] {
    return kind === 'update' ? [this.after(i), this.before(i)] : [this.row(kind, i)];
  }

  ref(kind: RowKind, i: number): RowRef {
    return { kind, table: this.table(kind, i), index: i };
  }

  jsonColumns(kind: RowKind, i: number): ReadonlySet<string> | undefined {
    return this.schema?.jsonColumns(this.table(kind, i), this.service(kind, i));
  }

  /** `table#key`, as failure messages name rows. */
  label(kind: RowKind, i: number): string {
    return `${this.table(kind, i)}#${this.key(kind, i)}`;
  }

  key(kind: RowKind, i: number): string {
    const image = kind === 'update' ? { ...this.before(i), ...this.after(i) } : this.row(kind, i);
    return rowKey(image, this.table(kind, i), this.service(kind, i), this.schema);
  }

  /** Agent-Diff's `_changed_keys`: fields whose values differ (Python `!=`), apart from `ignore`. */
  changedFields(i: number, ignore: ReadonlySet<string>): string[] {
    const before = this.before(i);
    const after = this.after(i);
    const json = this.jsonColumns('update', i);
    const out: string[] = [];
    const visit = (k: string) => {
      if (!ignore.has(k) && !pyEq(this.reader.top(before, k, json), this.reader.top(after, k, json))) out.push(k);
    };
    for (const k of Object.keys(before)) visit(k);
    for (const k of Object.keys(after)) if (!Object.prototype.hasOwnProperty.call(before, k)) visit(k);
    return out;
  }
}
