import { forEachAssertion, isRecord, jsonType, keyPath, reportUnknownKeys, type SpecRule } from './SpecRule.ts';

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}

/** `expected_count`: a non-negative integer, or `{min?, max?}` with at least one bound. */
export const expectedCountRule: SpecRule = (spec, context) => {
  forEachAssertion(spec, (a, path) => {
    if (!('expected_count' in a)) return;
    const count = a.expected_count;
    const at = `${path}.expected_count`;
    if (typeof count === 'number') {
      if (!isCount(count)) context.report(at, `expected a non-negative integer, got ${count}`);
      return;
    }
    if (!isRecord(count)) {
      context.report(at, `expected a non-negative integer or {min, max}, got ${jsonType(count)}`);
      return;
    }
    reportUnknownKeys(count, ['min', 'max'], at, context);
    if (!('min' in count) && !('max' in count)) context.report(at, 'a count range needs "min", "max" or both');
    for (const bound of ['min', 'max'] as const) {
      if (bound in count && !isCount(count[bound])) {
        context.report(keyPath(at, bound), `expected a non-negative integer, got ${JSON.stringify(count[bound])}`);
      }
    }
    if (isCount(count.min) && isCount(count.max) && count.min > count.max) {
      context.report(at, `min (${count.min}) is greater than max (${count.max}): no count satisfies it`);
    }
  });
};
