/**
 * The Agent-Diff assertion DSL (v0.1, `dsl_schema.json`): types, and `validateSpec`, which reports every bad field
 * with its JSON path. Operators are defined in `operators.ts`; the checks live one per file in `specRules/`.
 */
import { specifiedRules } from './specRules/index.ts';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type Primitive = string | number | boolean | null;

/** Each operator and the operand the DSL schema gives it. */
export interface Operands {
  eq: JsonValue;
  ne: JsonValue;
  contains: string;
  not_contains: string;
  i_contains: string;
  in: JsonValue[];
  not_in: JsonValue[];
  gt: number;
  gte: number;
  lt: number;
  lte: number;
  exists: boolean;
  starts_with: string;
  ends_with: string;
  i_starts_with: string;
  i_ends_with: string;
  regex: string;
  has_any: JsonValue[];
  has_all: JsonValue[];
}

export type OperatorName = keyof Operands;

/** A condition on one field: exactly one operator, e.g. `{ "contains": "hello" }`. */
export type Predicate = { [K in OperatorName]: { [P in K]: Operands[P] } }[OperatorName];

/** A field condition as written: a predicate, or a primitive meaning `eq`. */
export type Condition = Predicate | Primitive;

export type DiffType = 'added' | 'removed' | 'changed';

export interface ChangeExpectation {
  from?: Condition;
  to?: Condition;
}

export type ExpectedCount = number | { min?: number; max?: number };

export interface Assertion {
  diff_type: DiffType;
  /** A table name, or `service.table` where several services share a table name. */
  entity: string;
  /** Field → condition; dotted keys (`start.dateTime`) read into JSON columns. */
  where?: Record<string, Condition>;
  /** Exact, or a range; without it at least one row must match. */
  expected_count?: ExpectedCount;
  /** For `changed`: field → expectation; a bare value means `{ to: value }`. */
  expected_changes?: Record<string, ChangeExpectation | Primitive>;
  /** More fields to leave out of change detection, for this assertion only. */
  ignore?: string[];
  description?: string;
}

/** `global` applies to every entity; any other key names an entity. */
export interface IgnoreFields {
  global?: string[];
  [entity: string]: string[] | undefined;
}

export interface Aggregate {
  fn: 'sum' | 'avg' | 'min' | 'max' | 'count';
  field: string;
  op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'between';
  value: number | [number, number];
}

export interface AssertionSpec {
  assertions: Assertion[];
  ignore_fields?: IgnoreFields;
  /** Default true: a matched changed row must not change fields beyond its expected_changes. */
  strict?: boolean;
  version?: '0.1';
  scenario?: string;
  task?: string;
  /** Part of the schema; Agent-Diff's engine does not evaluate them, and neither does DiffLab. */
  aggregates?: Aggregate[];
}

/** One bad field: its JSON path (`$.assertions[2].where.channel_id.contians`) and what is wrong. */
export interface SpecIssue {
  path: string;
  message: string;
}

/** Checks a spec against the DSL; returns one issue per bad field, never throws. */
export function validateSpec(value: unknown): SpecIssue[] {
  const issues: SpecIssue[] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [{ path: '$', message: `a spec must be an object {assertions, ignore_fields?, strict?}, got ${describe(value)}` }];
  }
  const context = { report: (path: string, message: string) => void issues.push({ path, message }) };
  for (const rule of specifiedRules) rule(value as Record<string, unknown>, context);
  return issues;
}

function describe(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
}
