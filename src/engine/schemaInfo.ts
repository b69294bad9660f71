import type { ForeignKey, SchemaInfo, TableInfo } from './types.ts';

interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** Reads tables, columns, primary keys and foreign keys of one schema from the catalog. */
export async function readSchemaInfo(db: Queryable, schema: string, service: string): Promise<SchemaInfo> {
  const cols = await db.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = $1 AND t.table_type = 'BASE TABLE' AND c.table_name NOT LIKE '\\_%'
      ORDER BY c.table_name, c.ordinal_position`,
    [schema],
  );
  const pks = await db.query<{ table_name: string; cols: string[] }>(
    `SELECT rel.relname AS table_name,
            array_agg(att.attname ORDER BY array_position(con.conkey, att.attnum)) AS cols
       FROM pg_constraint con
       JOIN pg_class rel ON rel.oid = con.conrelid
       JOIN pg_namespace ns ON ns.oid = rel.relnamespace
       JOIN pg_attribute att ON att.attrelid = rel.oid AND att.attnum = ANY(con.conkey)
      WHERE ns.nspname = $1 AND con.contype = 'p'
      GROUP BY rel.relname`,
    [schema],
  );
  const fks = await db.query<{ table_name: string; cols: string[]; ref_table: string; ref_cols: string[] }>(
    `SELECT rel.relname AS table_name, ref.relname AS ref_table,
            (SELECT array_agg(a.attname ORDER BY k.i) FROM unnest(con.conkey) WITH ORDINALITY k(n, i)
               JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n) AS cols,
            (SELECT array_agg(a.attname ORDER BY k.i) FROM unnest(con.confkey) WITH ORDINALITY k(n, i)
               JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n) AS ref_cols
       FROM pg_constraint con
       JOIN pg_class rel ON rel.oid = con.conrelid
       JOIN pg_class ref ON ref.oid = con.confrelid
       JOIN pg_namespace ns ON ns.oid = rel.relnamespace
      WHERE ns.nspname = $1 AND con.contype = 'f'`,
    [schema],
  );
  const comments = await db.query<{ table_name: string; comment: string }>(
    `SELECT c.relname AS table_name, obj_description(c.oid, 'pg_class') AS comment
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind = 'r' AND obj_description(c.oid, 'pg_class') IS NOT NULL`,
    [schema],
  );
  const columnComments = await db.query<{ table_name: string; column_name: string }>(
    `SELECT c.relname AS table_name, a.attname AS column_name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE n.nspname = $1 AND c.relkind = 'r' AND a.attnum > 0 AND col_description(c.oid, a.attnum) LIKE '@derived%'`,
    [schema],
  );
  const byTable = new Map<string, TableInfo>();
  for (const c of cols.rows) {
    let t = byTable.get(c.table_name);
    if (!t) byTable.set(c.table_name, (t = { name: c.table_name, service, columns: [], primaryKey: [] }));
    t.columns.push({ name: c.column_name, type: c.data_type });
  }
  for (const p of pks.rows) {
    const t = byTable.get(p.table_name);
    if (t) t.primaryKey = p.cols;
  }
  for (const c of comments.rows) {
    const t = byTable.get(c.table_name);
    if (t && c.comment.startsWith('@derived')) t.derived = true;
  }
  for (const c of columnComments.rows) {
    const t = byTable.get(c.table_name);
    if (t) (t.derivedColumns ??= []).push(c.column_name);
  }
  const foreignKeys: ForeignKey[] = fks.rows.map((f) => ({
    service,
    table: f.table_name,
    columns: f.cols,
    refTable: f.ref_table,
    refColumns: f.ref_cols,
  }));
  return { tables: [...byTable.values()], foreignKeys };
}

export function mergeSchemaInfo(parts: SchemaInfo[]): SchemaInfo {
  return { tables: parts.flatMap((p) => p.tables), foreignKeys: parts.flatMap((p) => p.foreignKeys) };
}
