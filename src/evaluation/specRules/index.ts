import { aggregatesRule } from './aggregatesRule.ts';
import { assertionFieldsRule } from './assertionFieldsRule.ts';
import { assertionIgnoreRule } from './assertionIgnoreRule.ts';
import { assertionListRule } from './assertionListRule.ts';
import { expectedChangesRule } from './expectedChangesRule.ts';
import { expectedCountRule } from './expectedCountRule.ts';
import { ignoreFieldsRule } from './ignoreFieldsRule.ts';
import { rootFieldsRule } from './rootFieldsRule.ts';
import type { SpecRule } from './SpecRule.ts';
import { whereRule } from './whereRule.ts';

export type { SpecRule, SpecRuleContext } from './SpecRule.ts';

/** Every check `validateSpec` runs, in the order their issues are reported. */
export const specifiedRules: readonly SpecRule[] = [
  rootFieldsRule,
  assertionListRule,
  assertionFieldsRule,
  whereRule,
  expectedCountRule,
  expectedChangesRule,
  assertionIgnoreRule,
  ignoreFieldsRule,
  aggregatesRule,
];
