import { checkFieldList } from './checkFieldList.ts';
import { isRecord, jsonType, keyPath, type SpecRule } from './SpecRule.ts';

// The schema's entity-name pattern, also allowing `service.table` as assertions' `entity` does.
const ENTITY_KEY = /^[a-zA-Z_][a-zA-Z0-9_]*(\.[a-zA-Z_][a-zA-Z0-9_]*)?$/;

/** `ignore_fields`: `{global?: [...], <entity>: [...]}`. */
export const ignoreFieldsRule: SpecRule = (spec, context) => {
  if (!('ignore_fields' in spec)) return;
  const ignore = spec.ignore_fields;
  if (!isRecord(ignore)) {
    context.report('$.ignore_fields', `expected {global?: [fields], <entity>: [fields]}, got ${jsonType(ignore)}`);
    return;
  }
  for (const key of Object.keys(ignore)) {
    const at = keyPath('$.ignore_fields', key);
    if (key !== 'global' && !ENTITY_KEY.test(key)) {
      context.report(at, `"${key}" is neither "global" nor an entity name`);
      continue;
    }
    checkFieldList(ignore[key], at, context);
  }
};
