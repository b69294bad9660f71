import { describe, expect, it } from 'vitest';
import type { Diff, SchemaInfo } from '../../../src/engine/index.ts';
import { evaluateDiff, type AssertionSpec } from '../../../src/evaluation/index.ts';
import { elideShared } from '../../../src/ui/components/explain/sideBySide.ts';
import { carriedChanges } from '../../../src/ui/stores/carriedChanges.ts';
import { readAssertion } from '../../../src/ui/stores/describeAssertion.ts';
import { buildDiffView } from '../../../src/ui/stores/diffModel.ts';
import { toVerdictView } from '../../../src/ui/stores/verdictView.ts';
import { tables } from './fixtures.ts';

const schema: SchemaInfo = {
  tables: tables.map((t) => ({ name: t.name, service: t.service, primaryKey: t.primaryKey, columns: t.columns.map((name) => ({ name, type: 'text' })) })),
  foreignKeys: [],
};

describe('a failed assertion in the verdict pane', () => {
  const spec: AssertionSpec = {
    assertions: [{ diff_type: 'added', entity: 'messages', where: { channel_id: 'C07RANDOM', message_text: { contains: 'games' } }, expected_count: 1 }],
  };
  const diff: Diff = { inserts: [{ __table__: 'messages', message_id: 'M9', channel_id: 'C07GENERAL', message_text: 'board games friday' }], updates: [], deletes: [] };

  it('reads its where and count, and lists the nearest row with the differing value; hovering it highlights that row', () => {
    const verdict = evaluateDiff(spec, diff, { schema, nearest: true });
    const view = toVerdictView(verdict, diff, tables, spec, true);
    const a = view.assertions[0];
    expect(a.reading).toEqual({
      what: 'added messages',
      count: 'exactly 1',
      where: [
        { field: 'channel_id', condition: '"C07RANDOM"', equality: true },
        { field: 'message_text', condition: 'contains "games"', equality: false },
      ],
      changes: [],
    });
    expect(a.nearest!.rows).toHaveLength(1);
    const row = a.nearest!.rows[0];
    expect(row.id).not.toBeNull();
    expect(row.checks.filter((c) => !c.passed).map((c) => [c.field, c.actual, c.expected])).toEqual([['channel_id', '"C07GENERAL"', '"C07RANDOM"']]);
    // The row it points at is the diff's row: hovering the assertion highlights it there.
    const groups = buildDiffView(diff, tables, view.judgement, { showAllFields: false, onlyUnexplained: false });
    expect(groups[0].rows[0].related).toEqual([0]);
  });

  it('a verdict recorded before nearest rows existed still reads, without candidates', () => {
    const verdict = evaluateDiff(spec, diff, { schema });
    expect(toVerdictView(verdict, diff, tables, spec, true).assertions[0].nearest).toBeNull();
  });

  it('reads expected changes', () => {
    expect(readAssertion({ diff_type: 'changed', entity: 'channels', expected_changes: { topic_text: { from: 'a', to: { contains: 'b' } }, name: 'x' } }).changes).toEqual([
      { field: 'topic_text', change: 'from "a" to contains "b"' },
      { field: 'name', change: 'to "x"' },
    ]);
  });
});

describe('changes carried over from earlier steps', () => {
  const wrong = { __table__: 'messages', message_id: 'M1', channel_id: 'C2', message_text: 'oops' };
  const right = { __table__: 'messages', message_id: 'M2', channel_id: 'C1', message_text: 'hello' };
  it('counts rows of the run diff the last step did not touch', () => {
    const run: Diff = { inserts: [wrong, right], updates: [], deletes: [] };
    expect(carriedChanges(run, { inserts: [right], updates: [], deletes: [] }, tables)).toBe(1);
    expect(carriedChanges(run, run, tables)).toBe(0);
  });
});

describe('values side by side', () => {
  it('leaves out a long shared start at a boundary', () => {
    expect(elideShared('"2026-03-26T19:00:00Z"', '"2026-03-26T19:30:00Z"')).toEqual({ actual: '…T19:00:00Z"', expected: '…T19:30:00Z"' });
    expect(elideShared('"0"', '"120000100"')).toEqual({ actual: '"0"', expected: '"120000100"' });
    expect(elideShared('"C07GENERAL"', '"C07RANDOM"')).toEqual({ actual: '"C07GENERAL"', expected: '"C07RANDOM"' });
  });
});
