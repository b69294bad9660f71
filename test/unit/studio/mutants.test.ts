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
