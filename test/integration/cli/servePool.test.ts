import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSuite, type Suite } from '../../../src/scenarios/index.ts';
import { startServer, type ServerHandle } from '../../../src/cli/serve.ts';
import { ServeWorkers } from '../../../src/cli/serveWorkers/workers.ts';
import { ada, TINY_COMPANY, tinyCompanySeed, tinyCompanySuite } from '../../helpers/tinyCompany.ts';
import { makeFixture } from './fixtures.ts';

const fx = makeFixture();
fx.file(`seeds/${TINY_COMPANY}.json`, JSON.stringify(tinyCompanySeed));

let server: ServerHandle;

beforeAll(async () => {
  const loaded = loadSuite(tinyCompanySuite);
  if (!loaded.ok) throw new Error('suite');
  const suites: Suite[] = [loaded.suite];
  server = await startServer({ port: 0, seedsDir: fx.seeds, suites, poolSize: 0, workers: 2 });
  await server.workers.started;
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

const workerOf = (envId: string) => ServeWorkers.workerOf(server.platform.environment(envId)!.env);

/**
 * The same requests in an environment of the tiny company, and what its diff says of them (its id taken out), with
 * the worker that held it.
 */
async function exercise(): Promise<{ result: unknown; worker: number }> {
  const env = await platform('POST', '/initEnv', { templateName: TINY_COMPANY, impersonateEmail: ada.email });
  const worker = workerOf(env.environmentId);
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
  return { result: JSON.parse(JSON.stringify({ answers, diff }).replaceAll(env.environmentId, 'ENV').replaceAll(env.schemaName, 'SCHEMA')), worker };
}

/** An exercise in the worker that does not hold `busy`'s environment (new environments go to the emptier worker). */
async function exerciseBeside(): Promise<{ result: unknown; worker: number }> {
  const busy = await platform('POST', '/initEnv', { templateName: TINY_COMPANY });
  const done = await exercise();
  expect(done.worker).not.toBe(workerOf(busy.environmentId));
  await platform('DELETE', `/env/${busy.environmentId}`);
  return done;
}

const hitsOf = async () => (await server.workers.poolStats()).reduce((n, s) => n + s.hits, 0);

describe('difflab serve with an environment pool, over two workers', () => {
  it('answers in a pooled environment exactly as in one copied on demand, in all five services, in either worker', async () => {
    const fresh = await exercise();
    const freshBeside = await exerciseBeside();
    expect(freshBeside.worker).not.toBe(fresh.worker);
    await server.workers.setPool(2);
    await server.workers.warm([TINY_COMPANY]);
    await server.workers.settled();
    expect(server.workers.ready()[TINY_COMPANY]).toBe(4);
    const hits = await hitsOf();
    const pooled = await exercise();
    const pooledBeside = await exerciseBeside();
    expect(await hitsOf()).toBe(hits + 3);
    expect(pooledBeside.worker).not.toBe(pooled.worker);
    for (const other of [freshBeside, pooled, pooledBeside]) expect(other.result).toEqual(fresh.result);
    // Writes happened, so the comparison compares something.
    expect(JSON.stringify(fresh.result)).toMatch(/"first".*"second"/s);
    expect(JSON.stringify(fresh.result)).toMatch(/Plans/);
    expect(JSON.stringify(fresh.result)).toMatch(/Sync/);
    expect(JSON.stringify(fresh.result)).toMatch(/Receipts/);
    await server.workers.settled();
    expect(server.workers.ready()[TINY_COMPANY]).toBe(4);
    await server.workers.setPool(0);
    await server.workers.settled();
  }, 180_000);
});
