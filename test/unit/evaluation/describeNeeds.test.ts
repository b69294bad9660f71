import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeNeeds } from '../../../src/evaluation/index.ts';
import { loadSuite } from '../../../src/scenarios/index.ts';

// "Nothing changed yet: <what the task needs>" is generated from the assertions; every scenario of every suite in
// scenarios/ must get a sentence a person can act on.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const suites = readdirSync(join(root, 'scenarios'))
  .map((dir) => join(root, 'scenarios', dir, 'suite.json'))
  .filter(existsSync);

describe('what the task needs, for a run that changed nothing', () => {
  it('reads an added row, a change and a forbidden removal', () => {
    expect(
      describeNeeds({
        assertions: [
          { diff_type: 'added', entity: 'messages', where: { channel_id: 'C07RANDOM', message_text: { contains: 'launch' } }, expected_count: 1 },
          { diff_type: 'changed', entity: 'channels', where: { channel_id: 'C1' }, expected_changes: { topic_text: { to: 'Q1' } } },
          { diff_type: 'removed', entity: 'channels', expected_count: 0 },
        ],
      }),
    ).toBe('this task needs one new row in messages where channel_id is "C07RANDOM" and message_text contains "launch"; at least one changed row in channels where channel_id is "C1": topic_text set to "Q1", and no rows removed from channels');
  });

  it('counts what it does not spell out, and names answer checks', () => {
    const add = (n: number) => ({ diff_type: 'added' as const, entity: `t${n}`, expected_count: 2 });
    expect(describeNeeds({ assertions: [1, 2, 3, 4, 5].map(add) }, { answerChecks: 1 })).toBe(
      'this task needs two new rows in t1; two new rows in t2; two new rows in t3; 2 more changes (see the assertions); an answer that passes its answer check',
    );
  });

  it.each(suites.map((f) => [f.slice(root.length + 1), f]))('generates a sensible sentence for every scenario of %s', (_name, file) => {
    const loaded = loadSuite(JSON.parse(readFileSync(file, 'utf8')));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues.slice(0, 3)));
    expect(loaded.suite.tests.length).toBeGreaterThan(0);
    for (const t of loaded.suite.tests) {
      const text = describeNeeds(t.spec, { answerChecks: t.answerChecks.length });
      const where = `${t.id}: ${text}`;
      expect(text, where).toMatch(/^this task (needs|is met by leaving things as they are|has no assertions)/);
      expect(text, where).not.toMatch(/undefined|\[object Object\]|NaN|\bis is\b|\b(to|from) (is|starts|ends|contains|exists)\b/);
      // Each table the task needs a change in is named.
      for (const a of t.spec.assertions.slice(0, 3)) expect(text, where).toContain(a.entity);
      expect(text.length, where).toBeLessThan(900);
    }
  });
});
