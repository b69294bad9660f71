import { describe, expect, it } from 'vitest';
import type { Diff, SchemaInfo } from '../../../src/engine/index.ts';
import { evaluateDiff, type AssertionSpec } from '../../../src/evaluation/index.ts';
import { buildDiffView, changedRowIds, groupByService, ignoredFieldsOf, noJudgement } from '../../../src/ui/stores/diffModel.ts';
import { toVerdictView } from '../../../src/ui/stores/verdictView.ts';
import { tables } from './fixtures.ts';

const diff: Diff = {
  inserts: [
    { __table__: 'messages', message_id: 'M9', channel_id: 'C1', message_text: 'hello' },
    { __table__: 'messages', message_id: 'M10', channel_id: 'C2', message_text: 'oops' },
  ],
  updates: [
    {
      __table__: 'channels',
      before: { channel_id: 'C1', channel_name: 'general', topic_text: 'old' },
      after: { channel_id: 'C1', channel_name: 'general', topic_text: 'new' },
    },
  ],
  deletes: [],
};

const schema: SchemaInfo = {
  tables: tables.map((t) => ({ name: t.name, service: t.service, primaryKey: t.primaryKey, columns: t.columns.map((name) => ({ name, type: 'text' })) })),
  foreignKeys: [],
};

const spec: AssertionSpec = {
  assertions: [
    { diff_type: 'added', entity: 'messages', where: { channel_id: 'C1', message_text: { contains: 'hello' } }, expected_count: 1 },
    { diff_type: 'changed', entity: 'channels', where: { channel_id: 'C1' }, expected_changes: { topic_text: { to: 'new' } }, description: 'Topic set' },
    { diff_type: 'removed', entity: 'messages', where: { message_id: 'M1' } },
  ],
};

describe('the diff panel model', () => {
  it('groups rows by table with counts, and shows only changed fields of updates unless asked', () => {
    const groups = buildDiffView(diff, tables, noJudgement, { showAllFields: false, onlyUnexplained: false });
    expect(groups.map((g) => [g.table, g.counts])).toEqual([
      ['channels', { insert: 0, update: 1, delete: 0 }],
      ['messages', { insert: 2, update: 0, delete: 0 }],
    ]);
    expect(groups[0].rows[0].fields).toEqual([{ name: 'topic_text', before: 'old', after: 'new', changed: true }]);
    expect(groups[1].rows[0]).toMatchObject({ kind: 'insert', key: 'M9' });
    expect(groups[1].rows[0].fields.map((f) => f.name)).toEqual(['message_id', 'channel_id', 'message_text']);

    const all = buildDiffView(diff, tables, noJudgement, { showAllFields: true, onlyUnexplained: false });
    expect(all[0].rows[0].fields.map((f) => [f.name, f.changed])).toEqual([
      ['channel_id', false],
      ['channel_name', false],
      ['topic_text', true],
    ]);
  });

  it('tags each row with the assertions that explain it and marks the rest as side effects', () => {
    const verdict = evaluateDiff(spec, diff, { schema });
    const view = toVerdictView(verdict, diff, tables, spec, true);
    expect(view).toMatchObject({ passed: false, agentDiffPassed: false, closedWorldPassed: false, unexplained: 1, score: { passed: 2, total: 3 } });
    expect(view.assertions.map((a) => [a.passed, a.label])).toEqual([
      [true, 'added messages (exactly 1) where channel_id = "C1", message_text contains "hello"'],
      [true, 'Topic set'],
      [false, 'removed messages where message_id = "M1"'],
    ]);
    expect(view.assertions[2].reason).not.toBe('');

    const groups = buildDiffView(diff, tables, view.judgement, { showAllFields: false, onlyUnexplained: false });
    const rows = groups.flatMap((g) => g.rows.map((r) => [r.key, r.status, r.explainedBy]));
    expect(rows).toEqual([
      ['C1', 'asserted', [1]],
      ['M9', 'asserted', [0]],
      ['M10', 'unexplained', []],
    ]);
    const onlySide = buildDiffView(diff, tables, view.judgement, { showAllFields: false, onlyUnexplained: true });
    expect(onlySide.flatMap((g) => g.rows.map((r) => r.key))).toEqual(['M10']);
    expect(onlySide.find((g) => g.table === 'messages')?.unexplained).toBe(1);
  });

  it('finds run-level judgements for rows of a step diff by their primary key', () => {
    const verdict = evaluateDiff(spec, diff, { schema });
    const view = toVerdictView(verdict, diff, tables, spec, true);
    const step: Diff = { inserts: [diff.inserts[1]], updates: [], deletes: [] };
    const [group] = buildDiffView(step, tables, view.judgement, { showAllFields: false, onlyUnexplained: false });
    expect(group.rows[0]).toMatchObject({ key: 'M10', status: 'unexplained' });
  });

  it('lists the rows a run changed for the state browser', () => {
    const ids = changedRowIds(diff, tables);
    expect([...ids.values()]).toEqual(['insert', 'insert', 'update']);
    expect([...ids.keys()][2]).toBe('slack.channels:"C1"');
  });
});

describe('ignored fields', () => {
  it('marks the fields a scenario ignores, globally or per table', () => {
    const ignored = ignoredFieldsOf({ global: ['updated_at'], channels: ['topic_text'] });
    const d: Diff = {
      inserts: [],
      deletes: [],
      updates: [
        {
          __table__: 'channels',
          before: { channel_id: 'C1', channel_name: 'a', topic_text: 'x', updated_at: null },
          after: { channel_id: 'C1', channel_name: 'b', topic_text: 'y', updated_at: '2026-01-01' },
        },
      ],
    };
    const [g] = buildDiffView(d, tables, noJudgement, { showAllFields: false, onlyUnexplained: false, ignored });
    expect(g.rows[0].fields.map((f) => [f.name, Boolean(f.ignored)])).toEqual([
      ['channel_name', false],
      ['topic_text', true],
      ['updated_at', true],
    ]);
  });
});

describe('a diff across services', () => {
  const twoTables = [
    { service: 'slack', name: 'messages', primaryKey: ['message_id'], columns: ['message_id', 'message_text'], rows: 0 },
    { service: 'box', name: 'box_files', primaryKey: ['id'], columns: ['id', 'name'], rows: 0 },
    { service: 'box', name: 'box_folders', primaryKey: ['id'], columns: ['id', 'name'], rows: 0 },
    { service: 'mail', name: 'messages', primaryKey: ['message_id'], columns: ['message_id', 'body'], rows: 0 },
  ];
  const multi: Diff = {
    inserts: [
      { __table__: 'messages', __service__: 'mail', message_id: 'm1', body: 'hi' },
      { __table__: 'box_folders', __service__: 'box', id: '2', name: 'Plans' },
      { __table__: 'messages', __service__: 'slack', message_id: '1.0', message_text: 'Plans folder is up' },
    ],
    updates: [{ __table__: 'box_files', __service__: 'box', before: { id: '3', name: 'a' }, after: { id: '3', name: 'b' } }],
    deletes: [],
  };

  it('groups the tables by service, in the environment’s order of services, with each service’s counts', () => {
    const meta = twoTables as unknown as Parameters<typeof buildDiffView>[1];
    const views = buildDiffView(multi, meta, noJudgement, { showAllFields: false, onlyUnexplained: false });
    const services = groupByService(views, ['slack', 'box', 'calendar', 'linear', 'mail']);
    expect(services.map((s) => [s.service, s.tables.map((t) => t.table), s.counts])).toEqual([
      ['slack', ['messages'], { insert: 1, update: 0, delete: 0 }],
      ['box', ['box_files', 'box_folders'], { insert: 1, update: 1, delete: 0 }],
      ['mail', ['messages'], { insert: 1, update: 0, delete: 0 }],
    ]);
  });

  it('keeps a one-service diff as one group', () => {
    const views = buildDiffView(diff, tables, noJudgement, { showAllFields: false, onlyUnexplained: false });
    expect(groupByService(views).map((s) => [s.service, s.tables.length])).toEqual([['', 2]]);
  });
});
