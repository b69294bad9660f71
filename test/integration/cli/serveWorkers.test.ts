import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../../src/cli/serve.ts';
import { ServeWorkers } from '../../../src/cli/serveWorkers/workers.ts';
import { healthAndReadDuring } from '../../helpers/serveProbes.ts';

// Issue 33: environments live in worker threads, each with its own PGlite; the HTTP front runs no SQL. Order, not
// speed: each test holds work in flight in one worker and checks what is answered before it finishes.
let server: ServerHandle;
/** An untouched environment in the worker that does not hold the default Linear environment. */
let beside: string;

beforeAll(async () => {
  server = await startServer({ port: 0, seedsDir: 'scenarios', workers: 2 });
  await server.workers.started;
  const linearWorker = ServeWorkers.workerOf(server.defaultEnvs.get('linear')!.env);
  for (let i = 0; i < 6 && !beside; i++) {
    const id = (await platform('POST', '/initEnv', { templateName: 'northwind_slack' })).environmentId as string;
    if (workerOf(id) !== linearWorker) beside = id;
  }
  if (!beside) throw new Error('no environment was placed beside the default Linear environment');
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const workerOf = (envId: string) => ServeWorkers.workerOf(server.platform.environment(envId)!.env);

async function platform(method: string, path: string, body?: unknown): Promise<any> {
  const r = await fetch(`${server.url}/api/platform${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return r.json();
}

/** A POST on its own connection: `sent` once its bytes are handed to the system, `answer` with its response. */
function post(path: string, body: unknown): { sent: Promise<void>; answer: Promise<{ status: number; body: any }> } {
  const bytes = Buffer.from(JSON.stringify(body));
  let sent!: () => void;
  const sentP = new Promise<void>((resolve) => (sent = resolve));
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': bytes.length, authorization: 'Bearer t' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    req.on('error', reject);
    req.end(bytes, () => sent());
  });
  return { sent: sentP, answer };
}

const othersDuring = (order: string[]) => healthAndReadDuring(server.url, beside, order);

describe('serve: environments in worker threads (issue 33)', () => {
  it('a 9,900-point Linear query in one worker: a health check and a read in another worker are answered before it', async () => {
    // 250 issues with 32 comments each, one SQL statement per issue's comments, in one transaction.
    const query = '{ issues(first: 250) { nodes { id title comments(first: 32) { nodes { id body } } } } }';
    const long = post('/graphql', { query });
    await long.sent;
    const order: string[] = [];
    const done = long.answer.then((a) => (order.push('long'), a));
    await othersDuring(order);
    const answer = await done;
    expect(order.indexOf('long')).toBe(2);
    // A loaded machine may take it past Linear's 5 s budget: then it is Linear's timeout, not a crash.
    if (answer.status === 200) expect(answer.body.data.issues.nodes.length).toBeGreaterThan(0);
    else expect(answer.body.errors[0].message).toBe('Request timed out');
  }, 120_000);

  it('while 24 environments of the five-service template are created at once, a health check and a read come first', async () => {
    const bulk = Array.from({ length: 24 }, () => post('/api/platform/initEnv', { templateName: 'fernbrook' }));
    await Promise.all(bulk.map((b) => b.sent));
    const order: string[] = [];
    const created = Promise.all(bulk.map((b) => b.answer)).then((all) => (order.push('bulk'), all));
    await othersDuring(order);
    const all = await created;
    expect(order.indexOf('bulk')).toBe(2);
    expect(all.map((a) => a.status)).toEqual(Array(24).fill(201));
    // Both workers took some.
    expect(new Set(all.map((a) => workerOf(a.body.environmentId))).size).toBe(2);
    for (const a of all) await platform('DELETE', `/env/${a.body.environmentId}`);
  }, 300_000);

  it("keeps a connection open for Node's fetch across requests, one after another", async () => {
    // Node's fetch (undici) takes 2 s off the server's Keep-Alive hint; at serve's former 1 s it closed the connection
    // after every answer, and each request of an SDK on Node paid a new connection.
    let opened = 0;
    const count = () => void opened++;
    subscribe('net.server.socket', count);
    try {
      for (let i = 0; i < 6; i++) {
        const r = await fetch(`${server.url}/api/env/${beside}/services/slack/conversations.list`, { method: 'POST', headers: { authorization: 'Bearer x' } });
        expect((await r.json()).ok).toBe(true);
      }
    } finally {
      unsubscribe('net.server.socket', count);
    }
    expect(opened).toBeLessThanOrEqual(1);
  }, 120_000);

  it('a worker that stops: its environments answer 503 saying so, the server and the other worker go on', async () => {
    const lost = server.defaultEnvs.get('linear')!;
    const index = ServeWorkers.workerOf(lost.env);
    expect(workerOf(beside)).not.toBe(index);
    await server.workers.crash(index);
    const r = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { authorization: 'Bearer x', 'content-type': 'application/json' }, body: '{"query":"{ viewer { id } }"}' });
    expect(r.status).toBe(503);
    expect((await r.json()).detail).toMatch(/worker thread holding this environment stopped .*create a new one/);
    const diff = await fetch(`${server.url}/api/platform/diffRun`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ envId: lost.id }) });
    expect(diff.status).toBe(503);
    const order: string[] = [];
    await othersDuring(order);
    expect(order.sort()).toEqual(['health', 'read']);
    const fresh = await platform('POST', '/initEnv', { templateName: 'larkspur_linear' });
    expect(fresh.environmentId).toBeTruthy();
    const q = await fetch(`${server.url}${fresh.environmentUrl}/graphql`, { method: 'POST', headers: { authorization: 'Bearer x', 'content-type': 'application/json' }, body: '{"query":"{ viewer { id } }"}' });
    expect(q.status).toBe(200);
  }, 300_000);
});
