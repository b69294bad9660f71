import type { SchemaInfo } from '../../../engine/index.ts';
import type { TableMeta } from '../../workbench/protocol.ts';

/** The schema the open scenario's tables give the page (keys and columns; foreign keys stay in the worker). */
export function schemaFromTables(tables: readonly TableMeta[]): SchemaInfo {
  return {
    tables: tables.map((t) => ({ name: t.name, service: t.service, primaryKey: t.primaryKey, columns: t.columns.map((name) => ({ name, type: 'unknown' })) })),
    foreignKeys: [],
  };
}
