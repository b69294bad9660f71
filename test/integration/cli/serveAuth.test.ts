import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../../src/cli/serve.ts';
import { makeFixture } from './fixtures.ts';

const fx = makeFixture();
let server: ServerHandle;

beforeAll(async () => {
  server = await startServer({ port: 0, seedsDir: fx.seeds, suites: [] });
}, 120_000);
afterAll(async () => {
  await server?.close();
  fx.cleanup();
});

async function initEnv(): Promise<{ environmentId: string; environmentUrl: string; token: unknown }> {
  const response = await fetch(`${server.url}/api/platform/initEnv`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'ad_live_anything' },
    body: JSON.stringify({ templateService: 'slack', templateName: 'tiny_slack', impersonateUserId: 'U1' }),
  });
  return response.json();
}

async function slack(url: string, method: string, headers: Record<string, string>, body: unknown = {}): Promise<any> {
  const response = await fetch(`${url}/${method}`, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(body) });
  return response.json();
}

describe('difflab serve: what authenticates a service request', () => {
  it("initEnv returns a token that the environment's services accept (Agent-Diff's executors send it as a bearer token)", async () => {
    const env = await initEnv();
    expect(env.token).toEqual(expect.any(String));
    const url = `${server.url}${env.environmentUrl}`;
    expect(await slack(url, 'auth.test', { authorization: `Bearer ${env.token}` })).toMatchObject({ ok: true, user_id: 'U1' });
  });

  it("accepts the platform's X-API-Key in place of a token on an environment's paths, as Agent-Diff's server does", async () => {
    const env = await initEnv();
    const url = `${server.url}${env.environmentUrl}`;
    const posted = await slack(url, 'chat.postMessage', { 'x-api-key': 'ad_live_anything' }, { channel: 'C1', text: 'keyed' });
    expect(posted).toMatchObject({ ok: true, message: { text: 'keyed', user: 'U1' } });
    // Below the service path Agent-Diff's executors also keep the real base path (`https://slack.com/api/…`).
    expect(await slack(`${url}/api`, 'auth.test', { 'x-api-key': 'k' })).toMatchObject({ ok: true, user_id: 'U1' });
  });

  it('still refuses a request with neither, and counts no X-API-Key at a real API path', async () => {
    const env = await initEnv();
    expect(await slack(`${server.url}${env.environmentUrl}`, 'auth.test', {})).toMatchObject({ ok: false, error: 'not_authed' });
    expect(await slack(`${server.url}${env.environmentUrl}`, 'auth.test', { 'x-api-key': ' ' })).toMatchObject({ ok: false, error: 'not_authed' });
    expect(await slack(`${server.url}/api`, 'auth.test', { 'x-api-key': 'ad_live_anything' })).toMatchObject({ ok: false, error: 'not_authed' });
  });
});
