import { checkCondition } from './checkCondition.ts';
import { forEachAssertion, isRecord, jsonType, keyPath, type SpecRule } from './SpecRule.ts';

/** `where` maps fields to conditions. */
export const whereRule: SpecRule = (spec, context) => {
  forEachAssertion(spec, (a, path) => {
    if (!('where' in a)) return;
    const where = a.where;
    const at = `${path}.where`;
    if (!isRecord(where)) {
      context.report(at, `expected an object of field conditions, got ${jsonType(where)}`);
      return;
    }
    for (const field of Object.keys(where)) checkCondition(where[field], keyPath(at, field), context);
  });
};
