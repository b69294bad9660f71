import type { Row, SeedFile } from '../engine/types.ts';

/**
 * A seed's tables with their service: a one-service seed is `table → rows`, a multi-service seed nests one such
 * object per service name (see `SeedFile`).
 */
export function seedTables(seed: SeedFile, services: readonly string[]): { service: string; table: string; rows: Row[] }[] {
  const out: { service: string; table: string; rows: Row[] }[] = [];
  const nested = services.length > 1 || Object.values(seed).some((v) => v !== null && typeof v === 'object' && !Array.isArray(v));
  if (!nested) {
    for (const [table, rows] of Object.entries(seed)) if (Array.isArray(rows)) out.push({ service: services[0], table, rows: rows as Row[] });
    return out;
  }
  for (const service of services) {
    const tables = (seed as Record<string, Record<string, Row[]>>)[service];
    if (!tables || typeof tables !== 'object') continue;
    for (const [table, rows] of Object.entries(tables)) if (Array.isArray(rows)) out.push({ service, table, rows });
  }
  return out;
}
