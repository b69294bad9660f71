import { describe, expect, it } from 'vitest';
import type { Diff, DiffRow, Row, RowUpdate, SchemaInfo } from '../../../src/engine/types.ts';
import { evaluateDiff } from '../../../src/evaluation/evaluate.ts';
import type { AssertionSpec } from '../../../src/evaluation/spec.ts';

const ins = (table: string, row: Row, service?: string): DiffRow =>
  service ? { ...row, __table__: table, __service__: service } : { ...row, __table__: table };
const upd = (table: string, before: Row, after: Row): RowUpdate => ({ __table__: table, before, after });
const diffOf = (d: Partial<Diff>): Diff => ({ inserts: d.inserts ?? [], updates: d.updates ?? [], deletes: d.deletes ?? [] });

const slack: SchemaInfo = {
  tables: [
    { name: 'channels', service: 'slack', columns: [{ name: 'channel_id', type: 'text' }], primaryKey: ['channel_id'] },
    {
      name: 'channel_members',
      service: 'slack',
      columns: [{ name: 'channel_id', type: 'text' }, { name: 'user_id', type: 'text' }],
      primaryKey: ['channel_id', 'user_id'],
    },
    { name: 'messages', service: 'slack', columns: [{ name: 'message_id', type: 'text' }], primaryKey: ['message_id'] },
    { name: 'message_reactions', service: 'slack', columns: [], primaryKey: ['message_id', 'user_id', 'reaction_type'] },
  ],
  foreignKeys: [
    { table: 'channel_members', columns: ['channel_id'], refTable: 'channels', refColumns: ['channel_id'] },
    { table: 'messages', columns: ['channel_id'], refTable: 'channels', refColumns: ['channel_id'] },
    { table: 'message_reactions', columns: ['message_id'], refTable: 'messages', refColumns: ['message_id'] },
  ],
};

const createChannel: AssertionSpec = {
  assertions: [{ diff_type: 'added', entity: 'channels', where: { channel_name: 'launch' }, expected_count: 1 }],
  ignore_fields: { global: ['created_at', 'updated_at'] },
};
const newChannel = ins('channels', { channel_id: 'C77', channel_name: 'launch' });
const creatorMembership = ins('channel_members', { channel_id: 'C77', user_id: 'U01' });

describe('closed world', () => {
  it('flags an insert that no assertion selects', () => {
    const stray = ins('messages', { message_id: '1700.5', channel_id: 'C01', message_text: 'oops' });
    const v = evaluateDiff(createChannel, diffOf({ inserts: [newChannel, stray] }), { schema: slack });
    expect(v.agent_diff_passed).toBe(true);
    expect(v.closed_world_passed).toBe(false);
    expect(v.passed).toBe(false);
    expect(v.unexplained).toEqual([{ kind: 'insert', table: 'messages', index: 1, key: '1700.5', row: stray }]);
  });

  it('explains the creator membership of a new channel through its foreign key', () => {
    const v = evaluateDiff(createChannel, diffOf({ inserts: [newChannel, creatorMembership] }), { schema: slack });
    expect(v.unexplained).toEqual([]);
    expect(v.passed).toBe(true);
    expect(v.explanations.insert[1]).toEqual({ assertions: [], consequenceOf: { kind: 'insert', table: 'channels', index: 0 } });
  });

  it('does not let an updated parent explain deleted children', () => {
    const topic: AssertionSpec = {
      assertions: [{ diff_type: 'changed', entity: 'channels', where: { channel_id: 'C01' }, expected_changes: { topic_text: { to: 'new' } } }],
    };
    const renamed = upd('channels', { channel_id: 'C01', topic_text: 'old' }, { channel_id: 'C01', topic_text: 'new' });
    const dropped = ins('messages', { message_id: '1699.1', channel_id: 'C01' });
    const v = evaluateDiff(topic, diffOf({ updates: [renamed], deletes: [dropped] }), { schema: slack });
    expect(v.agent_diff_passed).toBe(true);
    expect(v.unexplained.map((u) => [u.kind, u.key])).toEqual([['delete', '1699.1']]);
  });

  it('flags a row added under a merely updated parent, unless its table is derived', () => {
    const rename: AssertionSpec = {
      assertions: [{ diff_type: 'changed', entity: 'channels', where: { channel_id: 'C01' }, expected_changes: { channel_name: { to: 'ops' } } }],
    };
    const renamed = upd('channels', { channel_id: 'C01', channel_name: 'dev' }, { channel_id: 'C01', channel_name: 'ops' });
    const stray = ins('messages', { message_id: '1700.1', channel_id: 'C01' });
    const history = ins('channel_events', { event_id: 'E1', channel_id: 'C01' });
    const withHistory: SchemaInfo = {
      tables: [...slack.tables, { name: 'channel_events', service: 'slack', columns: [], primaryKey: ['event_id'], derived: true }],
      foreignKeys: [...slack.foreignKeys, { table: 'channel_events', columns: ['channel_id'], refTable: 'channels', refColumns: ['channel_id'] }],
    };
    const v = evaluateDiff(rename, diffOf({ updates: [renamed], inserts: [stray, history] }), { schema: withHistory });
    expect(v.unexplained.map((u) => [u.table, u.key])).toEqual([['messages', '1700.1']]);
    expect(v.explanations.insert[1].consequenceOf).toEqual({ kind: 'update', table: 'channels', index: 0 });
  });

  it('follows foreign keys transitively', () => {
    const post = ins('messages', { message_id: '1700.9', channel_id: 'C77' });
    const reaction = ins('message_reactions', { message_id: '1700.9', user_id: 'U01', reaction_type: 'tada' });
    const v = evaluateDiff(createChannel, diffOf({ inserts: [reaction, post, newChannel] }), { schema: slack });
    expect(v.unexplained).toEqual([]);
    expect(v.explanations.insert[0].consequenceOf).toEqual({ kind: 'insert', table: 'messages', index: 1 });
  });

  it('does not explain a row that references some other row', () => {
    const elsewhere = ins('channel_members', { channel_id: 'C01', user_id: 'U01' });
    const v = evaluateDiff(createChannel, diffOf({ inserts: [newChannel, elsewhere] }), { schema: slack });
    expect(v.unexplained.map((u) => u.key)).toEqual(['C01/U01']);
  });

  it('explains deletes that reference a deleted, explained row', () => {
    const s: AssertionSpec = { assertions: [{ diff_type: 'removed', entity: 'channels', where: { channel_id: 'C77' } }] };
    const v = evaluateDiff(s, diffOf({ deletes: [creatorMembership, newChannel] }), { schema: slack });
    expect(v.closed_world_passed).toBe(true);
  });

  it('without a schema, only assertions explain rows', () => {
    const v = evaluateDiff(createChannel, diffOf({ inserts: [newChannel, creatorMembership] }));
    expect(v.unexplained).toHaveLength(1);
    expect(v.unexplained[0]).toMatchObject({ kind: 'insert', table: 'channel_members', key: 'C77/U01' });
  });

  it('does not follow a foreign key across services', () => {
    const member = ins('channel_members', { channel_id: 'C77', user_id: 'U01' }, 'other');
    const channel = ins('channels', { channel_id: 'C77', channel_name: 'launch' }, 'slack');
    const v = evaluateDiff(createChannel, diffOf({ inserts: [channel, member] }), { schema: slack });
    expect(v.closed_world_passed).toBe(false);
  });

  it('an update whose changed fields are all ignored is not a change', () => {
    const touched = upd('channels', { channel_id: 'C01', updated_at: 't0' }, { channel_id: 'C01', updated_at: 't1' });
    const v = evaluateDiff(createChannel, diffOf({ inserts: [newChannel], updates: [touched] }), { schema: slack });
    expect(v.closed_world_passed).toBe(true);
    expect(v.explanations.update[0].ignoredChange).toBe(true);
  });

  it('lists an unexplained update with its non-ignored changed fields', () => {
    const before = { channel_id: 'C01', topic_text: 'a', updated_at: 't0' };
    const after = { channel_id: 'C01', topic_text: 'b', updated_at: 't1' };
    const v = evaluateDiff(createChannel, diffOf({ inserts: [newChannel], updates: [upd('channels', before, after)] }), { schema: slack });
    expect(v.unexplained).toEqual([
      { kind: 'update', table: 'channels', index: 0, key: 'C01', before, after, changedFields: ['topic_text'] },
    ]);
  });

  it('a changed assertion explains the updates it selects, even when its expectation fails', () => {
    const s: AssertionSpec = {
      assertions: [
        { diff_type: 'changed', entity: 'channels', where: { channel_id: 'C01' }, expected_changes: { topic_text: { to: 'x' } } },
      ],
    };
    const topic = upd('channels', { channel_id: 'C01', topic_text: 'a' }, { channel_id: 'C01', topic_text: 'b' });
    const v = evaluateDiff(s, diffOf({ updates: [topic] }));
    expect(v.agent_diff_passed).toBe(false);
    expect(v.closed_world_passed).toBe(true);
  });

  it('an assertion that forbids rows (expected_count 0) explains none', () => {
    const s: AssertionSpec = { assertions: [{ diff_type: 'removed', entity: 'messages', where: { message_id: '1' }, expected_count: 0 }] };
    const v = evaluateDiff(s, diffOf({ deletes: [ins('messages', { message_id: '1' })] }));
    expect(v.agent_diff_passed).toBe(false);
    expect(v.unexplained).toHaveLength(1);
  });

  it('an assertion of another diff type does not explain a row', () => {
    const s: AssertionSpec = { assertions: [{ diff_type: 'removed', entity: 'channels', expected_count: { min: 0 } }] };
    const v = evaluateDiff(s, diffOf({ inserts: [newChannel] }));
    expect(v.closed_world_passed).toBe(false);
  });

  it('guesses row keys from id and *_id columns without a schema', () => {
    const s: AssertionSpec = { assertions: [{ diff_type: 'added', entity: 'nothing', expected_count: 0 }] };
    const inserts = [
      ins('issues', { id: 'I-1', teamId: 'T1' }),
      ins('messages', { message_id: 'M1', channel_id: 'C1' }),
      ins('team_memberships', { teamId: 'T1', userId: 'U1' }),
    ];
    const v = evaluateDiff(s, diffOf({ inserts }));
    expect(v.unexplained.map((u) => u.key)).toEqual(['I-1', 'M1', 'T1/U1']);
  });
});
