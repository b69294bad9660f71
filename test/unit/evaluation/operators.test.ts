import { describe, expect, it } from 'vitest';
import { OPERATOR_NAMES, compileCondition, matchesCondition } from '../../../src/evaluation/operators.ts';

const m = (value: unknown, condition: unknown) => matchesCondition(value, condition);

describe('operators', () => {
  it('covers every operator of dsl_schema.json', () => {
    expect([...OPERATOR_NAMES].sort()).toEqual(
      ['contains', 'ends_with', 'eq', 'exists', 'gt', 'gte', 'has_all', 'has_any', 'i_contains', 'i_ends_with', 'i_starts_with',
        'in', 'lt', 'lte', 'ne', 'not_contains', 'not_in', 'regex', 'starts_with'].sort(),
    );
  });

  it('eq is Python ==: 1 == 1.0 == True, deep on objects', () => {
    expect(m(1, { eq: 1.0 })).toBe(true);
    expect(m(true, { eq: 1 })).toBe(true);
    expect(m(1, { eq: true })).toBe(true);
    expect(m('1', { eq: 1 })).toBe(false);
    expect(m({ a: [1, 2] }, { eq: { a: [1, 2] } })).toBe(true);
    expect(m({ a: [1, 2] }, { eq: { a: [2, 1] } })).toBe(false);
    expect(m(null, { eq: null })).toBe(true);
  });

  it('a primitive condition means eq', () => {
    expect(m('C01', 'C01')).toBe(true);
    expect(m('C02', 'C01')).toBe(false);
    expect(m(false, false)).toBe(true);
    expect(m(0, false)).toBe(true);
  });

  it('ne is Python !=', () => {
    expect(m('open', { ne: 'closed' })).toBe(true);
    expect(m(1, { ne: 1.0 })).toBe(false);
    expect(m(null, { ne: 'x' })).toBe(true);
  });

  it('in and not_in use == membership', () => {
    expect(m('U1', { in: ['U1', 'U2'] })).toBe(true);
    expect(m(1, { in: [true] })).toBe(true);
    expect(m('U3', { in: ['U1', 'U2'] })).toBe(false);
    expect(m('U3', { not_in: ['U1', 'U2'] })).toBe(true);
    expect(m('U1', { not_in: ['U1', 'U2'] })).toBe(false);
  });

  it('in and not_in are both false where Python raises TypeError', () => {
    expect(m(1, { in: 'abc' })).toBe(false);
    expect(m(1, { not_in: 'abc' })).toBe(false);
    expect(m('b', { in: 'abc' })).toBe(true); // a string operand is a substring test
  });

  it('contains searches strings, and JSON objects/arrays as compact JSON with \\u escapes', () => {
    expect(m('hello world', { contains: 'world' })).toBe(true);
    expect(m('hello world', { contains: 'World' })).toBe(false);
    expect(m({ dateTime: '2018-06-23T19:30:00', timeZone: 'Europe/Kyiv' }, { contains: '"timeZone":"Europe/Kyiv"' })).toBe(true);
    expect(m({ a: 1 }, { contains: '"a": 1' })).toBe(false); // no space after the colon
    expect(m({ name: 'Zoë' }, { contains: 'Zoë' })).toBe(false); // ë is written \u00eb
    expect(m({ name: 'Zoë' }, { contains: 'Zo\\u00eb' })).toBe(true);
    expect(m(['RRULE:FREQ=WEEKLY'], { contains: 'WEEKLY' })).toBe(true);
  });

  it('contains, not_contains and i_contains are false on values that are neither strings nor JSON', () => {
    expect(m(12345, { contains: '23' })).toBe(false);
    expect(m(null, { contains: '' })).toBe(false);
    expect(m(null, { not_contains: 'x' })).toBe(false);
    expect(m(true, { i_contains: 'true' })).toBe(false);
  });

  it('not_contains', () => {
    expect(m('hello', { not_contains: 'bye' })).toBe(true);
    expect(m('hello', { not_contains: 'ell' })).toBe(false);
    expect(m({ k: 'v' }, { not_contains: '"k"' })).toBe(false);
  });

  it('i_contains ignores case', () => {
    expect(m('Quarterly REPORT', { i_contains: 'report' })).toBe(true);
    expect(m('Quarterly', { i_contains: 'report' })).toBe(false);
    expect(m({ Title: 'X' }, { i_contains: '"title":"x"' })).toBe(true);
  });

  it('starts_with / ends_with and their i_ forms apply to strings only', () => {
    expect(m('Q3 plan', { starts_with: 'Q3' })).toBe(true);
    expect(m('Q3 plan', { starts_with: 'q3' })).toBe(false);
    expect(m('Q3 plan', { i_starts_with: 'q3' })).toBe(true);
    expect(m('notes.md', { ends_with: '.md' })).toBe(true);
    expect(m('notes.MD', { ends_with: '.md' })).toBe(false);
    expect(m('notes.MD', { i_ends_with: '.md' })).toBe(true);
    expect(m(['Q3'], { starts_with: '["' })).toBe(false);
    expect(m(123, { ends_with: '3' })).toBe(false);
  });

  it('regex is re.search, with leading inline flags; non-strings and invalid patterns are false', () => {
    expect(m('DM0001', { regex: '^D' })).toBe(true);
    expect(m('C0001', { regex: '^D' })).toBe(false);
    expect(m('The SUPERCOMPUTER has 2 racks', { regex: '(?i)supercomputer.*\\b2\\b' })).toBe(true);
    expect(m('The SUPERCOMPUTER has 22 racks', { regex: '(?i)supercomputer.*\\b2\\b' })).toBe(false);
    expect(m('anything', { regex: '(unclosed' })).toBe(false);
    expect(m(42, { regex: '4' })).toBe(false);
    expect(m({ a: 'x' }, { regex: 'x' })).toBe(false);
  });

  it('gt / gte / lt / lte order numbers and strings, and are false for pairs Python cannot order', () => {
    expect(m(3, { gt: 2 })).toBe(true);
    expect(m(2, { gt: 2 })).toBe(false);
    expect(m(2, { gte: 2.0 })).toBe(true);
    expect(m(1, { lt: 1.5 })).toBe(true);
    expect(m(2, { lte: 1 })).toBe(false);
    expect(m(true, { gt: 0 })).toBe(true);
    expect(m('a', { lt: 1 })).toBe(false);
    expect(m('a', { gt: 1 })).toBe(false);
    expect(m(null, { lt: 1 })).toBe(false);
    expect(m(null, { gte: 0 })).toBe(false);
    expect(m('2018-06-24', { gt: '2018-06-23' })).toBe(true);
  });

  it('exists: true means not null (a missing field reads as null)', () => {
    expect(m('x', { exists: true })).toBe(true);
    expect(m(0, { exists: true })).toBe(true);
    expect(m(null, { exists: true })).toBe(false);
    expect(m(undefined, { exists: true })).toBe(false);
    expect(m(null, { exists: false })).toBe(true);
    expect(m('', { exists: false })).toBe(false);
  });

  it('has_any / has_all test list members, and substrings on a string', () => {
    expect(m(['urgent', 'q3'], { has_any: ['q3', 'q4'] })).toBe(true);
    expect(m(['urgent'], { has_any: ['q3', 'q4'] })).toBe(false);
    expect(m(['urgent', 'q3'], { has_all: ['q3', 'urgent'] })).toBe(true);
    expect(m(['urgent'], { has_all: ['q3', 'urgent'] })).toBe(false);
    expect(m('budget review', { has_any: ['view', 'zzz'] })).toBe(true);
    expect(m('budget review', { has_all: ['budget', 'zzz'] })).toBe(false);
    expect(m([1], { has_any: [true] })).toBe(true);
  });

  it('has_any / has_all are false on values that are not sequences, and where Python raises', () => {
    expect(m({ q3: 1 }, { has_any: ['q3'] })).toBe(false);
    expect(m(null, { has_all: [] })).toBe(false);
    expect(m('abc', { has_any: [1] })).toBe(false);
    expect(m('abc', { has_all: [] })).toBe(true);
  });

  it('an unknown operator never holds, and {} always holds', () => {
    expect(m('x', { contians: 'x' })).toBe(false);
    expect(m('x', {})).toBe(true);
  });

  it("accepts the Python engine's not_eq spelling of ne", () => {
    expect(m('a', { not_eq: 'b' })).toBe(true);
    expect(m('a', { not_eq: 'a' })).toBe(false);
  });

  it('a condition with several operators needs all of them, as the Python engine reads it', () => {
    const test = compileCondition({ contains: 'a', ends_with: 'z' });
    expect(test('abz')).toBe(true);
    expect(test('abc')).toBe(false);
  });
});
