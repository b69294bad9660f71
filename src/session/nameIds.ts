import type { Row } from '../engine/index.ts';
import { rowName, type AssertionResult, type IdRef, type PredicateCheck } from '../evaluation/index.ts';
import type { RowNames } from '../replicas/types.ts';

/** Finds rows of a service's table whose `column` holds one of `ids` (bounded; never throws). */
export type RowLookup = (service: string, table: string, column: string, ids: readonly string[]) => Promise<Row[]>;

export interface IdNaming {
  /** What names a row of each table of a service (its replica's `rowNames`). */
  rowNames(service: string): RowNames | undefined;
  /** Rows as they are after the run. */
  current: RowLookup;
  /** Rows of the seed: a row the run deleted is named as it was. */
  seed: RowLookup;
}

const keyOf = (ref: IdRef) => `${ref.service}\u0000${ref.table}\u0000${ref.column}`;

/**
 * The verdict's failed assertions with each id their nearest rows' checks compare named by its row (`"120000100"`
 * → Finance): one lookup per table and column, in the state after the run, then in the seed for ids not found.
 */
export async function nameIds(assertions: readonly AssertionResult[], naming: IdNaming): Promise<AssertionResult[]> {
  const wanted = new Map<string, { ref: IdRef; columns: readonly string[]; ids: Set<string> }>();
  for (const { ref } of assertions.flatMap((a) => a.nearest?.rows.flatMap((r) => r.checks) ?? [])) {
    const columns = ref && naming.rowNames(ref.service)?.[ref.table];
    if (!ref || !columns) continue;
    const entry = wanted.get(keyOf(ref)) ?? { ref, columns, ids: new Set<string>() };
    for (const id of ref.ids) entry.ids.add(id);
    wanted.set(keyOf(ref), entry);
  }
  if (wanted.size === 0) return [...assertions];

  const names = new Map<string, Map<string, string>>();
  for (const [key, { ref, columns, ids }] of wanted) {
    const found = new Map<string, string>();
    const take = (rows: Row[]) => {
      for (const row of rows) {
        const id = row[ref.column];
        const name = rowName(row, columns);
        if (typeof id === 'string' && name !== undefined && name !== id && !found.has(id)) found.set(id, name);
      }
    };
    take(await naming.current(ref.service, ref.table, ref.column, [...ids]));
    const missing = [...ids].filter((id) => !found.has(id));
    if (missing.length) take(await naming.seed(ref.service, ref.table, ref.column, missing));
    names.set(key, found);
  }

  const named = (c: PredicateCheck): PredicateCheck => {
    const found = c.ref && names.get(keyOf(c.ref));
    const mine = found ? Object.fromEntries(c.ref!.ids.filter((id) => found.has(id)).map((id) => [id, found.get(id)!])) : {};
    return Object.keys(mine).length ? { ...c, names: mine } : c;
  };
  return assertions.map((a) => (a.nearest ? { ...a, nearest: { ...a.nearest, rows: a.nearest.rows.map((r) => ({ ...r, checks: r.checks.map(named) })) } } : a));
}
