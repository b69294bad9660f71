import { describe, expect, it } from 'vitest';
import { quantile, summary } from '../../../src/cli/benchStats.ts';

describe('bench statistics', () => {
  it('takes quantiles by nearest rank, whatever order the sample comes in', () => {
    const xs = Array.from({ length: 80 }, (_, i) => 80 - i); // 80, 79, …, 1
    expect(quantile(xs, 0.5)).toBe(40);
    expect(quantile(xs, 0.95)).toBe(76);
    expect(quantile([7], 0.95)).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
    expect(xs[0]).toBe(80);
  });

  it('summarises a sample with its size, rounded median and p95', () => {
    expect(summary([1.23456, 2.34567, 3.45678], 2)).toEqual({ n: 3, median: 2.35, p95: 3.46 });
  });
});
