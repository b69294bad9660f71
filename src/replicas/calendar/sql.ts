import type { Tx } from '../../engine/index.ts';

/** Writes a row: insert, or update every given column when the primary key exists. Columns are always quoted. */
export async function upsert(tx: Tx, table: string, row: Record<string, unknown>, key: string[], jsonColumns: readonly string[] = []): Promise<void> {
  const cols = Object.keys(row);
  const values = cols.map((c) => (jsonColumns.includes(c) && row[c] !== null && row[c] !== undefined ? JSON.stringify(row[c]) : row[c] ?? null));
  const placeholders = cols.map((c, i) => (jsonColumns.includes(c) ? `$${i + 1}::jsonb` : `$${i + 1}`));
  const q = (c: string) => `"${c}"`;
  const updates = cols.filter((c) => !key.includes(c)).map((c) => `${q(c)} = EXCLUDED.${q(c)}`);
  await tx.query(
    `INSERT INTO ${table} (${cols.map(q).join(', ')}) VALUES (${placeholders.join(', ')}) ON CONFLICT (${key.map(q).join(', ')}) ${
      updates.length ? `DO UPDATE SET ${updates.join(', ')}` : 'DO NOTHING'
    }`,
    values,
  );
}

/** Updates some columns of the row with this key. */
export async function update(tx: Tx, table: string, key: Record<string, unknown>, changes: Record<string, unknown>, jsonColumns: readonly string[] = []): Promise<void> {
  const cols = Object.keys(changes);
  if (!cols.length) return;
  const values: unknown[] = cols.map((c) => (jsonColumns.includes(c) && changes[c] !== null && changes[c] !== undefined ? JSON.stringify(changes[c]) : changes[c] ?? null));
  const sets = cols.map((c, i) => `"${c}" = $${i + 1}${jsonColumns.includes(c) ? '::jsonb' : ''}`);
  const where = Object.keys(key).map((k, i) => `"${k}" = $${cols.length + i + 1}`);
  values.push(...Object.values(key));
  await tx.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE ${where.join(' AND ')}`, values);
}
