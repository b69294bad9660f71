/** A figure rounded to `digits` decimals, as the bench prints it. */
export function roundTo(x: number, digits: number): number {
  return Number(x.toFixed(digits));
}

/**
 * The q-quantile of a sample by nearest rank: the smallest value with at least q of the sample at or below it (the
 * median of 80 timings is the 40th, the p95 the 76th). NaN for an empty sample.
 */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}

/** Size, median and p95 of a sample of timings, rounded to `digits` decimals. */
export function summary(values: readonly number[], digits = 2): { n: number; median: number; p95: number } {
  return { n: values.length, median: roundTo(quantile(values, 0.5), digits), p95: roundTo(quantile(values, 0.95), digits) };
}
