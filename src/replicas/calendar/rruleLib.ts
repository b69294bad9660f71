import * as rruleModule from 'rrule';

/**
 * The `rrule` package (RFC 5545 recurrence rules). Its ES build has only named exports, and Node loads its CommonJS
 * build instead (the package is not marked as a module), where the names sit on `default`: this reads either.
 */
const lib = ((rruleModule as unknown as { RRule?: unknown }).RRule
  ? rruleModule
  : (rruleModule as unknown as { default: typeof rruleModule }).default) as typeof rruleModule;

export const RRule = lib.RRule;
export type RRuleOptions = ReturnType<typeof lib.RRule.parseString>;
