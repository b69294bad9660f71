import type { SchemaInfo } from '../engine/index.ts';
import type { Suite, SuiteIssue } from './types.ts';

/**
 * Checks that every assertion names a table and fields that exist in the replicas' schemas. Entities may be
 * written `service.table`; dotted field paths are checked by their first segment (the column).
 */
export function checkSuiteAgainstSchema(suite: Suite, info: SchemaInfo): SuiteIssue[] {
  const issues: SuiteIssue[] = [];
  suite.tests.forEach((test, ti) => {
    test.spec.assertions.forEach((a, ai) => {
      const base = `$.tests[${ti}].assertions[${ai}]`;
      const [service, table] = a.entity.includes('.') ? a.entity.split('.', 2) : [undefined, a.entity];
      const tables = info.tables.filter((t) => t.name === table && (!service || t.service === service) && (suite.services.includes(t.service)));
      if (tables.length === 0) {
        const known = info.tables.filter((t) => suite.services.includes(t.service)).map((t) => t.name);
        issues.push({ path: `${base}.entity`, message: `no table "${a.entity}" in ${suite.services.join(', ')} (tables: ${known.join(', ')})` });
        return;
      }
      const columns = new Set(tables.flatMap((t) => t.columns.map((c) => c.name)));
      const check = (field: string, path: string) => {
        const column = field.split('.')[0];
        if (!columns.has(column)) issues.push({ path, message: `table ${a.entity} has no column "${column}"` });
      };
      for (const f of Object.keys(a.where ?? {})) check(f, `${base}.where.${f}`);
      for (const f of Object.keys(a.expected_changes ?? {})) check(f, `${base}.expected_changes.${f}`);
    });
  });
  return issues;
}
