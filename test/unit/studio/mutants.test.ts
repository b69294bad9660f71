import { describe, expect, it } from 'vitest';
import type { Diff, RowUpdate, SchemaInfo, SeedFile } from '../../../src/engine/index.ts';
import { evaluateDiff } from '../../../src/evaluation/index.ts';
import { loadSuite } from '../../../src/scenarios/index.ts';
import { lintScenario } from '../../../src/studio/lint.ts';
import { MUTATED_ROWS_PER_PART, mutantsOf, rowSample } from '../../../src/studio/mutants.ts';

// A bulk update like the mail suite's "mark every unread digest read": one changed row per message.
const schema: SchemaInfo = {
  tables: [{ name: 'messages', service: 'mail', primaryKey: ['id'], columns: ['id', 'from_email', 'is_read', 'body'].map((name) => ({ name, type: 'text' })) }],
  foreignKeys: [],
};
const N = 300;
const body = 'x'.repeat(2000);
const seed: SeedFile = { messages: Array.from({ length: N + 1 }, (_, i) => ({ id: `m${i}`, from_email: i < N ? 'digest@ops.example' : 'kofi@ops.example', is_read: false, body })) };
const reference: Diff = {
  inserts: [],
  updates: Array.from({ length: N }, (_, i): RowUpdate => ({ __table__: 'messages', before: { ...seed.messages[i] }, after: { ...seed.messages[i], is_read: true } })),
  deletes: [],
};
const loaded = loadSuite({
  format: 'difflab-suite/1', id: 's', name: 's', services: ['mail'], seed: 'x', closed_world: true,
  tests: [{ id: 't', title: 't', prompt: 'Mark every digest read.', assertions: [
    { diff_type: 'changed', entity: 'messages', where: { from_email: 'digest@ops.example' }, expected_changes: { is_read: { from: false, to: true } }, expected_count: N },
  ] }],
});
if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
const scenario = loaded.suite.tests[0];

describe('mutants of a bulk diff', () => {
  const snapshot = JSON.stringify(reference);
  const verdict = evaluateDiff(scenario.spec, reference, { schema, closedWorld: true });
  const mutants = mutantsOf({ scenario, reference, referenceVerdict: verdict, seed, schema });

  it('makes per-row mutants for an evenly spaced sample of a big diff, and leaves the reference as it was', () => {
    expect(verdict.passed).toBe(true);
    const dropped = mutants.filter((m) => m.kind === 'drop-change').map((m) => m.name);
    expect(dropped).toHaveLength(MUTATED_ROWS_PER_PART);
    expect(dropped[0]).toBe('drop-change: update messages#m0');
    expect(dropped.at(-1)).toBe(`drop-change: update messages#m${Math.floor(((MUTATED_ROWS_PER_PART - 1) * N) / MUTATED_ROWS_PER_PART)}`);
    expect(mutants.filter((m) => m.kind === 'change-asserted-value').length).toBeGreaterThanOrEqual(MUTATED_ROWS_PER_PART);
    expect(JSON.stringify(reference)).toBe(snapshot);
  });

  it('mutates every row of a diff under the cap, and the lint report says when it sampled', () => {
    const small = { ...reference, updates: reference.updates.slice(0, 5) };
    expect(rowSample(small)).toMatchObject({ mutated: 5, total: 5 });
    const none = { inserts: [], updates: [], deletes: [] };
    const lint = (diff: Diff) => lintScenario({ scenario, schema, seed, reference: { diff, answer: null, error: null }, empty: { diff: none, answer: null, error: null } });
    expect(lint(reference).sampledRows).toEqual({ mutated: MUTATED_ROWS_PER_PART, total: N });
    expect(lint(reference).score.caught).toBe(lint(reference).score.total);
    expect(rowSample(reference, 1000)).toMatchObject({ mutated: N, total: N });
    expect(mutantsOf({ scenario, reference, referenceVerdict: verdict, seed, schema }, rowSample(reference, 1000)).filter((m) => m.kind === 'drop-change')).toHaveLength(N);
  });

  it('shares every row a mutant does not change with the reference, so memory grows with mutants, not mutants × rows', () => {
    for (const m of mutants) {
      const copied = m.diff.updates.filter((u) => !reference.updates.includes(u));
      expect(copied.length, m.name).toBeLessThanOrEqual(1);
    }
    const changed = mutants.find((m) => m.name.startsWith('change-asserted-value: is_read'))!;
    const edited = changed.diff.updates.find((u) => !reference.updates.includes(u))!;
    expect(edited.after.is_read).not.toBe(true);
    expect(evaluateDiff(scenario.spec, changed.diff, { schema, closedWorld: true }).passed).toBe(false);
  });
});

describe('mutants for a guard that keeps rows unchanged', () => {
  // "Mark the digests read, but leave Kofi's mail alone": the guard is what Agent-Diff's open world has.
  const guarded = loadSuite({
    format: 'difflab-suite/1', id: 'g', name: 'g', services: ['mail'], seed: 'x', closed_world: true,
    tests: [{ id: 't', title: 't', prompt: 'Mark every digest read.', assertions: [
      { diff_type: 'changed', entity: 'messages', where: { from_email: 'digest@ops.example' }, expected_changes: { is_read: { from: false, to: true } }, expected_count: N },
      { diff_type: 'changed', entity: 'messages', where: { from_email: 'kofi@ops.example' }, expected_count: 0 },
    ] }],
  });
  if (!guarded.ok) throw new Error(JSON.stringify(guarded.issues));
  const guard = guarded.suite.tests[0];
  const none = { inserts: [], updates: [], deletes: [] };
  const report = lintScenario({ scenario: guard, schema, seed, reference: { diff: reference, answer: null, error: null }, empty: { diff: none, answer: null, error: null } });

  it('changes a row the guard keeps, which both verdicts catch, so the guard counts as needed', () => {
    const mutant = report.mutants.find((m) => m.kind === 'change-guarded-row');
    expect(mutant?.name).toBe('change-guarded-row: is_read of messages#m300 (the row assertions[1] keeps)');
    expect(mutant).toMatchObject({ caught: true, caughtOpenWorld: true });
    expect(report.assertions[1]).toMatchObject({ needed: true });
    expect(report.assertions[1].why).toMatch(/open-world/);
  });
});

describe('mutants of a change that touches only ignored columns', () => {
  // A calendar event whose attendee list changes gets a new etag: that update is no change to the verdict.
  const calSchema: SchemaInfo = {
    tables: [
      { name: 'calendar_events', service: 'calendar', primaryKey: ['id'], columns: ['id', 'summary', 'etag'].map((name) => ({ name, type: 'text' })) },
      { name: 'calendar_event_attendees', service: 'calendar', primaryKey: ['event_id', 'email'], columns: ['event_id', 'email'].map((name) => ({ name, type: 'text' })) },
    ],
    foreignKeys: [{ service: 'calendar', table: 'calendar_event_attendees', columns: ['event_id'], refTable: 'calendar_events', refColumns: ['id'] }],
  };
  const calSeed: SeedFile = { calendar_events: [{ id: 'e1', summary: 'Go/no-go', etag: '"1"' }], calendar_event_attendees: [] };
  const calReference: Diff = {
    inserts: [{ __table__: 'calendar_event_attendees', event_id: 'e1', email: 'ines@example.com' }],
    updates: [{ __table__: 'calendar_events', before: { id: 'e1', summary: 'Go/no-go', etag: '"1"' }, after: { id: 'e1', summary: 'Go/no-go', etag: '"2"' } }],
    deletes: [],
  };
  const suite = loadSuite({
    format: 'difflab-suite/1', id: 'c', name: 'c', services: ['calendar'], seed: 'x', ignore_fields: { global: ['etag'] },
    tests: [{ id: 't', title: 't', prompt: 'Invite Inès.', assertions: [{ diff_type: 'added', entity: 'calendar_event_attendees', where: { email: 'ines@example.com' }, expected_count: 1 }] }],
  });
  if (!suite.ok) throw new Error(JSON.stringify(suite.issues));
  const calScenario = suite.suite.tests[0];

  it('makes no drop-change mutant of it, and still drops the change that matters', () => {
    const verdict = evaluateDiff(calScenario.spec, calReference, { schema: calSchema, closedWorld: true });
    expect(verdict.passed).toBe(true);
    const dropped = mutantsOf({ scenario: calScenario, reference: calReference, referenceVerdict: verdict, seed: calSeed, schema: calSchema }).filter((m) => m.kind === 'drop-change').map((m) => m.name);
    expect(dropped).toEqual([expect.stringMatching(/^drop-change: insert calendar_event_attendees/)]);
  });
});

describe('mutants of a two-service diff whose services share a table name', () => {
  // Slack and MailHub both have `messages`: a guard on mail.messages must be tested on MailHub's row.
  const cols = (names: string[]) => names.map((name) => ({ name, type: 'text' }));
  const twoSchema: SchemaInfo = {
    tables: [
      { name: 'messages', service: 'slack', primaryKey: ['message_id'], columns: cols(['message_id', 'channel_id', 'message_text']) },
      { name: 'messages', service: 'mail', primaryKey: ['message_id'], columns: cols(['message_id', 'to_recipients', 'body']) },
    ],
    foreignKeys: [],
  };
  const twoSeed: SeedFile = {
    slack: { messages: [{ message_id: '1.0', channel_id: 'C1', message_text: 'old news about SUP-7' }] },
    mail: { messages: [{ message_id: 'm0', to_recipients: 'grace@example.com', body: 'SUP-7 was low priority' }] },
  };
  const twoReference: Diff = {
    inserts: [
      { __table__: 'messages', __service__: 'slack', message_id: '2.0', channel_id: 'C1', message_text: 'Urgent: SUP-1' },
      { __table__: 'messages', __service__: 'mail', message_id: 'm1', to_recipients: 'grace@example.com', body: 'Urgent: SUP-1' },
    ],
    updates: [],
    deletes: [],
  };
  const two = loadSuite({
    format: 'difflab-suite/1', id: 'two', name: 'two', services: ['slack', 'mail'], seed: 'x',
    tests: [{ id: 't', title: 't', prompt: 'Report the urgent issues.', assertions: [
      { diff_type: 'added', entity: 'slack.messages', where: { message_text: { contains: 'SUP-1' } }, expected_count: 1 },
      { diff_type: 'added', entity: 'mail.messages', where: { body: { contains: 'SUP-1' } }, expected_count: 1 },
      { diff_type: 'added', entity: 'mail.messages', where: { body: { contains: 'SUP-7' } }, expected_count: 0 },
    ] }],
  });
  if (!two.ok) throw new Error(JSON.stringify(two.issues));

  it('makes the guarded service’s row what the guard forbids, and the mutant is caught', () => {
    const scenarioTwo = two.suite.tests[0];
    const verdict = evaluateDiff(scenarioTwo.spec, twoReference, { schema: twoSchema, closedWorld: true });
    expect(verdict.passed).toBe(true);
    const forbidden = mutantsOf({ scenario: scenarioTwo, reference: twoReference, referenceVerdict: verdict, seed: twoSeed, schema: twoSchema }).filter((m) => /forbids/.test(m.name));
    expect(forbidden.map((m) => m.name)).toEqual(['change-asserted-value: make insert messages#m1 what assertions[2] forbids']);
    expect(evaluateDiff(scenarioTwo.spec, forbidden[0].diff, { schema: twoSchema, closedWorld: true }).passed).toBe(false);
  });
});
