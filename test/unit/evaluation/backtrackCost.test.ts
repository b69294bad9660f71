import { describe, expect, it } from 'vitest';
import { backtrackCost, longestTextWithin } from '../../../src/evaluation/backtrackCost.ts';
import { patternTest, withBoundedPatterns } from '../../../src/evaluation/index.ts';
import { translatePythonRegex } from '../../../src/evaluation/pythonRegex.ts';

const js = (python: string) => {
  const t = translatePythonRegex(python);
  if (!t.ok) throw new Error(t.error);
  return t;
};

describe('a bound on backtracking work, so RegExp runs inline only where it cannot blow up', () => {
  it('knows no bound for patterns that can backtrack exponentially', () => {
    for (const p of ['^(a+)+$', '(a|a)*b', '(a*)*', '^(?=(a+)+$)', '(\\w+\\s?)+$', '((ab)*)+', '(a|b|ab)*c']) {
      const t = js(p);
      expect(backtrackCost(t.source, t.flags), p).toBeNull();
    }
  });

  it('bounds the suites’ usual patterns by a polynomial in the text’s length', () => {
    const constant = js('(?i)jonah|<@U07JONAH>');
    const quadratic = js('(?i)prep.*Kenji');
    const cubic = js('a.*b.*c');
    const c = backtrackCost(constant.source, constant.flags)!;
    const q = backtrackCost(quadratic.source, quadratic.flags)!;
    const k = backtrackCost(cubic.source, cubic.flags)!;
    expect(c(1000) / c(100)).toBeLessThan(11); // linear in the starts
    expect(q(1000) / q(100)).toBeGreaterThan(50);
    expect(q(1000) / q(100)).toBeLessThan(110);
    expect(k(1000) / k(100)).toBeGreaterThan(500);
    expect(longestTextWithin(q, 2_000_000)).toBeGreaterThan(280); // a long Slack message runs inline
    expect(longestTextWithin(q, 2_000_000)).toBeLessThan(2_000);
    expect(q(longestTextWithin(q, 2_000_000))).toBeLessThanOrEqual(2_000_000);
    expect(q(longestTextWithin(q, 2_000_000) + 1)).toBeGreaterThan(2_000_000);
    expect(longestTextWithin(null, 2_000_000)).toBe(-1);
    // bounded repetition of a bounded choice stays bounded
    const bounded = js('3,?213(\\.50?)?\\b');
    expect(backtrackCost(bounded.source, bounded.flags)).not.toBeNull();
  });

  it('gives the same answers whichever engine the bound picks: short texts inline, long ones linear or in the worker', async () => {
    const long = 'prep '.repeat(20_000) + 'for Kenji';
    const cases: [string, string, boolean][] = [
      ['(?i)prep.*Kenji', 'PREP for kenji', true],
      ['(?i)prep.*Kenji', long, true],
      ['(?i)prep.*Kenji', long.slice(0, -5), false],
      ['^(?!.*recieved).*received', 'we received it', true],
      ['^(?!.*recieved).*received', 'recieved, ' + 'x'.repeat(50_000) + ' received', false],
      ['(a)\\1', 'xaa', true],
    ];
    const { value, expensive } = await withBoundedPatterns(() => cases.map(([p, text]) => patternTest('python', p, text)));
    expect(value).toEqual(cases.map((c) => c[2]));
    expect(expensive).toEqual([]);
  });
});
