import type { Row } from '../../engine/index.ts';
import type { LinearContext } from './context.ts';
import { ENTITIES, type EntityName } from './entities.ts';

const q = (c: string) => `"${c}"`;

/** Inserts one row (JSON values as jsonb) and returns it as stored. */
export async function insertRow(ctx: LinearContext, entity: EntityName | 'association', row: Row): Promise<Row> {
  const table = entity === 'association' ? 'issue_label_issue_association' : ENTITIES[entity].table;
  const cols = Object.keys(row).filter((k) => row[k] !== undefined);
  const values = cols.map((k) => (isJson(row[k]) ? JSON.stringify(row[k]) : row[k]));
  const rows = await ctx.query(
    `INSERT INTO ${table} (${cols.map(q).join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
    values,
  );
  return rows[0];
}

/** Updates one row by id with `patch` plus `updatedAt`, and returns it as stored. */
export async function updateRow(ctx: LinearContext, entity: EntityName, id: string, patch: Row): Promise<Row> {
  const full: Row = { ...patch, updatedAt: ctx.now() };
  const cols = Object.keys(full).filter((k) => full[k] !== undefined);
  const values = cols.map((k) => (isJson(full[k]) ? JSON.stringify(full[k]) : full[k]));
  const rows = await ctx.query(
    `UPDATE ${ENTITIES[entity].table} SET ${cols.map((c, i) => `${q(c)} = $${i + 1}`).join(', ')} WHERE "id" = $${cols.length + 1} RETURNING *`,
    [...values, id],
  );
  ctx.forget(entity, id);
  return rows[0];
}

function isJson(v: unknown): boolean {
  return v !== null && typeof v === 'object' && !(v instanceof Date);
}

/** Linear's `lastSyncId`: a number that grows with every write; the environment clock serves. */
export function lastSyncId(ctx: LinearContext): number {
  return ctx.rc.now();
}
