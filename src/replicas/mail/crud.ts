import { z } from 'zod';
import type { Row } from '../../engine/index.ts';
import type { Route } from '../types.ts';
import { plain, type MailCtx } from './context.ts';
import { id, op, paging } from './define.ts';
import { invalidInput, notFound } from './errors.ts';
import { pageWindow, toPage } from './paging.ts';
import { likePattern, Where } from './sql.ts';

/**
 * A simple domain object stored in one table: the generic layer behind list / get / create / update / delete.
 * Objects with real behaviour (messages, events, rules) use these pieces and add their own logic.
 */
export interface Entity {
  /** Singular name in docs and errors: "contact". */
  kind: string;
  table: string;
  pk: string;
  prefix: string;
  /** Condition that a row is visible to the acting person; each `?` stands for the person id. */
  scope: string;
  /** Column set to the acting person on create. */
  ownerColumn?: string;
  /** Writable fields and their schema (all optional on update). */
  fields: z.ZodRawShape;
  /** Fields required on create. */
  required: string[];
  jsonColumns?: string[];
  timestamps?: boolean;
  order: string;
  /** Columns `q` searches (case-insensitive substring). */
  search?: string[];
  serialize?: (row: Row) => Row;
  /** Removes dependent rows before the row itself is deleted. */
  beforeDelete?: (m: MailCtx, id: string) => Promise<void>;
}

/** The acting person's id once per `?` of the entity's scope. */
export function scopeArgs(e: Entity, m: MailCtx): unknown[] {
  return Array.from({ length: (e.scope.match(/\?/g) ?? []).length }, () => m.me.person_id);
}

export function serializeRow(e: Entity, row: Row): Row {
  const { [e.pk]: key, owner_id: _owner, ...rest } = plain(row);
  const out = { id: key, ...rest };
  return e.serialize ? e.serialize(out) : out;
}

export async function findRow(m: MailCtx, e: Entity, key: string, field = e.pk): Promise<Row> {
  const w = new Where().add(`${e.pk} = ?`, key).add(e.scope, ...scopeArgs(e, m));
  const row = (await m.query(`SELECT * FROM ${e.table} ${w}`, w.params))[0];
  if (!row) throw notFound(e.kind, key, field);
  return row;
}

function dbValue(e: Entity, column: string, value: unknown): unknown {
  return e.jsonColumns?.includes(column) && value !== null && value !== undefined ? JSON.stringify(value) : value;
}

export async function insertRow(m: MailCtx, e: Entity, values: Row): Promise<Row> {
  const row: Row = { [e.pk]: m.id(e.prefix), ...values };
  if (e.ownerColumn) row[e.ownerColumn] = m.me.person_id;
  if (e.timestamps) row.created_at = row.updated_at = m.now();
  const cols = Object.keys(row).filter((c) => row[c] !== undefined);
  const [inserted] = await m.query(
    `INSERT INTO ${e.table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
    cols.map((c) => dbValue(e, c, row[c])),
  );
  return inserted;
}

export async function updateRow(m: MailCtx, e: Entity, key: string, patch: Row): Promise<Row> {
  const cols = Object.keys(patch).filter((c) => patch[c] !== undefined);
  if (e.timestamps) {
    cols.push('updated_at');
    patch = { ...patch, updated_at: m.now() };
  }
  if (cols.length === 0) return findRow(m, e, key);
  const sets = cols.map((c, i) => `${c} = $${i + 2}`).join(', ');
  const [row] = await m.query(`UPDATE ${e.table} SET ${sets} WHERE ${e.pk} = $1 RETURNING *`, [
    key,
    ...cols.map((c) => dbValue(e, c, patch[c])),
  ]);
  return row;
}

export async function deleteRow(m: MailCtx, e: Entity, key: string): Promise<void> {
  await e.beforeDelete?.(m, key);
  await m.query(`DELETE FROM ${e.table} WHERE ${e.pk} = $1`, [key]);
}

/** Only the entity's writable fields of a validated input. */
export function pickFields(e: Entity, input: Row): Row {
  const out: Row = {};
  for (const f of Object.keys(e.fields)) if (input[f] !== undefined) out[f] = input[f];
  return out;
}

export interface CrudOptions {
  /** Path of the collection, e.g. `/contacts` or `/todo/lists/{list_id}/tasks`. */
  collection: string;
  /** Path of one item, e.g. `/contacts/{contact_id}` (the parameter is named after the primary key). */
  item: string;
  /** For a collection below a parent: the parent entity and the column (= path parameter) that references it. */
  parent?: { entity: Entity; column: string };
  /** Extra list filters: name → schema and SQL condition with one `?`. */
  filters?: Record<string, { schema: z.ZodType; sql: string; value?: (v: any) => unknown }>;
  plural: string;
  docs: { list: string; get: string; create: string; update: string; delete: string };
  /** Checks and fills a create/update input before it is written (e.g. references exist). */
  prepare?: (m: MailCtx, values: Row, existing: Row | null) => Promise<Row>;
}

/** The five standard operations of an entity. */
export function crudRoutes(e: Entity, o: CrudOptions): Route[] {
  const parentShape = o.parent ? { [o.parent.column]: id(`The ${o.parent.entity.kind} the ${o.plural} belong to.`) } : {};
  const filterShape = Object.fromEntries(Object.entries(o.filters ?? {}).map(([k, f]) => [k, f.schema.optional()]));
  const searchShape = e.search ? { q: z.string().optional().describe(`Case-insensitive text matched against ${e.search.join(', ')}.`) } : {};
  const keyShape = { [e.pk]: id(`The ${e.kind}'s id.`) };
  const createShape = Object.fromEntries(
    Object.entries(e.fields).map(([k, s]) => [k, e.required.includes(k) ? s : (s as z.ZodType).optional()]),
  );
  const updateShape = Object.fromEntries(Object.entries(e.fields).map(([k, s]) => [k, (s as z.ZodType).optional()]));
  const prepare = o.prepare ?? (async (_m: MailCtx, v: Row) => v);

  return [
    op({
      method: 'GET',
      path: o.collection,
      summary: `List ${o.plural}.`,
      docs: o.docs.list,
      input: z.strictObject({ ...parentShape, ...searchShape, ...filterShape, ...paging }),
      async run(input: Row, m) {
        const w = new Where().add(e.scope, ...scopeArgs(e, m));
        if (o.parent) {
          const key = String(input[o.parent.column]);
          await findRow(m, o.parent.entity, key, o.parent.column);
          w.add(`${o.parent.column} = ?`, key);
        }
        if (e.search && typeof input.q === 'string' && input.q) {
          const pattern = likePattern(input.q);
          w.add(e.search.map((c) => `${c} ILIKE ?`).join(' OR '), ...e.search.map(() => pattern));
        }
        for (const [k, f] of Object.entries(o.filters ?? {})) {
          if (input[k] !== undefined) w.add(f.sql, f.value ? f.value(input[k]) : input[k]);
        }
        const win = pageWindow(input as { page_size?: number; page_token?: string });
        const rows = await m.query(
          `SELECT * FROM ${e.table} ${w} ORDER BY ${e.order}, ${e.pk} LIMIT ${w.param(win.limit + 1)} OFFSET ${w.param(win.offset)}`,
          w.params,
        );
        return toPage(rows, win, (r) => serializeRow(e, r));
      },
    }),
    op({
      method: 'GET',
      path: o.item,
      summary: `Get one ${e.kind}.`,
      docs: o.docs.get,
      input: z.strictObject(keyShape),
      async run(input: Row, m) {
        return serializeRow(e, await findRow(m, e, String(input[e.pk])));
      },
    }),
    op({
      method: 'POST',
      path: o.collection,
      summary: `Create a ${e.kind}.`,
      docs: o.docs.create,
      status: 201,
      input: z.strictObject({ ...parentShape, ...createShape }),
      async run(input: Row, m) {
        const values = pickFields(e, input);
        if (o.parent) {
          const key = String(input[o.parent.column]);
          await findRow(m, o.parent.entity, key, o.parent.column);
          values[o.parent.column] = key;
        }
        return serializeRow(e, await insertRow(m, e, await prepare(m, values, null)));
      },
    }),
    op({
      method: 'PATCH',
      path: o.item,
      summary: `Update a ${e.kind}.`,
      docs: o.docs.update,
      input: z.strictObject({ ...keyShape, ...updateShape }),
      async run(input: Row, m) {
        const key = String(input[e.pk]);
        const existing = await findRow(m, e, key);
        const patch = pickFields(e, input);
        if (Object.keys(patch).length === 0) {
          throw invalidInput([{ field: '', message: `give at least one of ${Object.keys(e.fields).join(', ')}` }]);
        }
        return serializeRow(e, await updateRow(m, e, key, await prepare(m, patch, existing)));
      },
    }),
    op({
      method: 'DELETE',
      path: o.item,
      summary: `Delete a ${e.kind}.`,
      docs: o.docs.delete,
      input: z.strictObject(keyShape),
      async run(input: Row, m) {
        const key = String(input[e.pk]);
        await findRow(m, e, key);
        await deleteRow(m, e, key);
        return undefined;
      },
    }),
  ];
}
