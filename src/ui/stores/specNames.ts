import { checkAssertionNames, type SuiteIssue } from '../../scenarios/index.ts';
import type { TableMeta } from '../workbench/protocol.ts';

/**
 * The studio's as-you-type check of the names a spec uses: each assertion's table, and the columns of its where and
 * expected_changes, against the open scenario's tables (`mesages` → did you mean `messages`). Text that is not JSON
 * yet gives nothing here; the DSL's own validator reports that.
 */
export function specNameIssues(specText: string, tables: readonly TableMeta[], services: readonly string[]): SuiteIssue[] {
  if (tables.length === 0) return [];
  let value: unknown;
  try {
    value = JSON.parse(specText);
  } catch {
    return [];
  }
  const assertions = (value as { assertions?: unknown } | null)?.assertions;
  if (!Array.isArray(assertions)) return [];
  const info = {
    tables: tables.map((t) => ({ name: t.name, service: t.service, primaryKey: t.primaryKey, columns: t.columns.map((name) => ({ name, type: '' })) })),
    foreignKeys: [],
  };
  return checkAssertionNames(assertions, info, services.length ? services : [...new Set(tables.map((t) => t.service))]);
}
