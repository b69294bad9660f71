import { describe, expect, it } from 'vitest';
import type { Diff, DiffRow, Row, RowUpdate, SchemaInfo } from '../../../src/engine/types.ts';
import { assertionsByRow, evaluateDiff, rowRefKey } from '../../../src/evaluation/evaluate.ts';
import type { Assertion, AssertionSpec } from '../../../src/evaluation/spec.ts';

const ins = (table: string, row: Row, service?: string): DiffRow =>
  service ? { ...row, __table__: table, __service__: service } : { ...row, __table__: table };
const upd = (table: string, before: Row, after: Row): RowUpdate => ({ __table__: table, before, after });
const diffOf = (d: Partial<Diff>): Diff => ({ inserts: d.inserts ?? [], updates: d.updates ?? [], deletes: d.deletes ?? [] });
const spec = (...assertions: Assertion[]): AssertionSpec => ({ assertions });
const agentDiff = (s: AssertionSpec, d: Diff, schema?: SchemaInfo) => evaluateDiff(s, d, { closedWorld: false, schema });

const hello = ins('messages', { message_id: '1699.1', channel_id: 'C01', message_text: 'hello team' });
const other = ins('messages', { message_id: '1699.2', channel_id: 'C02', message_text: 'hello there' });

describe('evaluateDiff: diff types', () => {
  it('added reads inserts, removed reads deletes, changed reads updates', () => {
    const d = diffOf({
      inserts: [hello],
      deletes: [ins('channels', { channel_id: 'C09' })],
      updates: [upd('channels', { channel_id: 'C01', topic_text: 'a' }, { channel_id: 'C01', topic_text: 'b' })],
    });
    const v = agentDiff(
      spec(
        { diff_type: 'added', entity: 'messages', where: { channel_id: 'C01' } },
        { diff_type: 'removed', entity: 'channels', where: { channel_id: 'C09' } },
        { diff_type: 'changed', entity: 'channels', where: { channel_id: 'C01' }, expected_changes: { topic_text: { to: 'b' } } },
        { diff_type: 'added', entity: 'channels', where: { channel_id: 'C09' } },
      ),
      d,
    );
    expect(v.assertions.map((a) => a.passed)).toEqual([true, true, true, false]);
    expect(v.assertions[0].matched).toEqual([{ kind: 'insert', table: 'messages', index: 0 }]);
    expect(v.assertions[2].matched).toEqual([{ kind: 'update', table: 'channels', index: 0 }]);
  });

  it('a changed row matches when where holds on its before image or its after image', () => {
    const d = diffOf({ updates: [upd('channels', { channel_id: 'C1', channel_name: 'old' }, { channel_id: 'C1', channel_name: 'new' })] });
    const byOld: Assertion = {
      diff_type: 'changed',
      entity: 'channels',
      where: { channel_name: 'old' },
      expected_changes: { channel_name: { to: 'new' } },
    };
    const byNew = { ...byOld, where: { channel_name: 'new' } };
    const byNeither = { ...byOld, where: { channel_name: 'other' } };
    expect(agentDiff(spec(byOld, byNew, byNeither), d).assertions.map((a) => a.passed)).toEqual([true, true, false]);
  });

  it('reports an unknown diff_type as a failed assertion instead of throwing', () => {
    const v = agentDiff(spec({ diff_type: 'moved', entity: 'messages' } as unknown as Assertion), diffOf({ inserts: [hello] }));
    expect(v.assertions[0].passed).toBe(false);
    expect(v.assertions[0].reason).toMatch(/unknown diff_type "moved"/);
  });

  it('a diff_type naming a JavaScript prototype property is unknown too', () => {
    for (const name of ['constructor', 'toString', '__proto__']) {
      const v = agentDiff(spec({ diff_type: name, entity: 'messages' } as unknown as Assertion), diffOf({ inserts: [hello] }));
      expect(v.assertions[0].reason).toBe(`unknown diff_type "${name}"`);
    }
  });
});

describe('evaluateDiff: expected_count', () => {
  const d = diffOf({ inserts: [hello, other] });
  const base: Assertion = { diff_type: 'added', entity: 'messages', where: { message_text: { contains: 'hello' } } };
  const check = (expected_count?: Assertion['expected_count']) =>
    agentDiff(spec(expected_count === undefined ? { ...base } : { ...base, expected_count }), d).assertions[0];

  it('without a count, at least one row must match', () => {
    expect(check().passed).toBe(true);
    const none = agentDiff(spec({ diff_type: 'added', entity: 'messages', where: { channel_id: 'C99' } }), d).assertions[0];
    expect(none.passed).toBe(false);
    expect(none.reason).toBe('expected at least 1 added messages row matching where, found 0');
  });

  it('an integer is exact', () => {
    expect(check(2).passed).toBe(true);
    expect(check(1).passed).toBe(false);
    expect(check(1).reason).toBe('expected 1 added messages row matching where, found 2');
  });

  it('0 means no row may match', () => {
    expect(check(0).passed).toBe(false);
    const none = agentDiff(spec({ diff_type: 'removed', entity: 'messages', expected_count: 0 }), d).assertions[0];
    expect(none.passed).toBe(true);
  });

  it('{min, max} is a range, either bound optional', () => {
    expect(check({ min: 1, max: 2 }).passed).toBe(true);
    expect(check({ min: 3 }).passed).toBe(false);
    expect(check({ max: 1 }).passed).toBe(false);
    expect(check({ max: 2 }).passed).toBe(true);
    expect(check({ min: 3, max: 5 }).reason).toBe('expected between 3 and 5 added messages rows matching where, found 2');
  });
});

describe('evaluateDiff: expected_changes', () => {
  const topic = upd(
    'channels',
    { channel_id: 'C1', topic_text: 'Q2 plans', is_archived: false },
    { channel_id: 'C1', topic_text: 'Q3 plans', is_archived: false },
  );
  const changed = (expected_changes: Assertion['expected_changes'], extra: Partial<Assertion> = {}) => {
    const a: Assertion = { diff_type: 'changed', entity: 'channels', where: { channel_id: 'C1' }, expected_changes, ...extra };
    return agentDiff(spec(a), diffOf({ updates: [topic] })).assertions[0];
  };

  it('checks from and to predicates on the field', () => {
    expect(changed({ topic_text: { from: { contains: 'Q2' }, to: { contains: 'Q3' } } }).passed).toBe(true);
    expect(changed({ topic_text: { from: { contains: 'Q1' }, to: { contains: 'Q3' } } }).passed).toBe(false);
    expect(changed({ topic_text: { to: { contains: 'Q4' } } }).passed).toBe(false);
  });

  it('a bare value means to: eq value', () => {
    expect(changed({ topic_text: 'Q3 plans' }).passed).toBe(true);
    expect(changed({ topic_text: 'Q4 plans' }).passed).toBe(false);
  });

  it('each listed field must actually have changed', () => {
    const r = changed({ topic_text: { to: { contains: 'Q3' } }, is_archived: { to: false } }, { expected_count: 1 });
    expect(r.passed).toBe(false);
    expect(r.reason).toContain('is_archived did not change');
  });

  it('{from: null} requires the old value to be null', () => {
    const d = diffOf({ updates: [upd('issues', { id: 'I1', dueDate: null }, { id: 'I1', dueDate: '2025-01-01' })] });
    const a = (from: unknown): Assertion => ({
      diff_type: 'changed',
      entity: 'issues',
      expected_changes: { dueDate: { from: from as null, to: { exists: true } } },
    });
    expect(agentDiff(spec(a(null)), d).assertions[0].passed).toBe(true);
    expect(agentDiff(spec(a('2024-12-31')), d).assertions[0].passed).toBe(false);
    const moved = diffOf({ updates: [upd('issues', { id: 'I1', dueDate: '2024-12-31' }, { id: 'I1', dueDate: '2025-01-01' })] });
    expect(agentDiff(spec(a(null)), moved).assertions[0].passed).toBe(false);
  });
});

describe('evaluateDiff: strict', () => {
  const archivedToo = upd(
    'channels',
    { channel_id: 'C1', topic_text: 'a', is_archived: false },
    { channel_id: 'C1', topic_text: 'b', is_archived: true },
  );
  const a: Assertion = { diff_type: 'changed', entity: 'channels', where: { channel_id: 'C1' }, expected_changes: { topic_text: { to: 'b' } } };

  it('fails a matched row that changed a field beyond expected_changes', () => {
    const r = agentDiff(spec(a), diffOf({ updates: [archivedToo] })).assertions[0];
    expect(r.passed).toBe(false);
    expect(r.reason).toContain('row channels#C1 changed extra field is_archived (strict)');
  });

  it('fails even when another row satisfies the count, as Agent-Diff does', () => {
    const clean = upd('channels', { channel_id: 'C1', topic_text: 'a' }, { channel_id: 'C1', topic_text: 'b' });
    const r = agentDiff(spec({ ...a, expected_count: { min: 1 } }), diffOf({ updates: [clean, archivedToo] })).assertions[0];
    expect(r.passed).toBe(false);
  });

  it('is off with strict: false', () => {
    expect(agentDiff({ assertions: [a], strict: false }, diffOf({ updates: [archivedToo] })).passed).toBe(true);
  });

  it('with no expected_changes, any non-ignored change of a selected row fails it', () => {
    const untouched: Assertion = { diff_type: 'changed', entity: 'channels', where: { channel_id: 'C1' }, expected_count: 0 };
    expect(agentDiff(spec(untouched), diffOf({ updates: [archivedToo] })).passed).toBe(false);
    expect(agentDiff(spec(untouched), diffOf({})).passed).toBe(true);
  });
});

describe('evaluateDiff: ignore_fields', () => {
  const touched = upd(
    'channels',
    { channel_id: 'C1', topic_text: 'a', updated_at: 't0', etag: '1' },
    { channel_id: 'C1', topic_text: 'b', updated_at: 't1', etag: '2' },
  );
  const a: Assertion = { diff_type: 'changed', entity: 'channels', where: { channel_id: 'C1' }, expected_changes: { topic_text: { to: 'b' } } };
  const run = (s: AssertionSpec) => agentDiff(s, diffOf({ updates: [touched] })).passed;

  it('without ignores, bookkeeping fields break strict', () => {
    expect(run({ assertions: [a] })).toBe(false);
  });

  it('global, per-entity and per-assertion ignores all count', () => {
    expect(run({ assertions: [a], ignore_fields: { global: ['updated_at', 'etag'] } })).toBe(true);
    expect(run({ assertions: [a], ignore_fields: { global: ['updated_at'], channels: ['etag'] } })).toBe(true);
    expect(run({ assertions: [a], ignore_fields: { global: ['updated_at'], messages: ['etag'] } })).toBe(false);
    expect(run({ assertions: [{ ...a, ignore: ['etag'] }], ignore_fields: { global: ['updated_at'] } })).toBe(true);
  });

  it('extraIgnore merges into the spec for both verdicts', () => {
    const extraIgnore = { global: ['updated_at'], channels: ['etag'] };
    const v = evaluateDiff({ assertions: [a] }, diffOf({ updates: [touched] }), { extraIgnore });
    expect(v.agent_diff_passed).toBe(true);
  });

  it('an ignored field listed in expected_changes never counts as changed', () => {
    const s: AssertionSpec = {
      assertions: [{ ...a, expected_changes: { etag: { to: '2' } } }],
      ignore_fields: { global: ['etag', 'updated_at', 'topic_text'] },
    };
    expect(run(s)).toBe(false);
  });
});

describe('evaluateDiff: dotted paths and JSON columns', () => {
  const event = ins('calendar_events', {
    id: 'evt1',
    summary: 'Telescope Alignment Ceremony',
    start: { dateTime: '2018-06-23T19:30:00+03:00', timeZone: 'Europe/Kyiv' },
    recurrence: ['RRULE:FREQ=WEEKLY'],
  });
  const where = (w: Assertion['where']) => spec({ diff_type: 'added', entity: 'calendar_events', where: w });

  it('walks into a parsed JSON column', () => {
    const d = diffOf({ inserts: [event] });
    expect(agentDiff(where({ 'start.dateTime': { contains: '2018-06-23T19:30' }, 'start.timeZone': 'Europe/Kyiv' }), d).passed).toBe(true);
    expect(agentDiff(where({ 'start.timeZone': 'America/Los_Angeles' }), d).passed).toBe(false);
  });

  it('reads a missing key, or a walk through a non-object, as null', () => {
    const missing = where({ 'start.date': { exists: false }, 'recurrence.0': null, 'summary.x': null });
    expect(agentDiff(missing, diffOf({ inserts: [event] })).passed).toBe(true);
  });

  it('parses a JSON column that arrives as text when the schema says it is JSON', () => {
    const asText = ins('calendar_events', { id: 'evt2', start: '{"dateTime": "2018-06-24T00:00:00", "timeZone": "America/Los_Angeles"}' });
    const schema: SchemaInfo = {
      tables: [
        {
          name: 'calendar_events',
          service: 'calendar',
          columns: [{ name: 'id', type: 'text' }, { name: 'start', type: 'jsonb' }],
          primaryKey: ['id'],
        },
      ],
      foreignKeys: [],
    };
    const s = where({ 'start.timeZone': 'America/Los_Angeles', start: { contains: '"dateTime":"2018-06-24T00:00' } });
    expect(agentDiff(s, diffOf({ inserts: [asText] }), schema).passed).toBe(true);
    // Without a schema only dotted keys walk into the text; contains then searches the text as it is.
    expect(agentDiff(where({ 'start.timeZone': 'America/Los_Angeles' }), diffOf({ inserts: [asText] })).passed).toBe(true);
    expect(agentDiff(s, diffOf({ inserts: [asText] })).passed).toBe(false);
  });

  it('does not parse a text column that only looks like JSON', () => {
    const note = ins('notes', { id: 'n1', body: '{"a": 1}' });
    const schema: SchemaInfo = {
      tables: [{ name: 'notes', service: 's', columns: [{ name: 'body', type: 'text' }], primaryKey: ['id'] }],
      foreignKeys: [],
    };
    const s = spec({ diff_type: 'added', entity: 'notes', where: { 'body.a': 1 } });
    expect(agentDiff(s, diffOf({ inserts: [note] }), schema).passed).toBe(false);
  });
});

describe('evaluateDiff: entities and services', () => {
  const slackUser = ins('users', { user_id: 'U1' }, 'slack');
  const linearUser = ins('users', { id: 'L1' }, 'linear');

  it('a bare entity matches the table in any service', () => {
    const d = diffOf({ inserts: [slackUser, linearUser] });
    expect(agentDiff(spec({ diff_type: 'added', entity: 'users', expected_count: 2 }), d).passed).toBe(true);
  });

  it('service.table matches that service only', () => {
    const d = diffOf({ inserts: [slackUser, linearUser] });
    const v = agentDiff(spec({ diff_type: 'added', entity: 'slack.users', expected_count: 1 }), d);
    expect(v.passed).toBe(true);
    expect(v.assertions[0].matched).toEqual([{ kind: 'insert', table: 'users', index: 0 }]);
  });
});

describe('evaluateDiff: score, failures and verdicts', () => {
  it('scores passed / total and writes one failure line per failed assertion', () => {
    const v = agentDiff(
      spec(
        { diff_type: 'added', entity: 'messages', where: { channel_id: 'C01' } },
        { diff_type: 'added', entity: 'messages', where: { channel_id: 'C77' }, description: 'posts in #random' },
        { diff_type: 'removed', entity: 'messages' },
      ),
      diffOf({ inserts: [hello] }),
    );
    expect(v.score).toEqual({ passed: 1, total: 3, percent: (1 / 3) * 100 });
    expect(v.agent_diff_passed).toBe(false);
    expect(v.failures).toEqual([
      'assertions[1] [posts in #random]: expected at least 1 added messages row matching where, found 0',
      'assertions[2]: expected at least 1 removed messages row matching where, found 0',
    ]);
  });

  it('an empty spec passes with 100%', () => {
    const v = agentDiff({ assertions: [] }, diffOf({}));
    expect(v.agent_diff_passed).toBe(true);
    expect(v.score.percent).toBe(100);
  });

  it('passed includes the closed world unless closedWorld is false', () => {
    const s = spec({ diff_type: 'added', entity: 'messages', where: { channel_id: 'C01' } });
    const d = diffOf({ inserts: [hello, other] });
    const closed = evaluateDiff(s, d);
    expect([closed.agent_diff_passed, closed.closed_world_passed, closed.passed]).toEqual([true, false, false]);
    const open = evaluateDiff(s, d, { closedWorld: false });
    expect([open.agent_diff_passed, open.closed_world_passed, open.passed]).toEqual([true, false, true]);
  });

  it('assertionsByRow tags each selected row with the assertions that explain it', () => {
    const v = evaluateDiff(
      spec(
        { diff_type: 'added', entity: 'messages', where: { message_text: { contains: 'hello' } } },
        { diff_type: 'added', entity: 'messages', where: { channel_id: 'C02' } },
      ),
      diffOf({ inserts: [hello, other] }),
    );
    const tags = assertionsByRow(v);
    expect(tags.get(rowRefKey('insert', 0))).toEqual([0]);
    expect(tags.get(rowRefKey('insert', 1))).toEqual([0, 1]);
    expect(tags.size).toBe(2);
  });
});
