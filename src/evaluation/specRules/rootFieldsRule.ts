import { jsonType, reportUnknownKeys, type SpecRule } from './SpecRule.ts';

const ROOT_FIELDS = ['assertions', 'ignore_fields', 'strict', 'version', 'scenario', 'task', 'aggregates'] as const;

/** Top-level fields: no unknown ones; `version`, `strict`, `scenario` and `task` of the right type. */
export const rootFieldsRule: SpecRule = (spec, context) => {
  reportUnknownKeys(spec, ROOT_FIELDS, '$', context);
  if ('version' in spec && spec.version !== '0.1') {
    context.report('$.version', `unsupported DSL version ${JSON.stringify(spec.version)}; the only version is "0.1"`);
  }
  if ('strict' in spec && typeof spec.strict !== 'boolean') {
    context.report('$.strict', `expected true or false, got ${jsonType(spec.strict)}`);
  }
  for (const key of ['scenario', 'task'] as const) {
    if (key in spec && typeof spec[key] !== 'string') context.report(`$.${key}`, `expected a string, got ${jsonType(spec[key])}`);
  }
};
