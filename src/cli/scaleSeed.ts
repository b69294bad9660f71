import type { Row, SchemaInfo, SeedTables } from '../engine/index.ts';

/**
 * A seed `factor` times as large: every table's rows repeated with fresh keys. Key columns — primary keys, foreign
 * keys and columns of unique indexes — get a value derived from (value, copy), the same function everywhere, so
 * each copy's references point into the same copy. Copy 0 is the seed itself.
 */
export function scaleSeed(seed: SeedTables, info: SchemaInfo, uniqueColumns: Map<string, string[][]>, factor: number): SeedTables {
  const out: SeedTables = {};
  for (const [table, rows] of Object.entries(seed)) {
    const t = info.tables.find((x) => x.name === table);
    const keys = new Set<string>(t?.primaryKey ?? []);
    for (const fk of info.foreignKeys) if (fk.table === table) fk.columns.forEach((c) => keys.add(c));
    for (const cols of uniqueColumns.get(table) ?? []) cols.forEach((c) => keys.add(c));
    const copies: Row[] = [...rows];
    for (let k = 1; k < factor; k++) {
      for (const row of rows) {
        const copy: Row = { ...row };
        for (const c of keys) if (c in copy) copy[c] = copyKey(copy[c], k);
        copies.push(copy);
      }
    }
    out[table] = copies;
  }
  return out;
}

/** Slack `ts`-shaped keys ("1699564800.000123") stay numeric strings so that code ordering by them still works. */
function copyKey(value: unknown, k: number): unknown {
  if (typeof value === 'number') return value + k * 10_000_000;
  if (typeof value !== 'string') return value;
  const ts = /^(\d+)\.(\d+)$/.exec(value);
  if (ts) return `${Number(ts[1]) + k * 10_000_000}.${ts[2]}`;
  return `${value}_x${k}`;
}
