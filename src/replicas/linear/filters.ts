import { ENTITIES, type EntityName, type FilterField, type ScalarKind } from './entities.ts';
import { inputError } from './errors.ts';
import { col, type Sql } from './sql.ts';

type Filter = Record<string, unknown>;

/**
 * Compiles a Linear filter (`IssueFilter`, `TeamFilter`, …) into a SQL condition on `alias`. Fields combine with AND;
 * `and`/`or` take lists of filters; a many-to-one relation (`assignee`, `team`, `state`) takes the related entity's
 * filter plus `null`; a collection (`labels`, `children`, `comments`) takes `some`, `every`, `length` or plain fields
 * (read as `some`). The GraphQL layer has already rejected unknown fields and comparators.
 */
export function compileFilter(entity: EntityName, filter: Filter | null | undefined, alias: string, sql: Sql): string {
  if (!filter) return 'TRUE';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null) continue;
    if (key === 'and') parts.push(joinAll((value as Filter[]).map((f) => compileFilter(entity, f, alias, sql)), 'AND'));
    else if (key === 'or') parts.push(joinAll((value as Filter[]).map((f) => compileFilter(entity, f, alias, sql)), 'OR'));
    else if (key === 'null') continue; // only meaningful on a relation: compileRelation reads it
    else {
      const field = ENTITIES[entity].fields[key];
      if (!field) throw inputError(`Filtering by ${key} is not supported`);
      parts.push(compileField(field, value as Filter, alias, sql));
    }
  }
  return joinAll(parts, 'AND');
}

function joinAll(parts: string[], op: 'AND' | 'OR'): string {
  if (parts.length === 0) return op === 'AND' ? 'TRUE' : 'FALSE';
  return parts.length === 1 ? parts[0] : `(${parts.join(` ${op} `)})`;
}

function compileField(field: FilterField, value: Filter, alias: string, sql: Sql): string {
  switch (field.kind) {
    case 'one':
      return compileRelation(field.entity, field.column, value, alias, sql);
    case 'many':
      return compileCollection(field, value, alias, sql);
    case 'isMe': {
      const me = sql.p(sql.actingUserId);
      return compileComparator('boolean', `(${col(alias, 'id')} = ${me})`, value, sql);
    }
    case 'content':
      return compileContent(value, alias, sql);
    default:
      return compileComparator(field.kind, col(alias, field.column), value, sql);
  }
}

/** A nullable relation filter: `null`, the related entity's fields, and `and`/`or` of such filters. */
function compileRelation(entity: EntityName, column: string, value: Filter, alias: string, sql: Sql): string {
  const ref = col(alias, column);
  const parts: string[] = [];
  const fields: Filter = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || v === null) continue;
    if (key === 'null') parts.push(v ? `${ref} IS NULL` : `${ref} IS NOT NULL`);
    else if (key === 'and' || key === 'or') {
      parts.push(joinAll((v as Filter[]).map((f) => compileRelation(entity, column, f, alias, sql)), key === 'and' ? 'AND' : 'OR'));
    } else fields[key] = v;
  }
  if (Object.keys(fields).length) {
    const inner = sql.alias();
    const cond = compileFilter(entity, fields, inner, sql);
    const table = ENTITIES[entity].table;
    // Teams, states, users and labels are few: their matching ids are computed once (an InitPlan), which lets the
    // outer scan use its index on the reference column and keeps planning cheap. Issues are many: correlate.
    parts.push(
      entity === 'issue'
        ? `EXISTS (SELECT 1 FROM ${table} ${inner} WHERE ${inner}."id" = ${ref} AND ${cond})`
        : `${ref} = ANY(ARRAY(SELECT ${inner}."id" FROM ${table} ${inner} WHERE ${cond}))`,
    );
  }
  return joinAll(parts, 'AND');
}

function compileCollection(field: Extract<FilterField, { kind: 'many' }>, value: Filter, alias: string, sql: Sql): string {
  const { some, every, length, and, or, ...direct } = value as Record<string, any>;
  const parts: string[] = [];
  const exists = (cond: string) => {
    const inner = sql.alias();
    const { from, where } = field.join(alias, inner, sql.alias('p'));
    return { inner, sql: (c: string) => `EXISTS (SELECT 1 FROM ${from} WHERE ${where} AND ${c})`, cond };
  };
  const live = (inner: string) => `${inner}."archivedAt" IS NULL`;
  const anyOf = (f: Filter) => {
    if (field.through) {
      // Through a join table: the matching targets are computed once, then probed per row by the pivot's key.
      const inner = sql.alias();
      const p = sql.alias('p');
      const { table, outerColumn, targetColumn } = field.through;
      const targets = `ARRAY(SELECT ${inner}."id" FROM ${ENTITIES[field.entity].table} ${inner} WHERE ${live(inner)} AND ${compileFilter(field.entity, f, inner, sql)})`;
      return `EXISTS (SELECT 1 FROM ${table} ${p} WHERE ${p}."${outerColumn}" = ${col(alias, 'id')} AND ${p}."${targetColumn}" = ANY(${targets}))`;
    }
    const e = exists('');
    return e.sql(`${live(e.inner)} AND ${compileFilter(field.entity, f, e.inner, sql)}`);
  };
  if (some) parts.push(anyOf(some));
  if (every) {
    const e = exists('');
    parts.push(`NOT ${e.sql(`${live(e.inner)} AND NOT (${compileFilter(field.entity, every, e.inner, sql)})`)}`);
  }
  if (Object.keys(direct).some((k) => direct[k] != null)) parts.push(anyOf(direct));
  if (length) {
    const inner = sql.alias();
    const { from, where } = field.join(alias, inner, sql.alias('p'));
    parts.push(compileComparator('number', `(SELECT count(*) FROM ${from} WHERE ${where} AND ${live(inner)})`, length, sql));
  }
  if (and) parts.push(joinAll((and as Filter[]).map((f) => compileCollection(field, f, alias, sql)), 'AND'));
  if (or) parts.push(joinAll((or as Filter[]).map((f) => compileCollection(field, f, alias, sql)), 'OR'));
  return joinAll(parts, 'AND');
}

/** `searchableContent: {contains}`: the issue's title, description or a comment's body. */
function compileContent(value: Filter, alias: string, sql: Sql): string {
  const parts: string[] = [];
  const text = (needle: unknown) => {
    const p = sql.p(`%${escapeLike(String(needle))}%`);
    const c = sql.alias();
    return `(${col(alias, 'title')} ILIKE ${p} OR ${col(alias, 'description')} ILIKE ${p} OR EXISTS (SELECT 1 FROM comments ${c} WHERE ${c}."issueId" = ${col(alias, 'id')} AND ${c}."archivedAt" IS NULL AND ${c}."body" ILIKE ${p}))`;
  };
  if (value.contains != null) parts.push(text(value.contains));
  if (value.notContains != null) parts.push(`NOT ${text(value.notContains)}`);
  return joinAll(parts, 'AND');
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** One comparator object (`{eq: 2}`, `{containsIgnoreCase: "bug"}`, `{null: true}`) on one SQL expression. */
export function compileComparator(kind: ScalarKind, expr: string, comparator: Filter, sql: Sql): string {
  const parts: string[] = [];
  const v = (x: unknown) => castParam(kind, x, sql);
  const like = (pattern: string, ci: boolean) => `${expr} ${ci ? 'ILIKE' : 'LIKE'} ${sql.p(pattern)}`;
  for (const [op, raw] of Object.entries(comparator)) {
    if (raw === undefined || raw === null) continue;
    const s = typeof raw === 'string' ? escapeLike(raw) : '';
    switch (op) {
      case 'eq': parts.push(`${expr} = ${v(raw)}`); break;
      case 'neq': parts.push(`${expr} IS DISTINCT FROM ${v(raw)}`); break;
      case 'in': parts.push(`${expr} = ANY(${sql.p((raw as unknown[]).map((x) => normalise(kind, x, sql)))}${arrayCast(kind)})`); break;
      case 'nin': parts.push(`NOT (${expr} = ANY(${sql.p((raw as unknown[]).map((x) => normalise(kind, x, sql)))}${arrayCast(kind)}))`); break;
      case 'lt': parts.push(`${expr} < ${v(raw)}`); break;
      case 'lte': parts.push(`${expr} <= ${v(raw)}`); break;
      case 'gt': parts.push(`${expr} > ${v(raw)}`); break;
      case 'gte': parts.push(`${expr} >= ${v(raw)}`); break;
      case 'null': parts.push(raw ? `${expr} IS NULL` : `${expr} IS NOT NULL`); break;
      case 'eqIgnoreCase': parts.push(`lower(${expr}) = lower(${sql.p(raw)})`); break;
      case 'neqIgnoreCase': parts.push(`lower(${expr}) IS DISTINCT FROM lower(${sql.p(raw)})`); break;
      case 'contains': parts.push(like(`%${s}%`, false)); break;
      case 'notContains': parts.push(`NOT ${like(`%${s}%`, false)}`); break;
      case 'containsIgnoreCase': case 'containsIgnoreCaseAndAccent': parts.push(like(`%${s}%`, true)); break;
      case 'notContainsIgnoreCase': parts.push(`NOT ${like(`%${s}%`, true)}`); break;
      case 'startsWith': parts.push(like(`${s}%`, false)); break;
      case 'startsWithIgnoreCase': parts.push(like(`${s}%`, true)); break;
      case 'notStartsWith': parts.push(`NOT ${like(`${s}%`, false)}`); break;
      case 'endsWith': parts.push(like(`%${s}`, false)); break;
      case 'notEndsWith': parts.push(`NOT ${like(`%${s}`, false)}`); break;
      default: throw inputError(`Comparator ${op} is not supported`);
    }
  }
  return joinAll(parts, 'AND');
}

function arrayCast(kind: ScalarKind): string {
  return kind === 'number' ? '::float8[]' : kind === 'date' ? '::timestamptz[]' : kind === 'boolean' ? '::boolean[]' : '::text[]';
}

function castParam(kind: ScalarKind, value: unknown, sql: Sql): string {
  const p = sql.p(normalise(kind, value, sql));
  return kind === 'date' ? `${p}::timestamptz` : kind === 'number' ? `${p}::float8` : kind === 'boolean' ? `${p}::boolean` : p;
}

function normalise(kind: ScalarKind, value: unknown, sql: Sql): unknown {
  if (kind === 'date' && typeof value === 'string') return resolveDate(value, sql.now);
  if (kind === 'timeless' && typeof value === 'string') return resolveDate(value, sql.now).slice(0, 10);
  return value;
}

/**
 * Linear's date comparators take an ISO date or an ISO 8601 duration relative to now (`-P2W` = two weeks ago,
 * `P1D` = tomorrow).
 */
export function resolveDate(value: string, now: number): string {
  const m = /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value);
  if (!m || value === 'P' || value === '-P') {
    const t = Date.parse(value);
    if (Number.isNaN(t)) throw inputError(`Invalid date: ${value}`, `"${value}" is not a valid date or duration.`);
    return new Date(t).toISOString();
  }
  const sign = m[1] ? -1 : 1;
  const [y, mo, w, d, h, mi, s] = m.slice(2).map((x) => Number(x ?? 0));
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() + sign * y, date.getUTCMonth() + sign * mo, date.getUTCDate() + sign * (w * 7 + d));
  date.setTime(date.getTime() + sign * ((h * 60 + mi) * 60 + s) * 1000);
  return date.toISOString();
}
