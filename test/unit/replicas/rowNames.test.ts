import { describe, expect, it } from 'vitest';
import { replicas } from '../../../src/replicas/index.ts';

/** Table → its columns, read from a replica's CREATE TABLE statements. */
function tablesOf(schemaSql: string): Map<string, Set<string>> {
  const tables = new Map<string, Set<string>>();
  for (const m of schemaSql.matchAll(/CREATE TABLE (\w+) \(([\s\S]*?)\n\);/g)) {
    const columns = m[2]
      .split('\n')
      .map((line) => /^\s*"?(\w+)"?\s+\w/.exec(line)?.[1])
      .filter((c): c is string => !!c && !['PRIMARY', 'UNIQUE', 'CONSTRAINT', 'CHECK', 'EXCLUDE', 'FOREIGN'].includes(c));
    tables.set(m[1], new Set(columns));
  }
  return tables;
}

describe("each replica's row names", () => {
  it.each(replicas.map((r) => [r.name, r] as const))('%s names rows of its own tables by columns they have', (_name, replica) => {
    const tables = tablesOf(replica.schemaSql);
    expect(tables.size).toBeGreaterThan(3);
    const declared = Object.entries(replica.rowNames ?? {});
    expect(declared.length).toBeGreaterThan(3);
    for (const [table, columns] of declared) {
      expect(tables.has(table), `${replica.name}: no table ${table}`).toBe(true);
      expect(columns.length, `${replica.name}.${table}: no column`).toBeGreaterThan(0);
      for (const column of columns) expect(tables.get(table)!.has(column), `${replica.name}: no column ${table}.${column}`).toBe(true);
    }
  });

  it('names the rows people meet first in each service', () => {
    const named = Object.fromEntries(replicas.map((r) => [r.name, r.rowNames ?? {}]));
    expect(named.box.box_folders).toEqual(['name']);
    expect(named.slack.channels).toEqual(['channel_name']);
    expect(named.slack.users[0]).toBe('real_name');
    expect(named.linear.issues[0]).toBe('identifier');
    expect(named.linear.teams[0]).toBe('name');
    expect(named.calendar.calendars).toEqual(['summary']);
    expect(named.calendar.calendar_events).toEqual(['summary']);
    expect(named.mail.people[0]).toBe('display_name');
  });
});
