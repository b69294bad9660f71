import { isDict } from './python.ts';

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Reads fields as Agent-Diff's engine sees them. Its rows hold JSON columns as parsed values (Python dicts); a
 * JSON column that arrives here as text is parsed first. Which columns are JSON comes from the schema; without
 * one, text is parsed only where a dotted key has to walk into it.
 */
export class FieldReader {
  private readonly parsed = new Map<string, unknown>();

  /** The value of one column; a missing column reads as null. */
  top(row: Record<string, unknown>, column: string, jsonColumns: ReadonlySet<string> | undefined): unknown {
    if (!hasOwn.call(row, column)) return null;
    const v = row[column];
    if (v === undefined) return null;
    if (typeof v === 'string' && jsonColumns?.has(column)) return this.parse(v, false);
    return v;
  }

  /** `_get(row, "a.b.c")`: dotted keys walk objects only; anything missing reads as null. */
  path(row: Record<string, unknown>, path: readonly string[], jsonColumns: ReadonlySet<string> | undefined): unknown {
    let cur = this.top(row, path[0], jsonColumns);
    if (path.length === 1) return cur;
    if (typeof cur === 'string' && jsonColumns === undefined) cur = this.parse(cur, true);
    for (let i = 1; i < path.length; i++) {
      if (!isDict(cur) || !hasOwn.call(cur, path[i])) return null;
      cur = cur[path[i]];
    }
    return cur === undefined ? null : cur;
  }

  private parse(text: string, onlyObjects: boolean): unknown {
    if (onlyObjects && !/^\s*\{/.test(text)) return text;
    if (this.parsed.has(text)) return this.parsed.get(text);
    let value: unknown = text;
    try {
      value = JSON.parse(text);
    } catch {
      // not JSON after all: the text is the value
    }
    this.parsed.set(text, value);
    return value;
  }
}
