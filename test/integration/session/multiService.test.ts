import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeWorker } from '../../../src/cli/createNodeWorker.ts';
import { Engine } from '../../../src/engine/index.ts';
import { replicas } from '../../../src/replicas/index.ts';
import { loadSuite, type Scenario } from '../../../src/scenarios/index.ts';
import { Workbench, type Session } from '../../../src/session/index.ts';
import { ada, adaEverywhere, bob, folderAndPostSolution, TINY_COMPANY, tinyCompanySeed, tinyCompanySuite } from '../../helpers/tinyCompany.ts';

let workbench: Workbench;
let scenario: Scenario;

beforeAll(async () => {
  const engine = await Engine.create({ services: replicas });
  workbench = await Workbench.create({ engine, seeds: async () => tinyCompanySeed, createWorker: createNodeWorker });
  const loaded = loadSuite(tinyCompanySuite);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  scenario = loaded.suite.tests[0];
}, 120_000);
afterAll(() => workbench?.engine.close());

const headers = { Authorization: 'Bearer any-token', 'Content-Type': 'application/json' };

/** Who each service says the caller is. */
async function whoAmI(session: Session): Promise<Record<string, unknown>> {
  const get = async (url: string, init: RequestInit = {}) => (await session.handle(new Request(url, { headers, ...init }))).json();
  const slack = await get('https://slack.com/api/auth.test', { method: 'POST' });
  const box = await get('https://api.box.com/2.0/users/me');
  const calendar = await get('https://www.googleapis.com/calendar/v3/calendars/primary');
  const linear = await get('https://api.linear.app/graphql', { method: 'POST', body: JSON.stringify({ query: '{ viewer { id email } }' }) });
  const mail = await get('https://api.mailhub.example/v1/me');
  return { slack: slack.user_id, box: box.id, calendar: calendar.id, linear: linear.data?.viewer?.id, mail: mail.person_id ?? mail.id };
}

describe('an environment that spans five services', () => {
  it('acts as the same person in each service, under that service’s own id', async () => {
    const session = await workbench.open(scenario);
    try {
      expect(session.env.services).toEqual(['slack', 'box', 'calendar', 'linear', 'mail']);
      expect(await whoAmI(session)).toEqual({ slack: ada.slack, box: ada.box, calendar: ada.email, linear: ada.linear, mail: ada.mail });
    } finally {
      await session.dispose();
    }
  });

  it('lets a test replace one identity of its suite’s and keep the rest', async () => {
    const loaded = loadSuite({ ...tinyCompanySuite, tests: [{ ...tinyCompanySuite.tests[0], acting_user: { slack: bob.slack } }] });
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    const session = await workbench.open(loaded.suite.tests[0]);
    try {
      const who = await whoAmI(session);
      expect(who.slack).toBe(bob.slack);
      expect(who.box).toBe(ada.box);
    } finally {
      await session.dispose();
    }
  });

  it('passes a two-service task solved in both services', async () => {
    const session = await workbench.open(scenario);
    try {
      const step = await session.runStep(folderAndPostSolution);
      expect(step.script.ok).toBe(true);
      expect(step.verdict.passed).toBe(true);
      expect(new Set(step.runDiff.inserts.map((r) => r.__service__))).toEqual(new Set(['slack', 'box']));
    } finally {
      await session.dispose();
    }
  });

  it('fails the closed world on a side effect in a service the task does not name', async () => {
    const session = await workbench.open(scenario);
    try {
      const sideEffect = `
        await fetch('https://www.googleapis.com/calendar/v3/calendars/primary/events', { method: 'POST',
          headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
          body: JSON.stringify({ summary: 'Plans review', start: { dateTime: '2026-01-13T10:00:00Z' }, end: { dateTime: '2026-01-13T11:00:00Z' } }) });`;
      const step = await session.runStep(folderAndPostSolution + sideEffect);
      expect(step.verdict.agent_diff_passed).toBe(true);
      expect(step.verdict.passed).toBe(false);
      expect(step.verdict.unexplained).toEqual([expect.objectContaining({ service: 'calendar', table: 'calendar_events' })]);
    } finally {
      await session.dispose();
    }
  });

  it('opens an environment of the seed alone with the identities too (free play, serve)', async () => {
    const env = await workbench.openSeed(TINY_COMPANY, { actingUsers: adaEverywhere });
    try {
      expect(env.actingUserFor('box')).toBe(ada.box);
      expect(env.actingUserFor('other')).toBeNull();
    } finally {
      await env.dispose();
    }
  });
});
