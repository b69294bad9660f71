import { RegExpParser, type AST } from '@eslint-community/regexpp';

/**
 * An upper bound on the work a backtracking engine (JavaScript's RegExp) can do testing a pattern against a text of
 * length n, or null when no polynomial bound is known (a quantifier around something with more than one way to
 * match, such as `(a+)+` or `(a|a)*`, can take exponential time).
 *
 * The bound counts the ways a match attempt can go: an alternation multiplies by its branches, a quantifier by its
 * iteration counts (at most n + 1 when unbounded, and only around an element with one way to match), lookarounds by
 * their own ways; every way costs at most the pattern's size, and a search tries every start. Evaluation runs a
 * pattern natively when this bound is small for the text at hand, which is as fast as RegExp, and otherwise in
 * linear time or in a stoppable worker (`patternMatcher.ts`).
 */
export type CostBound = (n: number) => number;

/** ways ≤ coef × (n + 1)^deg */
interface Ways {
  coef: number;
  deg: number;
}

const ONE: Ways = { coef: 1, deg: 0 };
const times = (a: Ways, b: Ways): Ways => ({ coef: a.coef * b.coef, deg: a.deg + b.deg });
const plus = (a: Ways, b: Ways): Ways => ({ coef: a.coef + b.coef, deg: Math.max(a.deg, b.deg) });
const isOne = (w: Ways) => w.deg === 0 && w.coef === 1;

const parser = new RegExpParser({ ecmaVersion: 2025 });

export function backtrackCost(source: string, flags: string): CostBound | null {
  if (flags.includes('v')) return null; // class string disjunctions can backtrack; the project's patterns never use `v`
  let pattern: AST.Pattern;
  try {
    pattern = parser.parsePattern(source, 0, source.length, { unicode: flags.includes('u') });
  } catch {
    return null;
  }
  let size = 0;
  let backreferences = 0;
  let unbounded = 0;
  const alternatives = (alts: AST.Alternative[]): Ways | null => {
    let sum: Ways | null = null;
    for (const alt of alts) {
      let product = ONE;
      for (const el of alt.elements) {
        const w = element(el);
        if (!w) return null;
        product = times(product, w);
      }
      sum = sum ? plus(sum, product) : product;
    }
    return sum ?? ONE;
  };
  const element = (el: AST.Element): Ways | null => {
    size++;
    switch (el.type) {
      case 'Character':
      case 'CharacterSet':
      case 'CharacterClass':
      case 'ExpressionCharacterClass':
        return ONE;
      case 'Backreference':
        backreferences++;
        return ONE;
      case 'Assertion':
        return el.kind === 'lookahead' || el.kind === 'lookbehind' ? alternatives(el.alternatives) : ONE;
      case 'Group':
      case 'CapturingGroup':
        return alternatives(el.alternatives);
      case 'Quantifier': {
        const inner = element(el.element);
        if (!inner) return null;
        if (el.max === Infinity) {
          unbounded++;
          return isOne(inner) ? { coef: 1, deg: 1 } : null;
        }
        // Σ_{i ≤ max} inner^i ≤ (max + 1) · inner^max
        return { coef: (el.max + 1) * inner.coef ** el.max, deg: inner.deg * el.max };
      }
    }
  };
  const ways = alternatives(pattern.alternatives);
  if (!ways || !Number.isFinite(ways.coef)) return null;
  // A backreference compares up to n characters; a quantifier's greedy run is paid back by the ways it then tries.
  return (n) => (n + 1) * (ways.coef * (n + 1) ** ways.deg * (size + 2 + backreferences * n) + (unbounded ? n : 0));
}

/** The longest text a bound keeps within `budget` (-1 when there is no bound, or not even an empty text fits). */
export function longestTextWithin(bound: CostBound | null, budget: number): number {
  if (!bound || bound(0) > budget) return -1;
  let lo = 0;
  let hi = 1;
  while (hi < 1 << 30 && bound(hi) <= budget) lo = hi, (hi *= 2);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (bound(mid) <= budget) lo = mid;
    else hi = mid;
  }
  return lo;
}
