/**
 * The DSL's operators, with the semantics of Agent-Diff's Python engine (`_matches_predicate`): the registry is the
 * one place that says what each operator accepts (for validation) and what it means (for evaluation).
 */
import { isDict, pyCompare, pyEq, pyIn, pyIterate, pyJsonDumps, pyKind, pyTruthy } from './python.ts';
import { isValidPattern, patternTest } from './patternMatcher.ts';
import { translatePythonRegex } from './pythonRegex.ts';
import type { OperatorName } from './spec.ts';

/** A compiled condition on one value. */
export type Test = (value: unknown) => boolean;

export type OperandKind = 'any' | 'string' | 'number' | 'boolean' | 'array' | 'nonEmptyArray';

export interface OperatorDef {
  /** The operand the DSL schema allows. */
  operand: OperandKind;
  /** Builds the test once; `expected` is whatever the spec holds, valid or not. */
  compile(expected: unknown): Test;
  /** A problem with a well-typed operand (e.g. a pattern that cannot compile), for validation. */
  check?(expected: string): string | undefined;
}

const never: Test = () => false;

/** The text `contains` searches: a string as is, a JSON object or array as Python's compact `json.dumps`. */
function searchableText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  const k = pyKind(v);
  return k === 'list' || k === 'dict' ? pyJsonDumps(v) : undefined;
}

function textTest(match: (text: string, expected: string) => boolean, lower: boolean, expected: unknown): Test {
  if (typeof expected !== 'string') return never;
  const e = lower ? expected.toLowerCase() : expected;
  return (v) => {
    const s = searchableText(v);
    return s !== undefined && match(lower ? s.toLowerCase() : s, e);
  };
}

// starts_with / ends_with only look at strings; JSON values are not serialised for them.
function stringTest(match: (s: string, e: string) => boolean, lower: boolean, expected: unknown): Test {
  if (typeof expected !== 'string') return never;
  const e = lower ? expected.toLowerCase() : expected;
  return (v) => typeof v === 'string' && match(lower ? v.toLowerCase() : v, e);
}

function orderTest(accept: (c: -1 | 0 | 1) => boolean, expected: unknown): Test {
  return (v) => {
    const c = pyCompare(v, expected);
    return c !== undefined && accept(c);
  };
}

/** has_any / has_all: Python `item in value` over `expected or []`, for a value that is a list or a string. */
function membershipTest(all: boolean, expected: unknown): Test {
  const items = pyTruthy(expected) ? pyIterate(expected) : [];
  if (items === undefined) return never; // iterating the operand raises TypeError in Python
  return (v) => {
    if (typeof v !== 'string' && !Array.isArray(v)) return false;
    for (const item of items) {
      const found = pyIn(item, v);
      if (found === undefined) return false; // TypeError, e.g. a number in a string
      if (found !== all) return found;
    }
    return all;
  };
}

export const OPERATORS = {
  eq: { operand: 'any', compile: (e) => (v) => pyEq(v, e) },
  ne: { operand: 'any', compile: (e) => (v) => !pyEq(v, e) },
  in: { operand: 'nonEmptyArray', compile: (e) => (v) => pyIn(v, e) === true },
  // A TypeError (e.g. a list looked up in a dict) makes not_in false too, not true.
  not_in: { operand: 'nonEmptyArray', compile: (e) => (v) => pyIn(v, e) === false },
  contains: { operand: 'string', compile: (e) => textTest((s, x) => s.includes(x), false, e) },
  not_contains: { operand: 'string', compile: (e) => textTest((s, x) => !s.includes(x), false, e) },
  i_contains: { operand: 'string', compile: (e) => textTest((s, x) => s.includes(x), true, e) },
  starts_with: { operand: 'string', compile: (e) => stringTest((s, x) => s.startsWith(x), false, e) },
  ends_with: { operand: 'string', compile: (e) => stringTest((s, x) => s.endsWith(x), false, e) },
  i_starts_with: { operand: 'string', compile: (e) => stringTest((s, x) => s.startsWith(x), true, e) },
  i_ends_with: { operand: 'string', compile: (e) => stringTest((s, x) => s.endsWith(x), true, e) },
  regex: {
    operand: 'string',
    compile: (e) => {
      // Bounded whatever the pattern and the text (patternMatcher.ts).
      return typeof e === 'string' && isValidPattern('python', e) ? (v) => typeof v === 'string' && patternTest('python', e, v) === true : never;
    },
    check: (e) => {
      const t = translatePythonRegex(e);
      return t.ok ? undefined : `pattern cannot be compiled (${t.error}); it would never match`;
    },
  },
  gt: { operand: 'number', compile: (e) => orderTest((c) => c > 0, e) },
  gte: { operand: 'number', compile: (e) => orderTest((c) => c >= 0, e) },
  lt: { operand: 'number', compile: (e) => orderTest((c) => c < 0, e) },
  lte: { operand: 'number', compile: (e) => orderTest((c) => c <= 0, e) },
  exists: {
    operand: 'boolean',
    compile: (e) => {
      const want = pyTruthy(e);
      return (v) => (v !== null && v !== undefined) === want;
    },
  },
  has_any: { operand: 'array', compile: (e) => membershipTest(false, e) },
  has_all: { operand: 'array', compile: (e) => membershipTest(true, e) },
} satisfies Record<OperatorName, OperatorDef>;

export const OPERATOR_NAMES = Object.keys(OPERATORS) as OperatorName[];

/** Spellings the Python engine also evaluates, though the DSL schema rejects them. */
const ALIASES: Record<string, OperatorName> = { not_eq: 'ne' };

const hasOwn = Object.prototype.hasOwnProperty;

export function isOperatorName(name: string): name is OperatorName {
  return hasOwn.call(OPERATORS, name);
}

export function operatorDef(name: OperatorName): OperatorDef {
  return OPERATORS[name];
}

function compileOperator(name: string, expected: unknown): Test {
  const op = isOperatorName(name) ? name : hasOwn.call(ALIASES, name) ? ALIASES[name] : undefined;
  return op ? OPERATORS[op].compile(expected) : never;
}

/**
 * Compiles a field condition: a primitive (or array) means `eq`, an object holds operators that must all hold
 * (the schema allows one), and `{}` holds for anything.
 */
export function compileCondition(condition: unknown): Test {
  if (!isDict(condition)) return OPERATORS.eq.compile(condition);
  const tests = Object.keys(condition).map((name) => compileOperator(name, condition[name]));
  if (tests.length === 1) return tests[0];
  if (tests.length === 0) return () => true;
  return (v) => tests.every((t) => t(v));
}

/** One-off convenience; evaluation compiles conditions once per spec instead. */
export function matchesCondition(value: unknown, condition: unknown): boolean {
  return compileCondition(condition)(value);
}
