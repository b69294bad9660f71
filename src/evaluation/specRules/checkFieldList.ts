import { indexPath, jsonType, type SpecRuleContext } from './SpecRule.ts';

/** A list of field names (ignore lists): an array of distinct, non-empty strings. */
export function checkFieldList(value: unknown, path: string, context: SpecRuleContext): void {
  if (!Array.isArray(value)) {
    context.report(path, `expected an array of field names, got ${jsonType(value)}`);
    return;
  }
  const seen = new Map<string, number>();
  value.forEach((field, i) => {
    const at = indexPath(path, i);
    if (typeof field !== 'string' || field.length === 0) {
      const got = typeof field === 'string' ? 'an empty string' : jsonType(field);
      context.report(at, `expected a non-empty field name, got ${got}`);
      return;
    }
    const first = seen.get(field);
    if (first !== undefined) context.report(at, `duplicate field "${field}" (also at [${first}])`);
    else seen.set(field, i);
  });
}
