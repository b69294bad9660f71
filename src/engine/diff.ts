import type { Diff, DiffRow, Row, RowUpdate } from './types.ts';

/** One journal entry as the row triggers wrote it. */
export interface JournalEntry {
  seq: number;
  service: string;
  table: string;
  op: 'I' | 'U' | 'D';
  old: Row | null;
  new: Row | null;
}

/** Reads a row's primary-key text, for matching the same row across journal entries. */
export type KeyOf = (service: string, table: string, row: Row) => string;

/**
 * Collapses journal entries (in seq order) into Agent-Diff's diff: per row, the image before its first change and
 * after its last. A row inserted then deleted disappears; an update that ends where it began disappears.
 */
export function diffFromJournal(entries: JournalEntry[], keyOf: KeyOf, multiService: boolean): Diff {
  const rows = new Map<string, { service: string; table: string; before: Row | null; after: Row | null }>();
  // Records that the row under `key` is `after` now; a row first seen here was `before` until then.
  const track = (e: JournalEntry, key: string, before: Row | null, after: Row | null) => {
    const k = `${e.service}\u0000${e.table}\u0000${key}`;
    const r = rows.get(k);
    if (r) r.after = after;
    else rows.set(k, { service: e.service, table: e.table, before, after });
  };
  for (const e of entries) {
    if (e.op === 'U' && e.old && e.new) {
      const oldKey = keyOf(e.service, e.table, e.old);
      const newKey = keyOf(e.service, e.table, e.new);
      if (oldKey !== newKey) {
        // An UPDATE that changes the primary key deletes the row under the old key and adds one under the new key.
        track(e, oldKey, e.old, null);
        track(e, newKey, null, e.new);
        continue;
      }
    }
    track(e, keyOf(e.service, e.table, (e.new ?? e.old)!), e.old, e.new);
  }
  const diff: Diff = { inserts: [], updates: [], deletes: [] };
  for (const r of rows.values()) {
    const tag = multiService ? { __table__: r.table, __service__: r.service } : { __table__: r.table };
    if (!r.before && r.after) diff.inserts.push({ ...r.after, ...tag } as DiffRow);
    else if (r.before && !r.after) diff.deletes.push({ ...r.before, ...tag } as DiffRow);
    else if (r.before && r.after && !sameRow(r.before, r.after)) {
      const u: RowUpdate = { ...tag, before: r.before, after: r.after };
      diff.updates.push(u);
    }
  }
  return diff;
}

function sameRow(a: Row, b: Row): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => deepEqual(a[k], b[k]));
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ao = a as Row;
  const bo = b as Row;
  const ka = Object.keys(ao);
  return ka.length === Object.keys(bo).length && ka.every((k) => k in bo && deepEqual(ao[k], bo[k]));
}

/** The fields whose values differ between two images of a row. */
export function changedFields(before: Row, after: Row): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => !deepEqual(before[k], after[k]));
}
