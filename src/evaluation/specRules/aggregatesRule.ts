import { indexPath, isRecord, jsonType, reportUnknownKeys, type SpecRule } from './SpecRule.ts';

const FNS = ['sum', 'avg', 'min', 'max', 'count'];
const OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between'];
const FIELDS = ['fn', 'field', 'op', 'value'] as const;

const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

/** `aggregates`: `{fn, field, op, value}` each, as the schema defines them (neither engine evaluates them). */
export const aggregatesRule: SpecRule = (spec, context) => {
  if (!('aggregates' in spec)) return;
  const list = spec.aggregates;
  if (!Array.isArray(list)) {
    context.report('$.aggregates', `expected an array, got ${jsonType(list)}`);
    return;
  }
  list.forEach((agg, i) => {
    const at = indexPath('$.aggregates', i);
    if (!isRecord(agg)) {
      context.report(at, `expected {fn, field, op, value}, got ${jsonType(agg)}`);
      return;
    }
    reportUnknownKeys(agg, FIELDS, at, context);
    for (const key of FIELDS) if (!(key in agg)) context.report(`${at}.${key}`, 'missing');
    if ('fn' in agg && !FNS.includes(agg.fn as string)) context.report(`${at}.fn`, `expected one of ${FNS.join(', ')}`);
    if ('field' in agg && typeof agg.field !== 'string') {
      context.report(`${at}.field`, `expected a string, got ${jsonType(agg.field)}`);
    }
    if ('op' in agg && !OPS.includes(agg.op as string)) context.report(`${at}.op`, `expected one of ${OPS.join(', ')}`);
    if ('value' in agg) {
      const v = agg.value;
      const ok = isNumber(v) || (Array.isArray(v) && v.length === 2 && v.every(isNumber));
      if (!ok) context.report(`${at}.value`, 'expected a number, or [low, high] for "between"');
    }
  });
};
