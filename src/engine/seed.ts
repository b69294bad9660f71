import { EngineError, type Row, type SchemaInfo, type SeedFile, type SeedTables } from './types.ts';

export interface SeedPart {
  service: string;
  tables: SeedTables;
}

/**
 * Splits a seed into one part per service. A seed is either `{service: {table: rows}}` or `{table: rows}`, in which
 * case each table goes to the service that has it — preferring the service that has most of the seed's tables,
 * since services may share table names (Slack and Linear both have `users` and `teams`).
 */
export function splitSeed(seed: SeedFile, info: SchemaInfo, services: string[]): SeedPart[] {
  if (!seed || typeof seed !== 'object' || Array.isArray(seed)) throw new EngineError('a seed must be a JSON object of tables');
  const entries = Object.entries(seed);
  const nested = entries.length > 0 && entries.every(([k, v]) => services.includes(k) && v && typeof v === 'object' && !Array.isArray(v));
  const parts: SeedPart[] = nested
    ? entries.map(([service, tables]) => ({ service, tables: tables as SeedTables }))
    : assignTables(seed as SeedTables, info);
  for (const part of parts) checkPart(part, info);
  return parts;
}

function assignTables(seed: SeedTables, info: SchemaInfo): SeedPart[] {
  const servicesOf = new Map<string, string[]>();
  for (const t of info.tables) servicesOf.set(t.name, [...(servicesOf.get(t.name) ?? []), t.service]);
  const score = new Map<string, number>();
  for (const table of Object.keys(seed)) {
    for (const s of servicesOf.get(table) ?? []) score.set(s, (score.get(s) ?? 0) + 1);
  }
  const byService = new Map<string, SeedTables>();
  for (const [table, rows] of Object.entries(seed)) {
    const candidates = servicesOf.get(table);
    if (!candidates) {
      const known = [...servicesOf.keys()].sort().join(', ');
      throw new EngineError(`seed table "${table}" belongs to no replica (known tables: ${known})`);
    }
    const service = [...candidates].sort((a, b) => (score.get(b) ?? 0) - (score.get(a) ?? 0))[0];
    if (!byService.has(service)) byService.set(service, {});
    byService.get(service)![table] = rows;
  }
  return [...byService].map(([service, tables]) => ({ service, tables }));
}

function checkPart(part: SeedPart, info: SchemaInfo): void {
  for (const [table, rows] of Object.entries(part.tables)) {
    const t = info.tables.find((x) => x.name === table && x.service === part.service);
    if (!t) throw new EngineError(`seed: service ${part.service} has no table "${table}"`);
    if (!Array.isArray(rows)) throw new EngineError(`seed: $.${table} must be an array of rows`);
    const columns = new Set(t.columns.map((c) => c.name));
    rows.forEach((row: Row, i) => {
      if (!row || typeof row !== 'object' || Array.isArray(row)) throw new EngineError(`seed: $.${table}[${i}] must be an object`);
      for (const k of Object.keys(row)) {
        if (!columns.has(k)) {
          throw new EngineError(`seed: $.${table}[${i}].${k}: table ${table} has no column "${k}" (columns: ${[...columns].join(', ')})`);
        }
      }
    });
  }
}
