import { META_SCHEMA, envMetaSchema, envServiceSchema, ident, templateSchema } from './sqlNames.ts';
import type { TableInfo } from './types.ts';

interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** How one template table is copied: its keys and indexes are built after its rows are in. */
interface TableCopy {
  service: string;
  table: string;
  rows: number;
  /** `CONSTRAINT name PRIMARY KEY (…)`, `UNIQUE …`, `EXCLUDE …`: added in one ALTER TABLE after the rows. */
  constraints: string[];
  /** The other indexes' `CREATE INDEX` statements, with `{{table}}` where the copy's qualified name goes. */
  indexes: string[];
}

/**
 * What copying a template into an environment takes, read from the catalog once per template. Each table is created
 * without indexes, filled, and then its keys and indexes are built over the rows at once: PostgreSQL's bulk build
 * is cheaper than growing an index row by row, most of all Box's GIN indexes, whose every entry runs a text search
 * parser. Index and constraint names are the template's, so an environment's catalog reads as a `LIKE … INCLUDING
 * ALL` copy would.
 */
export interface CopyPlan {
  tables: TableCopy[];
}

export async function readCopyPlan(db: Queryable, templateName: string, tables: TableInfo[], rowCounts: Record<string, number>): Promise<CopyPlan> {
  const schemas = [...new Set(tables.map((t) => templateSchema(templateName, t.service)))];
  const indexes = await db.query<{ schema: string; tbl: string; qualified: string; def: string }>(
    `SELECT n.nspname AS schema, c.relname AS tbl, format('%I.%I', n.nspname, c.relname) AS qualified, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid)
      ORDER BY i.indexrelid`,
    [schemas],
  );
  const constraints = await db.query<{ schema: string; tbl: string; name: string; def: string }>(
    `SELECT n.nspname AS schema, c.relname AS tbl, k.conname AS name, pg_get_constraintdef(k.oid) AS def
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND k.contype IN ('p', 'u', 'x')
      ORDER BY k.oid`,
    [schemas],
  );
  return {
    tables: tables.map((t) => {
      const schema = templateSchema(templateName, t.service);
      const mine = <R extends { schema: string; tbl: string }>(r: R) => r.schema === schema && r.tbl === t.name;
      return {
        service: t.service,
        table: t.name,
        rows: rowCounts[`${t.service}.${t.name}`] ?? 1,
        constraints: constraints.rows.filter(mine).map((c) => `ADD CONSTRAINT ${ident(c.name)} ${c.def}`),
        indexes: indexes.rows.filter(mine).map((i) => {
          const at = ` ON ${i.qualified} USING `;
          if (!i.def.includes(at)) throw new Error(`unexpected index definition: ${i.def}`);
          return i.def.replace(at, ' ON {{table}} USING ');
        }),
      };
    }),
  };
}

/**
 * The statements that make environment `envId` a copy of the template, in groups that can run one at a time
 * (the pool fills environments between requests): first the journal, then one group per table.
 */
export function copyStatements(plan: CopyPlan, templateName: string, envId: string): string[][] {
  const m = ident(envMetaSchema(envId));
  const services = [...new Set(plan.tables.map((t) => t.service))];
  const groups: string[][] = [
    [
      `CREATE SCHEMA ${m}`,
      // One sequence serves every environment's journal: creating a sequence per environment costs more than the
      // rest of the journal, and positions only need to grow within one environment.
      `CREATE TABLE ${m}._journal (seq int NOT NULL DEFAULT nextval('${META_SCHEMA}.journal_seq'), svc text NOT NULL, tbl text NOT NULL, op "char" NOT NULL, old jsonb, new jsonb)`,
      `CREATE FUNCTION ${m}._journal_row() RETURNS trigger LANGUAGE plpgsql AS $fn$
       BEGIN
         IF TG_OP = 'INSERT' THEN INSERT INTO ${m}._journal (svc, tbl, op, new) VALUES (TG_ARGV[0], TG_TABLE_NAME, 'I', to_jsonb(NEW));
         ELSIF TG_OP = 'UPDATE' THEN INSERT INTO ${m}._journal (svc, tbl, op, old, new) VALUES (TG_ARGV[0], TG_TABLE_NAME, 'U', to_jsonb(OLD), to_jsonb(NEW));
         ELSE INSERT INTO ${m}._journal (svc, tbl, op, old) VALUES (TG_ARGV[0], TG_TABLE_NAME, 'D', to_jsonb(OLD));
         END IF;
         RETURN NULL;
       END $fn$`,
      ...services.map((svc) => `CREATE SCHEMA ${ident(envServiceSchema(envId, svc))}`),
    ],
  ];
  for (const t of plan.tables) {
    const src = `${ident(templateSchema(templateName, t.service))}.${ident(t.table)}`;
    const dst = `${ident(envServiceSchema(envId, t.service))}.${ident(t.table)}`;
    groups.push([
      `CREATE TABLE ${dst} (LIKE ${src} INCLUDING ALL EXCLUDING INDEXES)`,
      ...(t.rows > 0 ? [`INSERT INTO ${dst} SELECT * FROM ${src}`] : []),
      ...(t.constraints.length ? [`ALTER TABLE ${dst} ${t.constraints.join(', ')}`] : []),
      ...t.indexes.map((def) => def.replace('{{table}}', dst)),
      // After the copy, so that the seed's rows are not journaled.
      `CREATE TRIGGER _journal AFTER INSERT OR UPDATE OR DELETE ON ${dst} FOR EACH ROW EXECUTE FUNCTION ${m}._journal_row('${t.service.replace(/'/g, "''")}')`,
    ]);
  }
  return groups;
}
