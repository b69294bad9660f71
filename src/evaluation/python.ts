/**
 * Python value semantics that Agent-Diff's published verdicts depend on (its engine is Python): `==`, ordering,
 * truthiness, `in`, and `json.dumps(value, separators=(",", ":"))`. Values are JSON values as they reach the
 * evaluation; a JS number stands for both Python int and float, a boolean for bool, an array for list and a plain
 * object for dict.
 */

export type PyKind = 'none' | 'bool' | 'number' | 'str' | 'list' | 'dict' | 'other';

export function pyKind(v: unknown): PyKind {
  if (v === null || v === undefined) return 'none';
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'number':
    case 'bigint':
      return 'number';
    case 'string':
      return 'str';
    case 'object':
      return Array.isArray(v) ? 'list' : 'dict';
    default:
      return 'other';
  }
}

export function isDict(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const hasOwn = Object.prototype.hasOwnProperty;

/** Python `a == b`: deep for lists and dicts, numeric across bool/int/float (`1 == 1.0 == True`). */
export function pyEq(a: unknown, b: unknown): boolean {
  if (a === b) return a === a; // NaN != NaN, as in Python
  const ka = pyKind(a);
  const kb = pyKind(b);
  if (ka === 'bool' || ka === 'number') {
    return (kb === 'bool' || kb === 'number') && numericEq(a as number | bigint | boolean, b as number | bigint | boolean);
  }
  if (ka !== kb) return false;
  switch (ka) {
    case 'none':
      return true;
    case 'list': {
      const x = a as unknown[];
      const y = b as unknown[];
      if (x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) if (!pyEq(x[i], y[i])) return false;
      return true;
    }
    case 'dict': {
      const x = a as Record<string, unknown>;
      const y = b as Record<string, unknown>;
      let n = 0;
      for (const k in x) {
        if (!hasOwn.call(x, k)) continue;
        n++;
        if (!hasOwn.call(y, k) || !pyEq(x[k], y[k])) return false;
      }
      for (const k in y) if (hasOwn.call(y, k)) n--;
      return n === 0;
    }
    default:
      return false; // strings are equal only when ===
  }
}

function numericEq(a: number | bigint | boolean, b: number | bigint | boolean): boolean {
  const x = typeof a === 'boolean' ? Number(a) : a;
  const y = typeof b === 'boolean' ? Number(b) : b;
  if (typeof x === 'bigint' && typeof y === 'number') return Number.isInteger(y) && x === BigInt(y);
  if (typeof x === 'number' && typeof y === 'bigint') return Number.isInteger(x) && BigInt(x) === y;
  return x === y;
}

function toNumeric(v: number | bigint | boolean): number | bigint {
  return typeof v === 'boolean' ? Number(v) : v;
}

/**
 * Python ordering: the sign of `a - b` (-1, 0, 1), or `undefined` where Python raises TypeError (a string and a
 * number, anything and None, dicts) or the comparison is false both ways (NaN). Lists compare lexicographically.
 */
export function pyCompare(a: unknown, b: unknown): -1 | 0 | 1 | undefined {
  const ka = pyKind(a);
  const kb = pyKind(b);
  if ((ka === 'number' || ka === 'bool') && (kb === 'number' || kb === 'bool')) {
    const x = toNumeric(a as number | bigint | boolean);
    const y = toNumeric(b as number | bigint | boolean);
    if (typeof x === 'number' && Number.isNaN(x)) return undefined;
    if (typeof y === 'number' && Number.isNaN(y)) return undefined;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (ka === 'str' && kb === 'str') return compareCodePoints(a as string, b as string);
  if (ka === 'list' && kb === 'list') {
    const x = a as unknown[];
    const y = b as unknown[];
    const n = Math.min(x.length, y.length);
    for (let i = 0; i < n; i++) {
      if (!pyEq(x[i], y[i])) return pyCompare(x[i], y[i]);
    }
    return x.length < y.length ? -1 : x.length > y.length ? 1 : 0;
  }
  return undefined;
}

/** Python compares strings by code point; JS `<` compares UTF-16 units, which differs above U+FFFF. */
function compareCodePoints(a: string, b: string): -1 | 0 | 1 {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) < codePointRank(y) ? -1 : 1;
  }
  return a.length < b.length ? -1 : 1;
}

// Surrogates (D800–DFFF) encode code points above every BMP unit, so they rank after E000–FFFF.
function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}

/** Python `bool(v)`. */
export function pyTruthy(v: unknown): boolean {
  switch (pyKind(v)) {
    case 'none':
      return false;
    case 'bool':
      return v as boolean;
    case 'number':
      return typeof v === 'bigint' ? v !== 0n : v !== 0 && !Number.isNaN(v as number);
    case 'str':
      return (v as string).length > 0;
    case 'list':
      return (v as unknown[]).length > 0;
    case 'dict':
      for (const k in v as object) if (hasOwn.call(v, k)) return true;
      return false;
    default:
      return true;
  }
}

/**
 * Python `item in container`: `true`/`false`, or `undefined` where Python raises TypeError (a non-string in a
 * string, an unhashable key in a dict, a container that is not one).
 */
export function pyIn(item: unknown, container: unknown): boolean | undefined {
  switch (pyKind(container)) {
    case 'list':
      for (const x of container as unknown[]) if (pyEq(item, x)) return true;
      return false;
    case 'str':
      return typeof item === 'string' ? (container as string).includes(item) : undefined;
    case 'dict': {
      const k = pyKind(item);
      if (k === 'list' || k === 'dict') return undefined;
      // JSON object keys are strings, and a Python str never equals a number, bool or None.
      return k === 'str' && hasOwn.call(container, item as string);
    }
    default:
      return undefined;
  }
}

/** What `for x in v` yields in Python, or `undefined` where iterating raises TypeError. */
export function pyIterate(v: unknown): readonly unknown[] | undefined {
  switch (pyKind(v)) {
    case 'list':
      return v as unknown[];
    case 'str':
      return Array.from(v as string);
    case 'dict':
      return Object.keys(v as object);
    default:
      return undefined;
  }
}

/**
 * `json.dumps(v, separators=(",", ":"))` with Python's defaults: `ensure_ascii` (every character outside
 * U+0020–U+007E written `\uXXXX`, lower-case hex, astral characters as surrogate pairs), keys in insertion order,
 * floats as `repr` writes them.
 */
export function pyJsonDumps(v: unknown): string {
  switch (pyKind(v)) {
    case 'none':
      return 'null';
    case 'bool':
      return v ? 'true' : 'false';
    case 'number':
      return pyNumberRepr(v as number | bigint);
    case 'str':
      return pyJsonString(v as string);
    case 'list':
      return '[' + (v as unknown[]).map(pyJsonDumps).join(',') + ']';
    case 'dict': {
      const parts: string[] = [];
      for (const k in v as object) {
        if (hasOwn.call(v, k)) parts.push(pyJsonString(k) + ':' + pyJsonDumps((v as Record<string, unknown>)[k]));
      }
      return '{' + parts.join(',') + '}';
    }
    default:
      return pyJsonString(String(v));
  }
}

const NON_PRINTABLE_ASCII = /[^\x20-\x7e]/g;
const NEEDS_NO_ESCAPE = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function pyJsonString(s: string): string {
  if (NEEDS_NO_ESCAPE.test(s)) return '"' + s + '"';
  // JSON.stringify already escapes `"`, `\` and C0 controls exactly as Python does; the rest is ensure_ascii.
  return JSON.stringify(s).replace(NON_PRINTABLE_ASCII, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

/**
 * A JSON number as Python prints it after `json.loads`: integral values are ints (all digits), others are floats in
 * `repr` form (`1e-05`, `1e+16`). `1.0` cannot be told from `1` once JSON is parsed in JS, so it prints as `1`.
 */
function pyNumberRepr(n: number | bigint): string {
  if (typeof n === 'bigint') return n.toString();
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : n > 0 ? 'Infinity' : '-Infinity';
  if (Number.isInteger(n)) return Object.is(n, -0) ? '0' : BigInt(n).toString();
  const [mantissa, exp] = n.toExponential().split('e');
  const e = Number(exp);
  if (e >= -4 && e < 16) return String(n); // JS and repr agree on positional form in this range
  const sign = e < 0 ? '-' : '+';
  return mantissa + 'e' + sign + String(Math.abs(e)).padStart(2, '0');
}
