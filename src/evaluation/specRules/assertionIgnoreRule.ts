import { checkFieldList } from './checkFieldList.ts';
import { forEachAssertion, type SpecRule } from './SpecRule.ts';

/** An assertion's own `ignore` list. */
export const assertionIgnoreRule: SpecRule = (spec, context) => {
  forEachAssertion(spec, (a, path) => {
    if ('ignore' in a) checkFieldList(a.ignore, `${path}.ignore`, context);
  });
};
