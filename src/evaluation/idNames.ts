/**
 * Ids read with the names of their rows: a failure's `parent_id "0" ≠ "120000100"` reads `"0" (All Files) ≠
 * "120000100" (Finance)`. The evaluation marks each check whose field holds an id (a foreign key, or the table's own
 * key) with the table it points at and the ids compared; the session looks those rows up after the run and fills in
 * their names (each replica declares which column names a row, `Replica.rowNames`); the page, the command line and
 * the HTML export then print them beside the ids.
 */
import { isDict } from './python.ts';
import type { SchemaIndex } from './schemaIndex.ts';

/** The rows a check's ids point at: a table, the column the ids are in, and the ids the check compares. */
export interface IdRef {
  service: string;
  table: string;
  column: string;
  ids: string[];
}

/** Ids per check at most (an `in` list of many is cut). */
const MAX_IDS = 12;
/** A name longer than this is cut (a message named by its text). */
const MAX_NAME_CHARS = 40;

/**
 * The table a column's values identify rows of: the one its single-column foreign key references, or the table
 * itself when the column is its one-column primary key. Undefined for any other column, and without a schema.
 */
export function idTarget(schema: SchemaIndex | undefined, table: string, service: string | undefined, column: string): Omit<IdRef, 'ids'> | undefined {
  if (!schema) return undefined;
  const fk = schema.outgoing(table).find((f) => (service === undefined || f.service === service) && f.columns.length === 1 && f.columns[0] === column);
  if (fk) {
    const refService = fk.service ?? schema.table(fk.refTable, service)?.service;
    return refService === undefined ? undefined : { service: refService, table: fk.refTable, column: fk.refColumns[0] };
  }
  const own = schema.table(table, service);
  if (own && own.primaryKey.length === 1 && own.primaryKey[0] === column) return { service: own.service, table: own.name, column };
  return undefined;
}

/** The plain values a condition compares by identity: a bare value, `eq`, `ne`, `in`, `not_in`, and those of `from`/`to`. */
export function conditionIds(condition: unknown): unknown[] {
  if (!isDict(condition)) return [condition];
  const out: unknown[] = [];
  for (const [op, operand] of Object.entries(condition)) {
    if (op === 'eq' || op === 'ne' || op === 'not_eq') out.push(operand);
    else if ((op === 'in' || op === 'not_in') && Array.isArray(operand)) out.push(...operand);
    else if (op === 'from' || op === 'to') out.push(...conditionIds(operand));
  }
  return out;
}

/** An IdRef for the given values (text: every replica's ids are), or undefined when none is an id. */
export function idRef(target: Omit<IdRef, 'ids'> | undefined, values: readonly unknown[]): IdRef | undefined {
  if (!target) return undefined;
  const ids = [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))].slice(0, MAX_IDS);
  return ids.length ? { ...target, ids } : undefined;
}

/** A row's name by the first of `columns` that holds text (or a number), cut to a readable length. */
export function rowName(row: Record<string, unknown>, columns: readonly string[]): string | undefined {
  for (const column of columns) {
    const v = row[column];
    if ((typeof v === 'string' && v.trim() !== '') || typeof v === 'number') {
      const text = String(v).replace(/\s+/g, ' ').trim();
      return text.length > MAX_NAME_CHARS ? `${text.slice(0, MAX_NAME_CHARS - 1)}…` : text;
    }
  }
  return undefined;
}

/** `text` with each id of `names` that it shows (as JSON, the way `formatValue` writes it) followed by its name. */
export function withIdNames(text: string, names: Readonly<Record<string, string>> | undefined): string {
  const ids = names ? Object.keys(names) : [];
  if (!names || ids.length === 0) return text;
  // One pass, so a name that happens to hold another id's text is not named again.
  const shown = new RegExp(ids.map((id) => JSON.stringify(id).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return text.replace(shown, (match) => `${match} (${names[JSON.parse(match) as string]})`);
}

/** A check's expected and actual values as people read them, each id followed by its row's name. */
export function namedValues(check: { expected: string; actual: string; names?: Readonly<Record<string, string>> }): { expected: string; actual: string } {
  return { expected: withIdNames(check.expected, check.names), actual: withIdNames(check.actual, check.names) };
}
