import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSuite, type Suite } from '../../../src/scenarios/index.ts';
import { startServer, type ServerHandle } from '../../../src/cli/serve.ts';
import { ada, TINY_COMPANY, tinyCompanySeed, tinyCompanySuite } from '../../helpers/tinyCompany.ts';
import { makeFixture } from './fixtures.ts';

const fx = makeFixture();
fx.file(`seeds/${TINY_COMPANY}.json`, JSON.stringify(tinyCompanySeed));

let server: ServerHandle;

beforeAll(async () => {
  const loaded = loadSuite(tinyCompanySuite);
  if (!loaded.ok) throw new Error('suite');
  const suites: Suite[] = [loaded.suite];
  server = await startServer({ port: 0, seedsDir: fx.seeds, suites, poolSize: 0 });
}, 120_000);
afterAll(async () => {
  await server?.close();
  fx.cleanup();
});

const auth = { authorization: 'Bearer t', 'content-type': 'application/json' };

async function platform(method: string, path: string, body?: unknown): Promise<any> {
  const r = await fetch(`${server.url}/api/platform${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return r.json();
}

async function call(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const r = await fetch(`${server.url}${url}`, { headers: auth, ...init });
  return { status: r.status, body: await r.json() };
}

/** The same requests in an environment of the tiny company, and what its diff says of them; its id taken out. */
async function exercise(): Promise<unknown> {
  const env = await platform('POST', '/initEnv', { templateName: TINY_COMPANY, impersonateEmail: ada.email });
  const urls = env.environmentUrls as Record<string, string>;
  const post = (url: string, body: unknown) => call(url, { method: 'POST', body: JSON.stringify(body) });
  const run = await platform('POST', '/startRun', { envId: env.environmentId });
  const answers = [
    await post(`${urls.slack}/chat.postMessage`, { channel: 'general', text: 'first' }),
    await post(`${urls.slack}/chat.postMessage`, { channel: 'general', text: 'second' }),
    await call(`${urls.slack}/conversations.history?channel=C0GENERAL`),
    await post(`${urls.box}/folders`, { name: 'Plans', parent: { id: '0' } }),
    await call(`${urls.box}/folders/0/items`),
    await post(`${urls.calendar}/calendars/primary/events`, {
      summary: 'Sync',
      start: { dateTime: '2026-01-20T10:00:00Z' },
      end: { dateTime: '2026-01-20T10:30:00Z' },
    }),
    await call(`${urls.calendar}/calendars/primary/events`),
    await post(`${urls.linear}/graphql`, { query: '{ viewer { id name } users { nodes { id } } }' }),
    await post(`${urls.mail}/folders`, { display_name: 'Receipts' }),
    await call(`${urls.mail}/folders`),
  ];
  // The snapshot names are journal positions, counted on one sequence for all of the server's environments (a later
  // environment's are higher, pooled or not): they are left out, the journal's entries are compared in the diff.
  const { diff } = await platform('POST', '/diffRun', { runId: run.runId });
  await platform('DELETE', `/env/${env.environmentId}`);
  return JSON.parse(JSON.stringify({ answers, diff }).replaceAll(env.environmentId, 'ENV').replaceAll(env.schemaName, 'SCHEMA'));
}

describe('difflab serve with an environment pool', () => {
  it('answers in a pooled environment exactly as in one copied on demand, in all five services', async () => {
    const pool = server.workbench.engine.pool;
    const fresh = await exercise();
    pool.size = 2;
    pool.warm([TINY_COMPANY]);
    await pool.settled();
    expect(pool.stats().ready[TINY_COMPANY]).toBe(2);
    const hits = pool.stats().hits;
    const pooled = await exercise();
    expect(pool.stats().hits).toBe(hits + 1);
    expect(pooled).toEqual(fresh);
    // Writes happened, so the comparison compares something.
    expect(JSON.stringify(fresh)).toMatch(/"first".*"second"/s);
    expect(JSON.stringify(fresh)).toMatch(/Plans/);
    expect(JSON.stringify(fresh)).toMatch(/Sync/);
    expect(JSON.stringify(fresh)).toMatch(/Receipts/);
    await pool.settled();
    expect(pool.stats().ready[TINY_COMPANY]).toBe(2);
    pool.size = 0;
    await pool.settled();
  }, 120_000);
});
