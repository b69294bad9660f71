import { describe, expect, it } from 'vitest';
import type { Diff, DiffRow, Row, RowUpdate, SchemaInfo } from '../../../src/engine/types.ts';
import { evaluateDiff } from '../../../src/evaluation/evaluate.ts';
import { seedProbes, withSeedCandidates, type NearestRow } from '../../../src/evaluation/nearest.ts';
import type { Assertion, AssertionSpec } from '../../../src/evaluation/spec.ts';

const ins = (table: string, row: Row): DiffRow => ({ ...row, __table__: table });
const upd = (table: string, before: Row, after: Row): RowUpdate => ({ __table__: table, before, after });
const diffOf = (d: Partial<Diff>): Diff => ({ inserts: d.inserts ?? [], updates: d.updates ?? [], deletes: d.deletes ?? [] });
const spec = (...assertions: Assertion[]): AssertionSpec => ({ assertions });
const explain = (s: AssertionSpec, d: Diff, schema?: SchemaInfo) => evaluateDiff(s, d, { nearest: true, schema });
/** Each candidate as `key: field ✓|✗ actual` lines, the way a person reads them. */
const lines = (rows: NearestRow[] | undefined) =>
  (rows ?? []).map((r) => `${r.source} ${r.key}: ${r.checks.map((c) => `${c.field} ${c.passed ? '✓' : '✗'} ${c.actual}`).join(' · ')}`);

const folderSchema: SchemaInfo = {
  tables: [{ name: 'box_folders', service: 'box', columns: [{ name: 'id', type: 'text' }, { name: 'name', type: 'text' }, { name: 'parent_id', type: 'text' }], primaryKey: ['id'] }],
  foreignKeys: [],
};

describe('nearest rows of a failed assertion', () => {
  it('a folder created at the root instead of in Finance: its parent_id, expected and actual side by side', () => {
    const d = diffOf({ inserts: [ins('box_folders', { id: '41061697550', name: 'Q1 2026 Planning', parent_id: '0' })] });
    const v = explain(spec({ diff_type: 'added', entity: 'box_folders', where: { name: 'Q1 2026 Planning', parent_id: '120000100' }, expected_count: 1 }), d, folderSchema);
    const n = v.assertions[0].nearest!;
    expect(n.why).toBe('closest');
    expect(n.rows).toHaveLength(1);
    expect(n.rows[0]).toMatchObject({ source: 'diff', kind: 'insert', index: 0, key: '41061697550', failed: 1 });
    expect(n.rows[0].checks).toEqual([
      { part: 'where', field: 'name', expected: '"Q1 2026 Planning"', actual: '"Q1 2026 Planning"', equality: true, passed: true },
      { part: 'where', field: 'parent_id', expected: '"120000100"', actual: '"0"', equality: true, passed: false },
    ]);
  });

  it('ranks by fewest failed checks and keeps at most three', () => {
    const where = { channel_id: 'C07RANDOM', user_id: 'U07LEO', message_text: { contains: 'launch' } };
    const d = diffOf({
      inserts: [
        ins('messages', { message_id: '1', channel_id: 'C07GENERAL', user_id: 'U07ANA', message_text: 'hi' }),
        ins('messages', { message_id: '2', channel_id: 'C07GENERAL', user_id: 'U07LEO', message_text: 'launch at 5' }),
        ins('messages', { message_id: '3', channel_id: 'C07GENERAL', user_id: 'U07ANA', message_text: 'launch!' }),
        ins('messages', { message_id: '4', channel_id: 'C07OPS', user_id: 'U07ANA', message_text: 'nope' }),
      ],
    });
    const v = explain(spec({ diff_type: 'added', entity: 'messages', where }), d);
    expect(v.assertions[0].nearest!.rows.map((r) => [r.key, r.failed])).toEqual([
      ['2', 1],
      ['3', 2],
      ['1', 3],
    ]);
    expect(lines(v.assertions[0].nearest!.rows)[0]).toBe('diff 2: channel_id ✗ "C07GENERAL" · user_id ✓ "U07LEO" · message_text ✓ "launch at 5"');
  });

  it('marks each check with the DSL operator semantics the verdict uses', () => {
    const row = { id: 'e1', summary: 'Quarterly REVIEW', attendees: ['a@x', 'b@x'], priority: 2, start: { dateTime: '2026-03-26T19:00:00Z' }, note: null };
    const d = diffOf({ inserts: [ins('events', row)] });
    const where = {
      summary: { i_contains: 'review' },
      attendees: { has_all: ['a@x', 'c@x'] },
      priority: { gte: 2 },
      'start.dateTime': '2026-03-26T19:30:00Z',
      note: { exists: false },
      id: { in: ['e1', 'e2'] },
      // Python: 2 == 2.0 == True is not how strings compare: "2" is not 2.
      'start.missing': { exists: true },
    };
    const v = explain(spec({ diff_type: 'added', entity: 'events', where }), d);
    const checks = v.assertions[0].nearest!.rows[0].checks;
    expect(Object.fromEntries(checks.map((c) => [c.field, c.passed]))).toEqual({
      summary: true,
      attendees: false,
      priority: true,
      'start.dateTime': false,
      note: true,
      id: true,
      'start.missing': false,
    });
    expect(checks.find((c) => c.field === 'start.dateTime')).toMatchObject({ expected: '"2026-03-26T19:30:00Z"', actual: '"2026-03-26T19:00:00Z"', equality: true });
    expect(checks.find((c) => c.field === 'attendees')).toMatchObject({ expected: 'has all of ["a@x","c@x"]', equality: false });
    expect(checks.find((c) => c.field === 'priority')!.expected).toBe('≥ 2');
  });

  it('for a changed row: its expected changes from → to, a field that did not change, and strict extras', () => {
    const d = diffOf({
      updates: [
        upd('issues', { id: 'i1', identifier: 'ENG-12', state: 'open', title: 'A' }, { id: 'i1', identifier: 'ENG-12', state: 'closed', title: 'B' }),
        upd('issues', { id: 'i2', identifier: 'ENG-13', state: 'open', title: 'C' }, { id: 'i2', identifier: 'ENG-13', state: 'open', title: 'D' }),
      ],
    });
    const v = explain(spec({ diff_type: 'changed', entity: 'issues', where: { identifier: { starts_with: 'ENG-1' } }, expected_changes: { state: { from: 'open', to: 'done' } } }), d);
    expect(lines(v.assertions[0].nearest!.rows)).toEqual([
      'diff i1: identifier ✓ "ENG-12" · state ✗ "open" → "closed" · title ✗ changed as well',
      'diff i2: identifier ✓ "ENG-13" · state ✗ unchanged ("open") · title ✗ changed as well',
    ]);
    expect(v.assertions[0].nearest!.rows[0].checks[1].expected).toBe('from "open" to "done"');
    // Without strict, extra changes are not a check.
    const loose = evaluateDiff({ ...spec(...(v.assertions.map((a) => a.assertion) as Assertion[])), strict: false }, d, { nearest: true });
    expect(loose.assertions[0].nearest!.rows[0].checks.map((c) => c.part)).toEqual(['where', 'change']);
  });

  it('when its part of the diff has no row of the table, the rows the run touched in other parts', () => {
    const d = diffOf({ updates: [upd('box_folders', { id: 'f1', name: 'Q1 plan', parent_id: '0' }, { id: 'f1', name: 'Q1 2026 Planning', parent_id: '0' })] });
    const v = explain(spec({ diff_type: 'added', entity: 'box_folders', where: { name: 'Q1 2026 Planning', parent_id: '120000100' } }), d, folderSchema);
    const row = v.assertions[0].nearest!.rows[0];
    expect(row).toMatchObject({ source: 'touched', kind: 'update', key: 'f1', failed: 2 });
    expect(row.checks.at(-1)).toMatchObject({ part: 'part', expected: 'added', actual: 'changed', passed: false });
  });

  it('a count that allows fewer rows shows the rows it matched', () => {
    const d = diffOf({ inserts: [ins('channel_members', { channel_id: 'C9', user_id: 'U1' }), ins('channel_members', { channel_id: 'C9', user_id: 'U2' })] });
    const v = explain(spec({ diff_type: 'added', entity: 'channel_members', where: { user_id: { not_in: ['U3'] } }, expected_count: 0 }), d);
    expect(v.assertions[0].nearest!.why).toBe('matched');
    expect(v.assertions[0].nearest!.rows.map((r) => r.failed)).toEqual([0, 0]);
  });

  it('only failed assertions get candidates, and only when asked', () => {
    const d = diffOf({ inserts: [ins('messages', { message_id: '1', channel_id: 'C1' })] });
    const s = spec({ diff_type: 'added', entity: 'messages', where: { channel_id: 'C1' } }, { diff_type: 'added', entity: 'messages', where: { channel_id: 'C2' } });
    const v = explain(s, d);
    expect(v.assertions[0].nearest).toBeUndefined();
    expect(v.assertions[1].nearest!.rows).toHaveLength(1);
    expect(evaluateDiff(s, d).assertions[1].nearest).toBeUndefined();
  });
});

describe('seed candidates', () => {
  const s = spec(
    { diff_type: 'changed', entity: 'issues', where: { identifier: 'ENG-12', team: { in: ['ENG', 'OPS'] }, title: { contains: 'x' } }, expected_changes: { state: 'done' } },
    { diff_type: 'added', entity: 'issues', where: { identifier: 'ENG-99' } },
  );

  it('asks the seed only for assertions whose part of the diff had no row, by their equality and `in` fields', () => {
    const v = explain(s, diffOf({ inserts: [ins('issues', { id: 'i7', identifier: 'ENG-7' })] }));
    expect(seedProbes(v.assertions)).toEqual([
      { assertion: 0, table: 'issues', column: 'identifier', values: ['ENG-12'] },
      { assertion: 0, table: 'issues', column: 'team', values: ['ENG', 'OPS'] },
    ]);
  });

  it('ranks seed rows with the touched ones, leaves out rows the diff holds, and says they are unchanged', () => {
    const d = diffOf({ inserts: [ins('issues', { id: 'i7', identifier: 'ENG-7', team: 'ENG', title: 'y' })] });
    const v = explain(s, d);
    const seedRows = new Map([
      [0, [
        { id: 'i12', identifier: 'ENG-12', team: 'ENG', title: 'fix x' },
        { id: 'i7', identifier: 'ENG-7', team: 'ENG', title: 'y' },
        { id: 'i30', identifier: 'ENG-30', team: 'OPS', title: 'z' },
        { id: 'i12', identifier: 'ENG-12', team: 'ENG', title: 'fix x' },
      ]],
    ]);
    const results = withSeedCandidates(s, v.assertions, seedRows, d);
    expect(lines(results[0].nearest!.rows)).toEqual([
      'seed i12: identifier ✓ "ENG-12" · team ✓ "ENG" · title ✓ "fix x" · change ✗ unchanged (in the seed)',
      'touched i7: identifier ✗ "ENG-7" · team ✓ "ENG" · title ✗ "y" · change ✗ added',
      'seed i30: identifier ✗ "ENG-30" · team ✓ "OPS" · title ✗ "z" · change ✗ unchanged (in the seed)',
    ]);
    expect(results[1]).toBe(v.assertions[1]);
  });
});
