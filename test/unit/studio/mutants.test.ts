import { describe, expect, it } from 'vitest';
import type { Diff, RowUpdate, SchemaInfo, SeedFile } from '../../../src/engine/index.ts';
import { evaluateDiff } from '../../../src/evaluation/index.ts';
import { loadSuite } from '../../../src/scenarios/index.ts';
import { mutantsOf } from '../../../src/studio/mutants.ts';

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

  it('makes one drop-change and one changed value per row, and leaves the reference as it was', () => {
    expect(verdict.passed).toBe(true);
    expect(mutants.filter((m) => m.kind === 'drop-change')).toHaveLength(N);
    expect(mutants.filter((m) => m.kind === 'change-asserted-value').length).toBeGreaterThanOrEqual(N);
    expect(JSON.stringify(reference)).toBe(snapshot);
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
