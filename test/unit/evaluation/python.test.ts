import { describe, expect, it } from 'vitest';
import { pyCompare, pyEq, pyIn, pyJsonDumps, pyTruthy } from '../../../src/evaluation/python.ts';

describe('pyEq (Python ==)', () => {
  it('treats 1, 1.0 and True as equal, and 0 and False', () => {
    expect(pyEq(1, 1.0)).toBe(true);
    expect(pyEq(1, true)).toBe(true);
    expect(pyEq(true, 1)).toBe(true);
    expect(pyEq(0, false)).toBe(true);
    expect(pyEq(2, true)).toBe(false);
  });

  it('never equates a string with a number, or None with anything else', () => {
    expect(pyEq('1', 1)).toBe(false);
    expect(pyEq(null, 0)).toBe(false);
    expect(pyEq(null, false)).toBe(false);
    expect(pyEq(undefined, null)).toBe(true);
  });

  it('compares lists element-wise and dicts regardless of key order', () => {
    expect(pyEq([1, 'a', [true]], [1.0, 'a', [1]])).toBe(true);
    expect(pyEq([1, 2], [2, 1])).toBe(false);
    expect(pyEq({ a: 1, b: [2] }, { b: [2], a: true })).toBe(true);
    expect(pyEq({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(pyEq([1], { 0: 1 })).toBe(false);
  });

  it('keeps NaN unequal to itself and compares bigints exactly', () => {
    expect(pyEq(NaN, NaN)).toBe(false);
    expect(pyEq(10n, 10)).toBe(true);
    expect(pyEq(10n, 10.5)).toBe(false);
  });
});

describe('pyCompare (Python ordering)', () => {
  it('orders numbers and bools together, and strings by code point', () => {
    expect(pyCompare(2, 1.5)).toBe(1);
    expect(pyCompare(true, 0)).toBe(1);
    expect(pyCompare('a', 'b')).toBe(-1);
    expect(pyCompare('2018-06-23', '2018-06-23')).toBe(0);
    // U+FF5E is below U+1F600 as a code point, though its UTF-16 unit is above the surrogate.
    expect(pyCompare('\uff5e', '😀')).toBe(-1);
  });

  it('cannot order a string and a number, or anything and None, or dicts', () => {
    expect(pyCompare('a', 1)).toBeUndefined();
    expect(pyCompare(1, null)).toBeUndefined();
    expect(pyCompare(null, null)).toBeUndefined();
    expect(pyCompare({}, {})).toBeUndefined();
  });

  it('orders lists lexicographically, failing where the first differing items cannot be ordered', () => {
    expect(pyCompare([1, 2], [1, 3])).toBe(-1);
    expect(pyCompare([1, 2], [1])).toBe(1);
    expect(pyCompare([1, 'a'], [1, 'a'])).toBe(0);
    expect(pyCompare([1, 'a'], [1, 2])).toBeUndefined();
  });
});

describe('pyTruthy', () => {
  it('follows bool()', () => {
    expect([null, false, 0, '', [], {}].map(pyTruthy)).toEqual([false, false, false, false, false, false]);
    expect([true, 1, 'x', [0], { a: 0 }].map(pyTruthy)).toEqual([true, true, true, true, true]);
  });
});

describe('pyIn (Python in)', () => {
  it('tests list membership with ==, substrings in strings, and keys in dicts', () => {
    expect(pyIn(1, ['1', true])).toBe(true);
    expect(pyIn('b', 'abc')).toBe(true);
    expect(pyIn('k', { k: 1 })).toBe(true);
    expect(pyIn(1, { 1: 'x' })).toBe(false);
  });

  it('reports a TypeError as undefined', () => {
    expect(pyIn(1, 'abc')).toBeUndefined();
    expect(pyIn(['a'], { a: 1 })).toBeUndefined();
    expect(pyIn('a', null)).toBeUndefined();
    expect(pyIn('a', 5)).toBeUndefined();
  });
});

describe('pyJsonDumps (json.dumps with compact separators)', () => {
  it('writes compact JSON in insertion order', () => {
    expect(pyJsonDumps({ b: 1, a: [true, null, 'x'] })).toBe('{"b":1,"a":[true,null,"x"]}');
  });

  it('escapes everything outside printable ASCII as \\uXXXX, astral characters as surrogate pairs', () => {
    expect(pyJsonDumps({ name: 'Zoë 😀\x7f' })).toBe('{"name":"Zo\\u00eb \\ud83d\\ude00\\u007f"}');
    expect(pyJsonDumps('tab\tquote"back\\')).toBe('"tab\\tquote\\"back\\\\"');
    expect(pyJsonDumps('\x01')).toBe('"\\u0001"');
  });

  it('writes floats as Python repr does', () => {
    expect(pyJsonDumps([1.5, 1e-5, 0.0001, 2.5e-7, -0.5, 1234.5678])).toBe('[1.5,1e-05,0.0001,2.5e-07,-0.5,1234.5678]');
  });

  it('writes integral numbers as ints, with every digit', () => {
    expect(pyJsonDumps([3, 1e21, 12345678901234567890n])).toBe('[3,1000000000000000000000,12345678901234567890]');
  });
});
