import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSuite, type Suite } from '../../../src/scenarios/index.ts';
import { startServer, type ServerHandle } from '../../../src/cli/serve.ts';
import { ada, bob, folderAndPostSolution, TINY_COMPANY, tinyCompanySeed, tinyCompanySuite } from '../../helpers/tinyCompany.ts';
import { makeFixture } from './fixtures.ts';

const fx = makeFixture();
fx.file(`seeds/${TINY_COMPANY}.json`, JSON.stringify(tinyCompanySeed));
fx.file('company/suite.json', JSON.stringify(tinyCompanySuite));
fx.file('company/solutions/folder-and-post.js', folderAndPostSolution);

let server: ServerHandle;

beforeAll(async () => {
  const loaded = loadSuite(tinyCompanySuite);
  if (!loaded.ok) throw new Error('suite');
  const suites: Suite[] = [loaded.suite];
  // The company seed is the default behind every real path, acting as Bob (found by address in each service).
  server = await startServer({ port: 0, seedsDir: fx.seeds, suites, defaultSeed: TINY_COMPANY, defaultUser: bob.email });
}, 120_000);
afterAll(async () => {
  await server?.close();
  fx.cleanup();
});

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const r = await fetch(`${server.url}/api/platform${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: r.status, json: await r.json() };
}

const auth = { authorization: 'Bearer t', 'content-type': 'application/json' };

describe('difflab serve with a multi-service template', () => {
  it('initEnv answers every service with its URL and the identity it acts as', async () => {
    const init = await api('POST', '/initEnv', { templateName: TINY_COMPANY, impersonateEmail: ada.email });
    expect(init.status).toBe(201);
    const env = init.json;
    expect(env.services).toEqual(['slack', 'box', 'calendar', 'linear', 'mail']);
    expect(env.environmentUrls).toEqual({
      slack: `/api/env/${env.environmentId}/services/slack`,
      box: `/api/env/${env.environmentId}/services/box/2.0`,
      calendar: `/api/env/${env.environmentId}/services/calendar`,
      linear: `/api/env/${env.environmentId}/services/linear`,
      mail: `/api/env/${env.environmentId}/services/mail`,
    });
    expect(env.impersonateUsers).toEqual({ slack: ada.slack, box: ada.box, calendar: ada.calendar, linear: ada.linear, mail: ada.mail });
    const slack = await (await fetch(`${server.url}${env.environmentUrls.slack}/auth.test`, { method: 'POST', headers: auth })).json();
    const box = await (await fetch(`${server.url}${env.environmentUrls.box}/users/me`, { headers: auth })).json();
    expect([slack.user_id, box.id]).toEqual([ada.slack, ada.box]);
    await api('DELETE', `/env/${env.environmentId}`);
  });

  it('takes identities per service, and refuses a service the template lacks', async () => {
    const init = await api('POST', '/initEnv', { templateName: TINY_COMPANY, impersonateUsers: { slack: bob.slack, box: ada.box } });
    expect(init.json.impersonateUsers).toMatchObject({ slack: bob.slack, box: ada.box });
    await api('DELETE', `/env/${init.json.environmentId}`);
    const bad = await api('POST', '/initEnv', { templateName: TINY_COMPANY, impersonateUsers: { fax: 'x' } });
    expect(bad).toEqual({ status: 400, json: { detail: expect.stringMatching(/no fax data/) } });
    const notObject = await api('POST', '/initEnv', { templateName: TINY_COMPANY, impersonateUsers: 'U0BOB' });
    expect(notObject.status).toBe(400);
  });

  it('initEnv of a test acts as the test’s person in each service, and evaluates across services', async () => {
    const suites = (await api('GET', '/testSuites')).json.testSuites;
    const testId = (await api('GET', `/testSuites/${suites[0].id}`)).json.tests[0].id;
    const env = (await api('POST', '/initEnv', { testId })).json;
    expect(env.impersonateUsers).toMatchObject({ slack: ada.slack, box: ada.box });
    const run = (await api('POST', '/startRun', { envId: env.environmentId })).json;
    await fetch(`${server.url}${env.environmentUrls.box}/folders`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Plans', parent: { id: '0' } }) });
    const half = await api('POST', '/evaluateRun', { runId: run.runId });
    expect(half.json).toMatchObject({ passed: false, score: { passed: 1, total: 2 } });
    await fetch(`${server.url}${env.environmentUrls.slack}/chat.postMessage`, { method: 'POST', headers: auth, body: JSON.stringify({ channel: 'general', text: 'Plans folder is up' }) });
    expect((await api('POST', '/evaluateRun', { runId: run.runId })).json).toMatchObject({ passed: true });
    await api('DELETE', `/env/${env.environmentId}`);
  });

  it('--default-seed puts one environment of the company behind every real API path', async () => {
    const envs = new Set([...server.defaultEnvs.values()].map((r) => r.id));
    expect(envs.size).toBe(1);
    const slack = new WebClient('xoxb-x', { slackApiUrl: `${server.url}/api/`, retryConfig: { retries: 0 } });
    expect((await slack.auth.test()).user_id).toBe(bob.slack);
    await slack.chat.postMessage({ channel: 'general', text: 'via the SDK' });
    const me = await (await fetch(`${server.url}/2.0/users/me`, { headers: auth })).json();
    expect(me.id).toBe(bob.box);
    await fetch(`${server.url}/2.0/folders`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Bob things', parent: { id: '0' } }) });
    const diff = (await api('POST', '/diffRun', { envId: [...envs][0] })).json.diff;
    expect(diff.inserts.map((r: { __service__: string; __table__: string }) => `${r.__service__}.${r.__table__}`).sort()).toEqual(['box.box_folders', 'slack.messages']);
  });
});
