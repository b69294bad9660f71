import type { SchemaInfo } from '../engine/index.ts';
import { closest } from '../evaluation/index.ts';
import type { Suite, SuiteIssue } from './types.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const didYouMean = (name: string, known: readonly string[]) => {
  const guess = closest(name, known);
  return guess ? ` (did you mean "${guess}"?)` : '';
};

/**
 * Checks that assertions name tables and columns that exist in the given services' schemas, with a "did you mean"
 * for a near miss (`mesages` → `messages`, `chanel_id` → `channel_id`). Entities may be written `service.table`;
 * dotted field paths are checked by their first segment (the column). Takes the assertions as they are typed —
 * anything malformed is left to the DSL's validator — and never throws.
 */
export function checkAssertionNames(assertions: readonly unknown[], info: SchemaInfo, services: readonly string[], base = '$.assertions'): SuiteIssue[] {
  const issues: SuiteIssue[] = [];
  const served = info.tables.filter((t) => services.includes(t.service));
  const tableNames = [...new Set(served.map((t) => t.name))];
  assertions.forEach((a, ai) => {
    if (!isRecord(a) || typeof a.entity !== 'string') return;
    const path = `${base}[${ai}]`;
    const dot = a.entity.indexOf('.');
    const [service, table] = dot < 0 ? [undefined, a.entity] : [a.entity.slice(0, dot), a.entity.slice(dot + 1)];
    const tables = served.filter((t) => t.name === table && (!service || t.service === service));
    if (tables.length === 0) {
      issues.push({ path: `${path}.entity`, message: `no table "${a.entity}" in ${services.join(', ')}${didYouMean(table, tableNames)} (tables: ${tableNames.join(', ')})` });
      return;
    }
    const columns = [...new Set(tables.flatMap((t) => t.columns.map((c) => c.name)))];
    const check = (field: string, at: string) => {
      const column = field.split('.')[0];
      if (!columns.includes(column)) issues.push({ path: at, message: `table ${a.entity} has no column "${column}"${didYouMean(column, columns)}` });
    };
    if (isRecord(a.where)) for (const f of Object.keys(a.where)) check(f, `${path}.where.${f}`);
    if (isRecord(a.expected_changes)) for (const f of Object.keys(a.expected_changes)) check(f, `${path}.expected_changes.${f}`);
  });
  return issues;
}

/**
 * `checkAssertionNames` for every test of a suite, against every service of the suite: an assertion may guard any of
 * them (a test's own services are what its solution reaches, not a limit on what its assertions check).
 */
export function checkSuiteAgainstSchema(suite: Pick<Suite, 'services' | 'tests'>, info: SchemaInfo): SuiteIssue[] {
  return suite.tests.flatMap((test, ti) => checkAssertionNames(test.spec.assertions, info, suite.services, `$.tests[${ti}].assertions`));
}

/**
 * The name checks for a file that did not load (or before it does): tables and columns of each test's assertions as
 * written, against the services it names (every service of the schema when it names none it serves).
 */
export function checkSuiteNames(names: { services: readonly string[]; tests: readonly { assertions: readonly unknown[] }[] }, info: SchemaInfo): SuiteIssue[] {
  const known = new Set(info.tables.map((t) => t.service));
  const services = names.services.filter((s) => known.has(s));
  const within = services.length ? services : [...known];
  return names.tests.flatMap((t, ti) => checkAssertionNames(t.assertions, info, within, `$.tests[${ti}].assertions`));
}
