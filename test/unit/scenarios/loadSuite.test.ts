import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../../src/scenarios/index.ts';
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
