import type { ForeignKey, SchemaInfo, TableInfo } from '../engine/types.ts';

/** What the evaluation looks up in a SchemaInfo, indexed once per schema object. */
export interface SchemaIndex {
  table(name: string, service?: string): TableInfo | undefined;
  /** Columns of a JSON type (`json`, `jsonb`), whose string values are parsed as Agent-Diff's engine would see them. */
  jsonColumns(name: string, service?: string): ReadonlySet<string> | undefined;
  /** Foreign keys by the table they reference. */
  referencing(refTable: string): readonly ForeignKey[];
  /** Foreign keys by the table that holds them. */
  outgoing(table: string): readonly ForeignKey[];
}

const JSON_TYPES = new Set(['json', 'jsonb']);
const cache = new WeakMap<SchemaInfo, SchemaIndex>();

export function indexSchema(schema: SchemaInfo): SchemaIndex {
  const hit = cache.get(schema);
  if (hit) return hit;
  const byName = new Map<string, TableInfo[]>();
  for (const t of schema.tables) {
    const list = byName.get(t.name);
    if (list) list.push(t);
    else byName.set(t.name, [t]);
  }
  const json = new Map<TableInfo, ReadonlySet<string>>();
  for (const t of schema.tables) {
    const cols = t.columns.filter((c) => JSON_TYPES.has(c.type.toLowerCase())).map((c) => c.name);
    json.set(t, new Set(cols));
  }
  const referencing = new Map<string, ForeignKey[]>();
  const outgoing = new Map<string, ForeignKey[]>();
  for (const fk of schema.foreignKeys) {
    const list = referencing.get(fk.refTable);
    if (list) list.push(fk);
    else referencing.set(fk.refTable, [fk]);
    const own = outgoing.get(fk.table);
    if (own) own.push(fk);
    else outgoing.set(fk.table, [fk]);
  }
  const table = (name: string, service?: string): TableInfo | undefined => {
    const list = byName.get(name);
    if (!list) return undefined;
    return (service !== undefined && list.find((t) => t.service === service)) || list[0];
  };
  const index: SchemaIndex = {
    table,
    jsonColumns: (name, service) => {
      const t = table(name, service);
      return t ? json.get(t) : undefined;
    },
    referencing: (refTable) => referencing.get(refTable) ?? [],
    outgoing: (name) => outgoing.get(name) ?? [],
  };
  cache.set(schema, index);
  return index;
}
