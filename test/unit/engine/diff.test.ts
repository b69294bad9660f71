import { describe, expect, it } from 'vitest';
import { diffFromJournal, type JournalEntry } from '../../../src/engine/diff.ts';

const keyOf = (_s: string, _t: string, row: Record<string, unknown>) => String(row.id);
let seq = 0;
const entry = (op: JournalEntry['op'], old: Record<string, unknown> | null, next: Record<string, unknown> | null): JournalEntry => ({
  seq: ++seq,
  service: 'toy',
  table: 'pets',
  op,
  old,
  new: next,
});

describe('diffFromJournal', () => {
  it('collapses a row inserted then updated into one insert, and one inserted then deleted into nothing', () => {
    const d = diffFromJournal(
      [entry('I', null, { id: 1, n: 'a' }), entry('U', { id: 1, n: 'a' }, { id: 1, n: 'b' }), entry('I', null, { id: 2 }), entry('D', { id: 2 }, null)],
      keyOf,
      false,
    );
    expect(d).toEqual({ inserts: [{ id: 1, n: 'b', __table__: 'pets' }], updates: [], deletes: [] });
  });

  it('drops an update that ends where it began', () => {
    const d = diffFromJournal([entry('U', { id: 1, n: 'a' }, { id: 1, n: 'b' }), entry('U', { id: 1, n: 'b' }, { id: 1, n: 'a' })], keyOf, false);
    expect(d).toEqual({ inserts: [], updates: [], deletes: [] });
  });

  it('reads an update of the primary key as a delete of the old row and an insert of the new one', () => {
    const d = diffFromJournal([entry('U', { id: 1, n: 'a' }, { id: 2, n: 'a' })], keyOf, false);
    expect(d.deletes).toEqual([{ id: 1, n: 'a', __table__: 'pets' }]);
    expect(d.inserts).toEqual([{ id: 2, n: 'a', __table__: 'pets' }]);
    expect(d.updates).toEqual([]);
  });

  it('keeps the first image of a row that an earlier change touched before its key moved onto it', () => {
    const d = diffFromJournal(
      [entry('D', { id: 2, n: 'old' }, null), entry('U', { id: 1, n: 'a' }, { id: 2, n: 'a' })],
      keyOf,
      false,
    );
    expect(d.updates).toEqual([{ __table__: 'pets', before: { id: 2, n: 'old' }, after: { id: 2, n: 'a' } }]);
    expect(d.deletes).toEqual([{ id: 1, n: 'a', __table__: 'pets' }]);
  });

  it('tags rows with their service when the environment has several', () => {
    const d = diffFromJournal([entry('I', null, { id: 1 })], keyOf, true);
    expect(d.inserts).toEqual([{ id: 1, __table__: 'pets', __service__: 'toy' }]);
  });
});
