import { describe, expect, it } from 'vitest';
import type { Diff, SchemaInfo, SeedFile } from '../../../src/engine/index.ts';
import { loadSuite, type Scenario } from '../../../src/scenarios/index.ts';
import { lintScenario, suiteScore } from '../../../src/studio/lint.ts';

const schema: SchemaInfo = {
  tables: [
    { name: 'channels', service: 'slack', primaryKey: ['channel_id'], columns: ['channel_id', 'channel_name', 'topic_text'].map((name) => ({ name, type: 'text' })) },
    { name: 'messages', service: 'slack', primaryKey: ['message_id'], columns: ['message_id', 'channel_id', 'user_id', 'message_text'].map((name) => ({ name, type: 'text' })) },
  ],
  foreignKeys: [{ table: 'messages', columns: ['channel_id'], refTable: 'channels', refColumns: ['channel_id'] }],
};
const seed: SeedFile = {
  channels: [
    { channel_id: 'C07RANDOM', channel_name: 'random', topic_text: 'fun' },
    { channel_id: 'C07ENG', channel_name: 'engineering', topic_text: 'builds' },
  ],
  messages: [
    { message_id: '1768000000.000100', channel_id: 'C07RANDOM', user_id: 'U07MAYA', message_text: 'lunch?' },
    { message_id: '1768000000.000200', channel_id: 'C07ENG', user_id: 'U07LEO', message_text: 'deploy at 5' },
  ],
};
const posted: Diff = {
  inserts: [{ __table__: 'messages', message_id: '1768496401.000100', channel_id: 'C07RANDOM', user_id: 'U07BEACON', message_text: 'Board games on the 4th floor' }],
  updates: [],
  deletes: [],
};
const nothing: Diff = { inserts: [], updates: [], deletes: [] };

function scenario(test: Record<string, unknown>, closedWorld = true): Scenario {
  const loaded = loadSuite({
    format: 'difflab-suite/1', id: 's', name: 's', services: ['slack'], seed: 'x', closed_world: closedWorld,
    tests: [{ id: 't', title: 't', prompt: 'Tell #random that board games moved to the 4th floor.', ...test }],
  });
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  return loaded.suite.tests[0];
}

const lint = (s: Scenario, reference: Diff = posted) =>
  lintScenario({ scenario: s, schema, seed, reference: { diff: reference, answer: null, error: null }, empty: { diff: nothing, answer: null, error: null } });

const strong = { diff_type: 'added', entity: 'messages', where: { channel_id: 'C07RANDOM', message_text: { regex: '(?i)4th floor' } }, expected_count: 1 };

describe('scenario lint', () => {
  it('passes a sound scenario and catches every mutant of its diff', () => {
    const r = lint(scenario({ assertions: [strong] }));
    expect(r.problems).toEqual([]);
    expect(r.referencePassed).toBe(true);
    expect(r.emptyFailed).toBe(true);
    expect(r.mutants.map((m) => m.kind).sort()).toEqual(
      ['add-unrelated-insert', 'add-unrelated-insert', 'change-asserted-value', 'change-asserted-value', 'delete-unrelated-row', 'delete-unrelated-row', 'drop-change'].sort(),
    );
    expect(r.mutants.filter((m) => !m.caught)).toEqual([]);
    expect(r.score).toEqual({ caught: 7, total: 7 });
    expect(r.assertions).toEqual([expect.objectContaining({ index: 0, needed: true })]);
  });

  it('finds a planted weak scenario: one the empty script passes', () => {
    const r = lint(scenario({ assertions: [{ ...strong, expected_count: { min: 0 } }] }, false));
    expect(r.emptyFailed).toBe(false);
    expect(r.problems).toContain('the empty script passes: the assertions do not require any change');
  });

  it('names the planted mutants the assertions miss: no count and an open world let extra changes through', () => {
    const weak = { diff_type: 'added', entity: 'messages', where: { channel_id: 'C07RANDOM' } };
    const r = lint(scenario({ assertions: [{ ...weak, expected_count: 1 }] }));
    expect(r.problems).toEqual([]);
    expect(r.mutants.every((m) => m.caught)).toBe(true);
    // Without a count and without the closed world, another message in #random or a deleted one goes unnoticed.
    const open = lint(scenario({ assertions: [weak] }, false));
    const missed = open.mutants.filter((m) => !m.caught).map((m) => m.name);
    expect(missed).toContain('add-unrelated-insert: messages (a copy of a seed row)');
    expect(missed).toContain('delete-unrelated-row: messages#1768000000.000100');
    expect(open.warnings).toContain('mutant not caught — add-unrelated-insert: messages (a copy of a seed row)');
    expect(open.score.caught).toBeLessThan(open.score.total);
    expect(suiteScore([r, open]).total).toBe(r.score.total + open.score.total);
  });

  it('flags an assertion no mutant needs as redundant', () => {
    const twice = { ...strong, description: 'same again' };
    const r = lint(scenario({ assertions: [strong, twice] }));
    expect(r.assertions.map((a) => a.needed)).toEqual([false, false]);
    expect(r.warnings).toContain('assertions[1] [same again] is redundant');
  });

  it('makes the row an assertion forbids, so a "but not …" assertion is shown to be needed', () => {
    const notLunch = { diff_type: 'added', entity: 'messages', where: { channel_id: 'C07RANDOM', message_text: { regex: '(?i)lunch' } }, expected_count: 0, description: 'no lunch talk' };
    const r = lint(scenario({ assertions: [strong, notLunch] }));
    const forbidden = r.mutants.find((m) => m.name.includes('what assertions[1] forbids'));
    expect(forbidden).toMatchObject({ kind: 'change-asserted-value', caught: true });
    expect(r.assertions[1]).toMatchObject({ needed: true });
    expect(r.assertions[1].why).toContain('what assertions[1] forbids');
  });

  it('fails a reference solution that does not pass', () => {
    const r = lint(scenario({ assertions: [strong] }), nothing);
    expect(r.referencePassed).toBe(false);
    expect(r.problems[0]).toMatch(/^reference solution fails: assertions\[0\]/);
    expect(r.mutants).toEqual([]);
  });

  it('flags database ids in the prompt unless the scenario says ids are explicit', () => {
    const withId = { prompt: 'Post in C07RANDOM that board games moved to the 4th floor.', assertions: [strong] };
    expect(lint(scenario(withId)).promptIds).toEqual(['C07RANDOM']);
    expect(lint(scenario(withId)).problems.some((p) => p.includes('names database ids (C07RANDOM)'))).toBe(true);
    expect(lint(scenario({ ...withId, metadata: { explicit_ids: true } })).promptIds).toEqual([]);
    // A channel's name is not an id.
    expect(lint(scenario({ assertions: [strong] })).promptIds).toEqual([]);
  });
});

describe('lint: how assertions are written', () => {
  it('warns that exact equality on a message body is brittle, and says what to use instead', () => {
    const r = lint(scenario({ assertions: [{ diff_type: 'added', entity: 'messages', where: { channel_id: 'C07RANDOM', message_text: 'Board games on the 4th floor' }, expected_count: 1 }] }));
    expect(r.problems).toEqual([]);
    expect(r.warnings).toContain(
      'assertions[0].where.message_text is brittle: exact text ("Board games on the 4th floor") fails any rewording; match the words that matter (contains, i_contains, regex)',
    );
  });

  it('is not brittle when the prompt spells out that very text, or for a short value, a name, or text it forbids', () => {
    const asked = scenario({
      prompt: 'Post exactly "Board games on the 4th floor" in #random.',
      assertions: [{ diff_type: 'added', entity: 'messages', where: { channel_id: 'C07RANDOM', message_text: 'Board games on the 4th floor' }, expected_count: 1 }],
    });
    expect(lint(asked).warnings.filter((w) => w.includes('brittle'))).toEqual([]);
    const s = scenario({
      assertions: [
        { diff_type: 'added', entity: 'messages', where: { channel_id: 'C07RANDOM', message_text: { i_contains: '4th floor' } }, expected_count: 1 },
        { diff_type: 'added', entity: 'channels', where: { channel_name: 'Board game night planning crew' }, expected_count: 0 },
        { diff_type: 'added', entity: 'messages', where: { message_text: 'Free pizza for everyone today' }, expected_count: 0 },
      ],
    });
    expect(lint(s).warnings.filter((w) => w.includes('brittle'))).toEqual([]);
  });

  it('warns about loose conditions: none at all, a one-letter contains, a pattern that matches anything', () => {
    const s = scenario({
      assertions: [
        { diff_type: 'added', entity: 'messages' },
        { diff_type: 'added', entity: 'messages', where: { message_text: { contains: '4' } }, expected_count: 1 },
        { diff_type: 'added', entity: 'messages', where: { message_text: { regex: '.*' } }, expected_count: 1 },
        { diff_type: 'added', entity: 'messages', where: { message_text: { regex: '^(?!lunch)' } }, expected_count: 1 },
      ],
    });
    const loose = lint(s).warnings.filter((w) => w.includes('loose'));
    expect(loose).toEqual([
      'assertions[0] is loose: no where, no expected_count, no expected_changes — any added messages row passes it',
      'assertions[1].where.message_text is loose: contains "4" matches nearly any text',
      'assertions[2].where.message_text is loose: regex ".*" matches any text',
    ]);
  });
});
