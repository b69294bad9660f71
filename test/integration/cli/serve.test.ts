import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../../src/cli/serve.ts';
import { loadSuiteFile } from '../../../src/cli/suites.ts';
import { addedHello, makeFixture } from './fixtures.ts';

const fx = makeFixture();
let server: ServerHandle;
let base: string;

beforeAll(async () => {
  server = await startServer({ port: 0, seedsDir: fx.seeds, suites: [loadSuiteFile(fx.suite).suite, loadSuiteFile(fx.agentDiffSuite).suite] });
  base = server.url;
}, 120_000);
afterAll(async () => {
  await server?.close();
  fx.cleanup();
});

/** What Agent-Diff's SDKs send: JSON bodies and an X-API-Key header (any value is accepted). */
async function api(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${base}/api/platform${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-api-key': 'ad_live_anything' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

const slackClient = (url: string) => new WebClient('xoxb-difflab-test', { slackApiUrl: url, retryConfig: { retries: 0 } });

describe('difflab serve: the Agent-Diff platform API', () => {
  it('lists templates, suites and tests with the SDKs field names and UUID ids', async () => {
    expect((await api('GET', '/health')).json).toMatchObject({ status: 'healthy' });

    const templates = (await api('GET', '/templates')).json.templates;
    expect(templates).toEqual([{ id: expect.stringMatching(/^[0-9a-f-]{36}$/), service: 'slack', description: expect.any(String), name: 'tiny_slack' }]);
    const detail = await api('GET', `/templates/${templates[0].id}`);
    expect(detail.json).toMatchObject({ id: templates[0].id, name: 'tiny_slack', service: 'slack', version: expect.any(String), schemaName: expect.any(String) });

    const suites = (await api('GET', '/testSuites')).json.testSuites;
    expect(suites.map((s: { name: string }) => s.name)).toEqual(['Tiny suite', 'Tiny (Agent-Diff format)']);
    const suite = suites[1];
    expect(suite).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Tiny (Agent-Diff format)', description: '' });

    const minimal = (await api('GET', `/testSuites/${suite.id}`)).json;
    expect(minimal).toEqual({ tests: [expect.objectContaining({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), prompt: 'Post hello' })] });

    const expanded = (await api('GET', `/testSuites/${suite.id}?expand=tests`)).json;
    expect(expanded).toMatchObject({ id: suite.id, name: suite.name, owner: expect.any(String), visibility: 'public', created_at: expect.any(String), updated_at: expect.any(String) });
    expect(expanded.tests[0]).toMatchObject({
      id: minimal.tests[0].id,
      name: 'Say hello',
      prompt: 'Post hello',
      type: 'actionEval',
      seed_template: 'tiny_slack',
      expected_output: { assertions: [addedHello] },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await api('GET', `/tests/${minimal.tests[0].id}`)).json).toMatchObject({ id: minimal.tests[0].id, name: 'Say hello' });
  });

  it('runs initEnv → startRun → service call → evaluateRun → diffRun → results → DELETE env', async () => {
    const suites = (await api('GET', '/testSuites')).json.testSuites;
    const testId = (await api('GET', `/testSuites/${suites[0].id}`)).json.tests[0].id;

    const init = await api('POST', '/initEnv', { testId });
    expect(init.status).toBe(201);
    const env = init.json;
    expect(env).toMatchObject({
      environmentId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      templateSchema: 'tiny_slack',
      schemaName: expect.any(String),
      service: 'slack',
      environmentUrl: `/api/env/${env.environmentId}/services/slack`,
    });
    expect(Date.parse(env.expiresAt)).toBeGreaterThan(Date.now());

    const start = await api('POST', '/startRun', { envId: env.environmentId, testId, testSuiteId: null });
    expect(start.status).toBe(201);
    expect(start.json).toEqual({ runId: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'running', beforeSnapshot: expect.any(String) });

    const posted = await fetch(`${base}${env.environmentUrl}/chat.postMessage`, {
      method: 'POST',
      headers: { authorization: 'Bearer xoxb-agent', 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ channel: 'C1', text: 'hello from the agent' }),
    });
    expect(await posted.json()).toMatchObject({ ok: true, channel: 'C1', message: { text: 'hello from the agent', user: 'U1' } });

    const evaluated = await api('POST', '/evaluateRun', { runId: start.json.runId });
    expect(evaluated.status).toBe(200);
    expect(evaluated.json).toMatchObject({ runId: start.json.runId, status: 'passed', passed: true, score: { passed: 1, total: 1, percent: 100 } });

    const diff = await api('POST', '/diffRun', { runId: start.json.runId });
    expect(diff.json).toMatchObject({ beforeSnapshot: start.json.beforeSnapshot, afterSnapshot: expect.any(String) });
    expect(diff.json.diff.inserts).toEqual([expect.objectContaining({ __table__: 'messages', message_text: 'hello from the agent' })]);
    expect(diff.json.diff.updates).toEqual([]);
    expect(diff.json.diff.deletes).toEqual([]);

    const results = await api('GET', `/results/${start.json.runId}`);
    expect(results.json).toMatchObject({ runId: start.json.runId, status: 'passed', passed: true, failures: [], createdAt: expect.any(String) });
    expect(results.json.diff.inserts).toHaveLength(1);

    const deleted = await api('DELETE', `/env/${env.environmentId}`);
    expect(deleted.json).toEqual({ environmentId: env.environmentId, status: 'deleted' });
    const gone = await fetch(`${base}${env.environmentUrl}/auth.test`, { method: 'POST', headers: { authorization: 'Bearer x' } });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ detail: 'environment not found' });
    expect((await api('DELETE', `/env/${env.environmentId}`)).status).toBe(404);
  });

  it('creates environments by template name, id or email, and evaluates a failing run', async () => {
    const byName = await api('POST', '/initEnv', { templateService: 'slack', templateName: 'tiny_slack', impersonateUserId: 'U2', testId: null });
    expect(byName.status).toBe(201);
    const whoami = await fetch(`${base}${byName.json.environmentUrl}/auth.test`, { method: 'POST', headers: { authorization: 'Bearer x' } });
    expect(await whoami.json()).toMatchObject({ ok: true, user_id: 'U2' });

    const templateId = (await api('GET', '/templates')).json.templates[0].id;
    const byEmail = await api('POST', '/initEnv', { templateId, impersonateEmail: 'cy@tiny.example' });
    expect(byEmail.status).toBe(201);
    const cy = await fetch(`${base}${byEmail.json.environmentUrl}/auth.test`, { method: 'POST', headers: { authorization: 'Bearer x' } });
    expect(await cy.json()).toMatchObject({ user_id: 'U3' });

    // No test: evaluateRun takes Agent-Diff's expectedOutput; nothing was done, so it fails.
    const run = await api('POST', '/startRun', { envId: byName.json.environmentId });
    const evaluated = await api('POST', '/evaluateRun', { runId: run.json.runId, expectedOutput: { assertions: [addedHello] } });
    expect(evaluated.json).toMatchObject({ status: 'failed', passed: false, score: { passed: 0, total: 1, percent: 0 } });
    const results = await api('GET', `/results/${run.json.runId}`);
    expect(results.json.failures).toEqual([expect.any(String)]);
  });

  it('creates suites and adds tests, validating their assertions', async () => {
    const created = await api('POST', '/testSuites', { name: 'Mine', description: 'made over HTTP', visibility: 'private' });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Mine', description: 'made over HTTP', visibility: 'private' });

    const added = await api('POST', `/testSuites/${created.json.id}/tests`, {
      tests: [{ name: 'hello', prompt: 'Say hello', type: 'actionEval', expected_output: JSON.stringify({ assertions: [addedHello] }), environmentTemplate: 'tiny_slack', impersonateUserId: 'U1' }],
    });
    expect(added.status).toBe(201);
    expect(added.json.tests[0]).toMatchObject({ name: 'hello', seed_template: 'tiny_slack', expected_output: { assertions: [addedHello] } });

    const bad = await api('POST', `/testSuites/${created.json.id}/tests`, {
      tests: [{ name: 'x', prompt: 'y', type: 'actionEval', expected_output: { assertions: [{ diff_type: 'grown', entity: 'messages' }] }, environmentTemplate: 'nope' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.detail).toMatch(/tests\[0\]\.environmentTemplate: unknown template "nope"/);
    expect(bad.json.detail).toMatch(/tests\[0\]\.expected_output\.assertions\[0\]\.diff_type/);

    const env = await api('POST', '/initEnv', { testId: added.json.tests[0].id });
    expect(env.status).toBe(201);
    await api('DELETE', `/env/${env.json.environmentId}`);
  });

  it('answers bad requests with {detail} and the right status', async () => {
    expect(await api('POST', '/initEnv', '{not json')).toEqual({ status: 400, json: { detail: 'invalid JSON in request body' } });
    expect((await api('POST', '/initEnv', { templateName: 'missing', impersonateUserId: 'U1' })).status).toBe(400);
    expect((await api('POST', '/initEnv', { testId: '00000000-0000-0000-0000-000000000000' })).status).toBe(404);
    expect((await api('POST', '/initEnv', {})).json.detail).toMatch(/provide testId/);
    expect((await api('POST', '/startRun', { envId: 'nope' })).status).toBe(404);
    expect((await api('POST', '/evaluateRun', {})).status).toBe(400);
    expect((await api('GET', '/results/nope')).status).toBe(404);
    expect((await api('GET', '/nothing-here')).status).toBe(404);
    expect((await api('DELETE', '/testSuites')).status).toBe(405);
    const unknownService = await fetch(`${base}/api/env/${server.defaultEnvs.get('slack')!.id}/services/fax/send`);
    expect(unknownService.status).toBe(404);
  });
});

describe('difflab serve: the official Slack SDK', () => {
  it('works against an environment from initEnv', async () => {
    const env = (await api('POST', '/initEnv', { templateService: 'slack', templateName: 'tiny_slack', impersonateUserId: 'U1' })).json;
    const slack = slackClient(`${base}${env.environmentUrl}/`);

    const posted = await slack.chat.postMessage({ channel: 'C1', text: 'hello via WebClient' });
    expect(posted).toMatchObject({ ok: true, channel: 'C1', message: { text: 'hello via WebClient' } });

    const page1 = await slack.conversations.list({ limit: 2 });
    expect(page1.channels).toHaveLength(2);
    const cursor = page1.response_metadata?.next_cursor;
    expect(cursor).toBeTruthy();
    const page2 = await slack.conversations.list({ limit: 2, cursor });
    const names = [...page1.channels!, ...page2.channels!].map((c) => c.name).sort();
    expect(names).toEqual(['dev', 'general', 'random']);
    expect(page2.response_metadata?.next_cursor ?? '').toBe('');

    const history = await slack.conversations.history({ channel: 'C1' });
    expect(history.messages!.map((m) => m.text)).toEqual(['hello via WebClient', 'hello world']);

    expect(await slack.reactions.add({ channel: 'C1', timestamp: '1700000000.000100', name: 'tada' })).toMatchObject({ ok: true });
    const invited = await slack.conversations.invite({ channel: 'C2', users: 'U2,U3' });
    expect(invited).toMatchObject({ ok: true, channel: { id: 'C2' } });
    const members = await slack.conversations.members({ channel: 'C2' });
    expect(members.members!.sort()).toEqual(['U1', 'U2', 'U3']);

    await expect(slack.chat.postMessage({ channel: 'C404', text: 'x' })).rejects.toMatchObject({ data: { ok: false, error: 'channel_not_found' } });

    const diff = (await api('POST', '/diffRun', { envId: env.environmentId })).json.diff;
    const inserted = diff.inserts.map((r: { __table__: string }) => r.__table__).sort();
    expect(inserted).toEqual(['channel_members', 'channel_members', 'message_reactions', 'messages']);
    await api('DELETE', `/env/${env.environmentId}`);
  });

  it('works against the default environment at /api/', async () => {
    expect(server.defaultEnvs.get('slack')).toBeDefined();
    const slack = slackClient(`${base}/api/`);
    const auth = await slack.auth.test();
    expect(auth).toMatchObject({ ok: true, user_id: 'U1' });
    const posted = await slack.chat.postMessage({ channel: 'C1', text: 'hello default env' });
    expect(posted.ok).toBe(true);
    const diff = (await api('POST', '/diffRun', { envId: server.defaultEnvs.get('slack')!.id })).json.diff;
    expect(diff.inserts).toEqual([expect.objectContaining({ __table__: 'messages', message_text: 'hello default env' })]);
  });

  it('routes a real API path on the server root to its service, and names the paths it serves otherwise', async () => {
    // https://api.slack.com/auth.test is a Slack base too; at the root it claims only paths a Slack route matches.
    const auth = await fetch(`${base}/auth.test`, { method: 'POST', headers: { authorization: 'Bearer xoxb-x' } });
    expect(await auth.json()).toMatchObject({ ok: true, user_id: 'U1' });
    const lost = await fetch(`${base}/fax/v1/send`);
    expect(lost.status).toBe(404);
    expect((await lost.json()).detail).toMatch(/each service at its real API path: .*\/api\//);
  });
});
