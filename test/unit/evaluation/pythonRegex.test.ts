import { describe, expect, it } from 'vitest';
import { compilePythonRegex, translatePythonRegex } from '../../../src/evaluation/pythonRegex.ts';

/** re.search(pattern, text) is not None, as the translation runs it. */
function search(pattern: string, text: string): boolean {
  const re = compilePythonRegex(pattern);
  if (!re) throw new Error(`pattern did not compile: ${pattern}`);
  return re.test(text);
}

describe('compilePythonRegex', () => {
  it('applies leading inline flags (?i), (?s) and (?si)', () => {
    expect(search('(?i)exploration', 'Space EXPLORATION')).toBe(true);
    expect(search('exploration', 'Space EXPLORATION')).toBe(false);
    expect(search('(?s)a.b', 'a\nb')).toBe(true);
    expect(search('a.b', 'a\nb')).toBe(false);
    expect(search('(?si)FIELD.report', 'field\nReport')).toBe(true);
  });

  it('runs the lookahead patterns of the published suites', () => {
    const p = '(?s)(?=.*Lagos)(?=.*Warsaw)(?=.*Paris)Tokyo.*Kolkata.*Los_Angeles';
    expect(search(p, 'Tokyo,\nKolkata, Los_Angeles, Lagos, Warsaw, Paris')).toBe(true);
    // The lookaheads hold at Tokyo, so Paris must come after it.
    expect(search(p, 'Paris, Tokyo,\nKolkata, Los_Angeles, Lagos, Warsaw')).toBe(false);
    expect(search(p, 'Tokyo, Kolkata, Los_Angeles, Lagos, Warsaw')).toBe(false);
  });

  it('keeps Python meanings where JS differs', () => {
    expect(search('a.b', 'a\rb')).toBe(true); // Python's . excludes only \n
    expect(search('a$', 'a\n')).toBe(true); // $ also matches before a final newline
    expect(search('(?m)^b', 'a\rb')).toBe(false); // MULTILINE breaks lines only at \n
    expect(search('\\bé\\b', 'x é y')).toBe(true); // Unicode word boundaries
    expect(search('\\d', '٣')).toBe(true); // Unicode digits
    expect(search('\\s', '\x1c')).toBe(true); // str.isspace() whitespace
    expect(search('(?a)\\w', 'é')).toBe(false);
  });

  it('translates Python-only syntax', () => {
    expect(search('(?P<w>ab)(?P=w)', 'abab')).toBe(true);
    expect(search('a{,2}b', 'aab')).toBe(true);
    expect(search('x{', 'x{')).toBe(true); // a { that is no repeat is a literal
    expect(search('[]a]', ']')).toBe(true); // ] first in a class is a literal
    expect(search('(?x) a  b  # comment', 'ab')).toBe(true);
    expect(search('(?i:A)b', 'ab')).toBe(true);
    expect(search('(?i:A)b', 'aB')).toBe(false);
    expect(search('(?>a+)b', 'aab')).toBe(true);
    expect(search('a++a', 'aaa')).toBe(false); // possessive: gives nothing back
  });

  it('returns null for patterns Python rejects', () => {
    for (const p of ['(', 'a)', '[a', '\\q', 'a|(?i)b', '*a', '(?<name>a)', 'a\\1', '(?L)a']) {
      expect(compilePythonRegex(p), p).toBeNull();
    }
  });

  it('says why a pattern is rejected', () => {
    const t = translatePythonRegex('a(?i)b');
    expect(t.ok).toBe(false);
    if (!t.ok) expect(t.error).toMatch(/global flags not at the start/);
  });

  it('compiles each distinct pattern once', () => {
    expect(compilePythonRegex('^D')).toBe(compilePythonRegex('^D'));
  });
});
