import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../../src/scenarios/index.ts';

describe('loadSuite reports every problem of a file', () => {
  it('a DiffLab suite with five problems in four tests: all five, in file order, each with its path', () => {
    const suite = {
      format: 'difflab-suite/1',
      id: 'broken',
      name: 'Broken',
      services: ['slack'],
      seed: 's',
      tests: [
        { id: 'a', title: 't', prompt: 'p', assertions: [{ diff_type: 'created', entity: 'messages' }] },
        { id: 'b', prompt: 'p', assertions: [{ diff_type: 'added', entity: 'messages', where: { channel_id: { contians: 'C' } } }] },
        { id: 'c', title: 't', prompt: 5, assertions: [{ diff_type: 'added', entity: 'messages' }] },
        { id: 'a', title: 't', prompt: 'p', assertions: [{ diff_type: 'added', entity: 'messages' }] },
      ],
    };
    const result = loadSuite(suite);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.path)).toEqual([
      '$.tests[0].assertions[0].diff_type',
      '$.tests[1].title',
      '$.tests[1].assertions[0].where.channel_id.contians',
      '$.tests[2].prompt',
      '$.tests[3].id',
    ]);
    expect(result.issues[2].message).toMatch(/did you mean "contains"/);
    expect(result.issues[4].message).toBe('duplicate test id "a"');
  });

  it('an Agent-Diff suite: its format problems and its assertions’ together', () => {
    const suite = {
      name: 'Broken',
      service: 'slack',
      tests: [
        { id: 't1', name: 'x', seed_template: 's', assertions: [{ diff_type: 'created', entity: 'messages' }] },
        { id: 't2', name: 'x', prompt: 'p', seed_template: 's', assertions: [{ diff_type: 'added', entity: 'messages', expected_count: 'one' }] },
      ],
    };
    const result = loadSuite(suite);
    expect(result.ok ? [] : result.issues.map((i) => i.path)).toEqual(['$.tests[0].prompt', '$.tests[0].assertions[0].diff_type', '$.tests[1].assertions[0].expected_count']);
  });
});
