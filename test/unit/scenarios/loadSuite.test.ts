import { describe, expect, it } from 'vitest';
import { guessSuiteFormat, loadSuite } from '../../../src/scenarios/index.ts';
import { adaEverywhere, bob, tinyCompanySuite } from '../../helpers/tinyCompany.ts';

const withTest = (test: Record<string, unknown>, suite: Record<string, unknown> = {}) =>
  loadSuite({ ...tinyCompanySuite, ...suite, tests: [{ ...tinyCompanySuite.tests[0], ...test }] });

describe('loadSuite: services and acting users of multi-service suites', () => {
  it('gives a test its own services and the person’s identity in each', () => {
    const r = withTest({});
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.suite.services).toEqual(['slack', 'box', 'calendar', 'linear', 'mail']);
    expect(r.suite.tests[0]).toMatchObject({ services: ['slack', 'box'], actingUserId: null, actingUsers: adaEverywhere });
  });

  it('merges a test’s identities over its suite’s, and lets one id replace them all', () => {
    const merged = withTest({ acting_user: { slack: bob.slack } });
    expect(merged.ok && merged.suite.tests[0].actingUsers).toEqual({ ...adaEverywhere, slack: bob.slack });
    const single = withTest({ acting_user: 'U0BOB' });
    expect(single.ok && single.suite.tests[0].actingUserId).toBe('U0BOB');
    expect(single.ok && single.suite.tests[0].actingUsers).toBeUndefined();
  });

  it('keeps the single-string form: one id, the suite’s services', () => {
    const r = loadSuite({ ...tinyCompanySuite, services: ['slack'], acting_user: 'U0ADA', tests: [{ ...tinyCompanySuite.tests[0], services: undefined }] });
    expect(r.ok && r.suite.tests[0]).toMatchObject({ services: ['slack'], actingUserId: 'U0ADA' });
    expect(r.ok && r.suite.tests[0].actingUsers).toBeUndefined();
  });

  it('names the path of a service that is not the suite’s, in services and in acting_user', () => {
    const r = withTest({ services: ['slack', 'fax'], acting_user: { telex: 'x' } }, { acting_user: { box: '1', pager: 'y' } });
    expect(r.ok).toBe(false);
    const paths = r.ok ? [] : r.issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['$.tests[0].services[1]', '$.tests[0].acting_user.telex', '$.acting_user.pager']));
  });
});

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
    expect(result.ok ? [] : result.issues.map((i) => i.path)).toEqual(['$.format', '$.tests[0].prompt', '$.tests[0].assertions[0].diff_type', '$.tests[1].assertions[0].expected_count']);
  });
});

describe('loadSuite: a file without "format"', () => {
  const difflabish = {
    id: 'mine',
    name: 'Mine',
    services: ['slack'],
    seed: 'northwind_slack',
    tests: [
      { id: 'a', title: 'A', prompt: 'p', assertions: [{ diff_type: 'added', entity: 'messages' }] },
      { id: 'b', title: 'B', assertions: [{ diff_type: 'added', entity: 'messages' }] },
    ],
  };

  it('that looks like a DiffLab suite is checked as one: the guess said once, then only DiffLab’s problems', () => {
    const result = loadSuite(difflabish);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.path)).toEqual(['$.format', '$.tests[1].prompt']);
    expect(result.issues[0].message).toMatch(/looks like a DiffLab suite \(it has "services", "seed", tests with "title"\).*add "format": "difflab-suite\/1"/);
    expect(result.issues.filter((i) => /Agent-Diff|seed_template|"name"/.test(i.message))).toEqual([]);
  });

  it('that is otherwise right still says what is missing', () => {
    const result = loadSuite({ ...difflabish, tests: [difflabish.tests[0]] });
    expect(result.ok ? [] : result.issues.map((i) => i.path)).toEqual(['$.format']);
  });

  it('that looks like Agent-Diff’s says so once, not in every message', () => {
    const result = loadSuite({ name: 'N', service: 'slack', tests: [{ id: 1, name: 'x', seed_template: 's' }, { id: 2, name: 'y' }] });
    const messages = result.ok ? [] : result.issues.map((i) => i.message);
    expect(messages.filter((m) => m.includes('Agent-Diff'))).toHaveLength(1);
    expect(messages[0]).toMatch(/read as an Agent-Diff suite \(it has "service"/);
  });

  it('guesses by the keys only one format has', () => {
    expect(guessSuiteFormat(difflabish)).toMatchObject({ format: 'difflab', declared: false });
    expect(guessSuiteFormat({ name: 'n', service: 'box', tests: [] })).toMatchObject({ format: 'agent-diff', declared: false });
    expect(guessSuiteFormat({ format: 'x' })).toMatchObject({ format: 'difflab', declared: true });
  });
});
