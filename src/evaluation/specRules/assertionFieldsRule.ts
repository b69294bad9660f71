import { forEachAssertion, jsonType, reportUnknownKeys, type SpecRule } from './SpecRule.ts';

const ASSERTION_FIELDS = ['diff_type', 'entity', 'where', 'expected_count', 'expected_changes', 'ignore', 'description'] as const;
const DIFF_TYPES = ['added', 'removed', 'changed'];

/** Each assertion: no unknown fields, a known `diff_type`, an `entity`, a string `description`. */
export const assertionFieldsRule: SpecRule = (spec, context) => {
  forEachAssertion(spec, (a, path) => {
    reportUnknownKeys(a, ASSERTION_FIELDS, path, context);
    if (!('diff_type' in a)) context.report(`${path}.diff_type`, `missing: one of ${DIFF_TYPES.join(', ')}`);
    else if (typeof a.diff_type !== 'string' || !DIFF_TYPES.includes(a.diff_type)) {
      context.report(`${path}.diff_type`, `expected one of ${DIFF_TYPES.join(', ')}, got ${JSON.stringify(a.diff_type)}`);
    }
    if (!('entity' in a)) context.report(`${path}.entity`, 'missing: the table the assertion is about');
    else if (typeof a.entity !== 'string' || a.entity.length === 0) {
      const got = typeof a.entity === 'string' ? 'an empty string' : jsonType(a.entity);
      context.report(`${path}.entity`, `expected a table name, got ${got}`);
    }
    if ('description' in a && typeof a.description !== 'string') {
      context.report(`${path}.description`, `expected a string, got ${jsonType(a.description)}`);
    }
  });
};
