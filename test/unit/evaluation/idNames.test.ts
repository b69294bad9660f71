import { describe, expect, it } from 'vitest';
import type { Diff, SchemaInfo } from '../../../src/engine/types.ts';
import { evaluateDiff } from '../../../src/evaluation/evaluate.ts';
import { namedValues, rowName, withIdNames } from '../../../src/evaluation/idNames.ts';

const boxSchema: SchemaInfo = {
  tables: [
    { name: 'box_folders', service: 'box', columns: [{ name: 'id', type: 'text' }, { name: 'name', type: 'text' }, { name: 'parent_id', type: 'text' }, { name: 'owned_by_id', type: 'text' }], primaryKey: ['id'] },
    { name: 'box_users', service: 'box', columns: [{ name: 'id', type: 'text' }, { name: 'name', type: 'text' }], primaryKey: ['id'] },
  ],
  foreignKeys: [
    { service: 'box', table: 'box_folders', columns: ['parent_id'], refTable: 'box_folders', refColumns: ['id'] },
    { service: 'box', table: 'box_folders', columns: ['owned_by_id'], refTable: 'box_users', refColumns: ['id'] },
  ],
};

const atRoot: Diff = {
  inserts: [{ __table__: 'box_folders', __service__: 'box', id: '41061697550', name: 'Q1 2026 Planning', parent_id: '0', owned_by_id: '41000001' }],
  updates: [],
  deletes: [],
};

describe('ids in a failure, with the names of their rows', () => {
  it("marks a check on a foreign key with the table it points at and both ids; a plain field's check has none", () => {
    const v = evaluateDiff(
      { assertions: [{ diff_type: 'added', entity: 'box_folders', where: { name: 'Q1 2026 Planning', parent_id: { eq: '120000100' }, owned_by_id: '41000001' }, expected_count: 1 }] },
      atRoot,
      { nearest: true, schema: boxSchema },
    );
    const [name, parent, owner] = v.assertions[0].nearest!.rows[0].checks;
    expect(name.ref).toBeUndefined();
    expect(parent).toMatchObject({ field: 'parent_id', passed: false, ref: { service: 'box', table: 'box_folders', column: 'id', ids: ['120000100', '0'] } });
    expect(owner).toMatchObject({ field: 'owned_by_id', passed: true, ref: { table: 'box_users', column: 'id', ids: ['41000001'] } });
  });

  it('a changed parent: both the from and to ids, and the actual before and after', () => {
    const moved: Diff = {
      inserts: [],
      updates: [{ __table__: 'box_folders', __service__: 'box', before: { id: '7', name: 'Q1', parent_id: '0' }, after: { id: '7', name: 'Q1', parent_id: '5' } }],
      deletes: [],
    };
    const v = evaluateDiff(
      { assertions: [{ diff_type: 'changed', entity: 'box_folders', where: { id: '7' }, expected_changes: { parent_id: { from: '0', to: '120000100' } } }] },
      moved,
      { nearest: true, schema: boxSchema },
    );
    const [id, change] = v.assertions[0].nearest!.rows[0].checks;
    expect(id.ref).toMatchObject({ table: 'box_folders', ids: ['7'] });
    expect(change.ref?.ids.sort()).toEqual(['0', '120000100', '5']);
  });

  it('reads each id with its name, once, wherever the text shows it', () => {
    const names = { '0': 'All Files', '120000100': 'Finance' };
    expect(namedValues({ expected: '"120000100"', actual: '"0"', names })).toEqual({ expected: '"120000100" (Finance)', actual: '"0" (All Files)' });
    expect(withIdNames('from "0" to "120000100"', names)).toBe('from "0" (All Files) to "120000100" (Finance)');
    expect(withIdNames('"00"', names)).toBe('"00"');
    expect(withIdNames('"0"', { '0': 'says "120000100"', '120000100': 'Finance' })).toBe('"0" (says "120000100")');
    expect(withIdNames('"0"', undefined)).toBe('"0"');
  });

  it("names a row by the first of its naming columns that holds text, cut when long", () => {
    expect(rowName({ real_name: '', username: 'leo' }, ['real_name', 'username'])).toBe('leo');
    expect(rowName({ real_name: null }, ['real_name'])).toBeUndefined();
    expect(rowName({ message_text: 'a'.repeat(100) }, ['message_text'])).toHaveLength(40);
  });
});
