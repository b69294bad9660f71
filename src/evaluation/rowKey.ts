import type { Row } from '../engine/types.ts';
import type { SchemaIndex } from './schemaIndex.ts';

/**
 * A row's key as people read it: its primary key values joined by `/` (`C01AB/U02CD`). Without a schema the key
 * columns are guessed: `id`, else `<singular table>_id`, else every `*_id` / `*Id` column.
 */
export function rowKey(row: Row, table: string, service: string | undefined, schema: SchemaIndex | undefined): string {
  const pk = schema?.table(table, service)?.primaryKey;
  const columns = pk && pk.length > 0 ? pk : guessKeyColumns(row, table);
  if (columns.length === 0) return '?';
  return columns.map((c) => keyText(row[c])).join('/');
}

function guessKeyColumns(row: Row, table: string): string[] {
  if ('id' in row) return ['id'];
  const singular = table.replace(/ies$/, 'y').replace(/s$/, '');
  if (`${singular}_id` in row) return [`${singular}_id`];
  return Object.keys(row).filter((k) => !k.startsWith('__') && /(_id|[a-z]Id)$/.test(k));
}

function keyText(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  return typeof v === 'string' ? v : JSON.stringify(v);
}
