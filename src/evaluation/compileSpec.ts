import { compileCondition, type Test } from './operators.ts';
import { isDict } from './python.ts';
import type { Assertion, AssertionSpec, IgnoreFields } from './spec.ts';

export type RowKind = 'insert' | 'update' | 'delete';

const KIND_OF: Record<string, RowKind> = { added: 'insert', removed: 'delete', changed: 'update' };

export type CountRule =
  | { kind: 'atLeastOne' }
  | { kind: 'exact'; n: number }
  | { kind: 'range'; min?: number; max?: number }
  | { kind: 'invalid'; text: string };

export interface CompiledCondition {
  key: string;
  path: string[];
  test: Test;
}

export interface CompiledChange {
  field: string;
  from?: Test;
  to?: Test;
}

export interface CompiledAssertion {
  index: number;
  source: Assertion;
  /** The part of the diff the assertion reads; undefined for an unknown diff_type. */
  kind: RowKind | undefined;
  table: string;
  /** Set when the entity is written `service.table`. */
  service?: string;
  where: CompiledCondition[];
  changes: CompiledChange[];
  expectedFields: ReadonlySet<string>;
  /** global + entity + the assertion's own ignore list. */
  ignore: ReadonlySet<string>;
  count: CountRule;
  /** False when the count admits no row (`0`, `{max: 0}`): such an assertion forbids rows, it explains none. */
  permitsRows: boolean;
}

export interface CompiledSpec {
  assertions: CompiledAssertion[];
  strict: boolean;
  /** Fields left out of change detection for a table, apart from any assertion's own list. */
  ignoreFor(table: string, service?: string): ReadonlySet<string>;
}

/**
 * Normalises a spec as Agent-Diff's DSLCompiler does (a primitive condition means `eq`, a bare expected change
 * means `{to: eq}`) and compiles every condition once. Never throws, whatever the spec holds.
 */
export function compileSpec(spec: AssertionSpec, extraIgnore?: IgnoreFields): CompiledSpec {
  const ignoreFields = mergeIgnore(isDict(spec.ignore_fields) ? spec.ignore_fields : undefined, extraIgnore);
  const global = ignoreFields.get('global') ?? [];
  const cache = new Map<string, ReadonlySet<string>>();
  const ignoreFor = (table: string, service?: string): ReadonlySet<string> => {
    const cacheKey = service === undefined ? table : `${service}.${table}`;
    let set = cache.get(cacheKey);
    if (!set) {
      set = new Set([
        ...global,
        ...(ignoreFields.get(table) ?? []),
        ...(service !== undefined ? ignoreFields.get(`${service}.${table}`) ?? [] : []),
      ]);
      cache.set(cacheKey, set);
    }
    return set;
  };
  const list = Array.isArray(spec.assertions) ? spec.assertions : [];
  return {
    assertions: list.map((a, i) => compileAssertion(a, i, ignoreFor)),
    // Agent-Diff reads `bool(spec.get("strict", True))`.
    strict: spec.strict === undefined ? true : Boolean(spec.strict),
    ignoreFor,
  };
}

function compileAssertion(
  raw: unknown,
  index: number,
  ignoreFor: (table: string, service?: string) => ReadonlySet<string>,
): CompiledAssertion {
  const a = (isDict(raw) ? raw : {}) as Partial<Assertion> & Record<string, unknown>;
  const entity = typeof a.entity === 'string' ? a.entity : '';
  const dot = entity.indexOf('.');
  const table = dot < 0 ? entity : entity.slice(dot + 1);
  const service = dot < 0 ? undefined : entity.slice(0, dot);
  const kind = typeof a.diff_type === 'string' && Object.hasOwn(KIND_OF, a.diff_type) ? KIND_OF[a.diff_type] : undefined;
  const where = isDict(a.where)
    ? Object.keys(a.where).map((key) => ({ key, path: key.split('.'), test: compileCondition(a.where![key]) }))
    : [];
  // Agent-Diff normalises expected_changes only for `changed`; elsewhere they are not read.
  const changes = kind === 'update' && isDict(a.expected_changes) ? compileChanges(a.expected_changes) : [];
  // The Python engine also reads an assertion-level `ignore_fields` list (the schema only allows `ignore`).
  const own = Array.isArray(a.ignore_fields) ? a.ignore_fields : Array.isArray(a.ignore) ? a.ignore : [];
  const base = ignoreFor(table, service);
  const ignore = own.length > 0 ? new Set([...base, ...own.filter((f): f is string => typeof f === 'string')]) : base;
  const count = countRule(a.expected_count);
  return {
    index,
    source: raw as Assertion,
    kind,
    table,
    service,
    where,
    changes,
    expectedFields: new Set(changes.map((c) => c.field)),
    ignore,
    count,
    permitsRows: !(
      (count.kind === 'exact' && count.n === 0) ||
      (count.kind === 'range' && count.max !== undefined && count.max <= 0)
    ),
  };
}

function compileChanges(changes: Record<string, unknown>): CompiledChange[] {
  return Object.keys(changes).map((field) => {
    const spec = changes[field];
    if (!isDict(spec)) return { field, to: compileCondition(spec) };
    const out: CompiledChange = { field };
    // A key that is present counts even when its value is null: `{from: null}` means "was null".
    if ('from' in spec) out.from = compileCondition(spec.from);
    if ('to' in spec) out.to = compileCondition(spec.to);
    return out;
  });
}

function countRule(expected: unknown): CountRule {
  if (expected === undefined || expected === null) return { kind: 'atLeastOne' };
  // Python's isinstance(x, int) is true for bools too.
  if (typeof expected === 'boolean') return { kind: 'exact', n: Number(expected) };
  if (typeof expected === 'number') {
    return Number.isInteger(expected) ? { kind: 'exact', n: expected } : { kind: 'invalid', text: String(expected) };
  }
  if (isDict(expected)) {
    const bound = (v: unknown) => (v === undefined || v === null ? undefined : typeof v === 'number' ? v : NaN);
    const min = bound(expected.min);
    const max = bound(expected.max);
    if (Number.isNaN(min) || Number.isNaN(max)) return { kind: 'invalid', text: JSON.stringify(expected) };
    return { kind: 'range', min, max };
  }
  return { kind: 'invalid', text: JSON.stringify(expected) ?? String(expected) };
}

function mergeIgnore(...parts: (IgnoreFields | undefined)[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of parts) {
    if (!part) continue;
    for (const key of Object.keys(part)) {
      const fields = part[key];
      if (!Array.isArray(fields)) continue;
      out.set(key, [...(out.get(key) ?? []), ...fields.filter((f) => typeof f === 'string')]);
    }
  }
  return out;
}
