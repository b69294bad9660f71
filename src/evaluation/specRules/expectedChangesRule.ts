import { checkCondition } from './checkCondition.ts';
import { forEachAssertion, isRecord, jsonType, keyPath, reportUnknownKeys, type SpecRule } from './SpecRule.ts';

/**
 * `expected_changes` maps fields to `{from?, to?}` conditions, or to a bare primitive meaning `{to: value}` (as
 * Agent-Diff's compiler reads it). A `changed` assertion that has it must name at least one field.
 */
export const expectedChangesRule: SpecRule = (spec, context) => {
  forEachAssertion(spec, (a, path) => {
    if (!('expected_changes' in a)) return;
    const changes = a.expected_changes;
    const at = `${path}.expected_changes`;
    if (!isRecord(changes)) {
      context.report(at, `expected an object of field → {from?, to?}, got ${jsonType(changes)}`);
      return;
    }
    const fields = Object.keys(changes);
    if (fields.length === 0 && a.diff_type === 'changed') {
      context.report(at, 'empty: name at least one field that must change, or leave expected_changes out');
    }
    for (const field of fields) {
      const change = changes[field];
      const fieldPath = keyPath(at, field);
      if (isRecord(change)) {
        reportUnknownKeys(change, ['from', 'to'], fieldPath, context, ' (a condition goes inside them: {"to": {"eq": …}})');
        if ('from' in change) checkCondition(change.from, `${fieldPath}.from`, context);
        if ('to' in change) checkCondition(change.to, `${fieldPath}.to`, context);
      } else if (Array.isArray(change) || change === undefined) {
        context.report(fieldPath, `expected {from?, to?} or a bare value for "to", got ${jsonType(change)}`);
      } else {
        checkCondition(change, fieldPath, context);
      }
    }
  });
};
