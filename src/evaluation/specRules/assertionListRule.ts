import { indexPath, isRecord, jsonType, type SpecRule } from './SpecRule.ts';

/** `assertions` is a non-empty array of objects. */
export const assertionListRule: SpecRule = (spec, context) => {
  if (!('assertions' in spec)) {
    context.report('$.assertions', 'missing: a spec needs at least one assertion');
    return;
  }
  const list = spec.assertions;
  if (!Array.isArray(list)) {
    context.report('$.assertions', `expected an array of assertions, got ${jsonType(list)}`);
    return;
  }
  if (list.length === 0) context.report('$.assertions', 'empty: a spec needs at least one assertion');
  list.forEach((a, i) => {
    if (!isRecord(a)) context.report(indexPath('$.assertions', i), `expected an assertion object, got ${jsonType(a)}`);
  });
};
