import { describe, expect, it } from 'vitest';
import { createRouter, type Replica, type RequestProblem } from '../../../src/replicas/index.ts';
import { withReplicaEnvironment } from '../../helpers/replicaEnvironment.ts';

// A replica of one table whose handlers misbehave on purpose, to test what the router guarantees every service.
const problems: RequestProblem[] = [];
const toy: Replica = {
  name: 'toy',
  title: 'Toy API',
  baseUrls: ['https://toy.example/'],
  servicePath: 'toy',
  schemaSql: 'CREATE TABLE things (id text PRIMARY KEY, label text);',
  routes: [
    {
      method: 'POST',
      path: 'spin',
      summary: 'writes forever',
      handler: async (_p, ctx) => {
        for (let i = 0; ; i++) await ctx.tx.query('INSERT INTO things (id) VALUES ($1)', [`spin-${i}`]);
      },
    },
    {
      method: 'POST',
      path: 'swallow',
      summary: 'writes until a statement fails, then claims success',
      handler: async (_p, ctx) => {
        try {
          for (let i = 0; ; i++) await ctx.tx.query('INSERT INTO things (id) VALUES ($1)', [`swallow-${i}`]);
        } catch {
          return Response.json({ ok: true });
        }
      },
    },
    { method: 'GET', path: 'things/{id}', summary: 'one thing', handler: async (_p, ctx) => Response.json(await ctx.tx.query('SELECT * FROM things WHERE id = $1', [ctx.pathParams.id])) },
  ],
  notFound: () => Response.json({ toy: 'not found' }, { status: 404 }),
  authenticate: () => null,
  internalError: () => Response.json({ toy: 'internal' }, { status: 500 }),
  readParams: async (request, url) => ({ ...Object.fromEntries(url.searchParams), ...(request.method === 'POST' ? await request.json().catch(() => ({})) : {}) }),
  requestProblem: (problem) => {
    problems.push(problem);
    return Response.json({ toy: problem.kind, detail: problem.detail }, { status: problem.kind === 'timeout' ? 503 : 400 });
  },
  faults: { rateLimited: () => Response.json({}, { status: 429 }), unavailable: () => Response.json({}, { status: 503 }) },
};

const t = withReplicaEnvironment({ replicas: [toy], seed: { things: [{ id: 'a', label: 'first' }] }, template: 'toy', actingUserId: null });
const router = createRouter([toy], { budgetMs: 1000 });
const post = (path: string, body: unknown = {}) => router.route(new Request(`https://toy.example/${path}`, { method: 'POST', body: JSON.stringify(body) }), t.env);

describe('router: every request is bounded in time', () => {
  it('stops a request past its budget, answers in the service’s shape and keeps none of its writes', async () => {
    const r = await post('spin');
    expect(r.status).toBe(503);
    expect(await r.json()).toMatchObject({ toy: 'timeout' });
    expect(await t.query('SELECT count(*)::int AS n FROM things')).toEqual([{ n: 1 }]);
  });

  it('answers a handler that swallowed the budget’s error as timed out too', async () => {
    const r = await post('swallow');
    expect(r.status).toBe(503);
    expect(await t.query("SELECT count(*)::int AS n FROM things WHERE id LIKE 'swallow-%'")).toEqual([{ n: 0 }]);
  });

  it('gives the event loop turns while it runs: a timer set after it started fires before it ends', async () => {
    const order: string[] = [];
    const running = post('spin').then(() => order.push('hostile request answered'));
    setTimeout(() => order.push('timer (a health check needs no more)'), 0);
    await running;
    expect(order).toEqual(['timer (a health check needs no more)', 'hostile request answered']);
  });
});

describe('router: input refused where it enters', () => {
  it('answers a path parameter that does not decode, and text the database would not store as sent, with the service’s requestProblem', async () => {
    problems.length = 0;
    const get = (path: string) => router.route(new Request(`https://toy.example/${path}`), t.env);
    expect(await (await get('things/%E0%A4%A')).json()).toMatchObject({ toy: 'malformed_path' });
    expect(await (await get('things/a%00')).json()).toMatchObject({ toy: 'unstorable' });
    expect(await (await get('things/a?label=%00')).json()).toMatchObject({ toy: 'unstorable' });
    expect(await (await post('spin', { deep: [{ x: ['ok', 'n\u0000'] }] })).json()).toMatchObject({ toy: 'unstorable' });
    // A lone surrogate (stored as U+FFFD) in a value or a key, and a leading U+FEFF (dropped when the row is read).
    expect(await (await post('spin', { text: 'x\ud800y' })).json()).toMatchObject({ toy: 'unstorable', detail: 'text contains a lone surrogate (U+D800)' });
    expect(await (await post('spin', { nested: { ['k\udc00']: 1 } })).json()).toMatchObject({ toy: 'unstorable' });
    expect(await (await post('spin', { names: ['ok', '\ufeffhi'] })).json()).toMatchObject({ toy: 'unstorable', detail: 'names.1 contains a leading U+FEFF (byte order mark)' });
    expect(problems.map((p) => (p.kind === 'unstorable' ? p.field : p.kind))).toEqual(['malformed_path', 'id', 'label', 'deep.0.x.1', 'text', 'nested.k\udc00', 'names.1']);
    expect(await (await get('things/a')).json()).toEqual([{ id: 'a', label: 'first' }]);
    // A surrogate pair and a U+FEFF inside the text are stored as sent.
    expect((await get('things/a?label=%F0%9F%98%80x%EF%BB%BF')).status).toBe(200);
  });
});

describe('router: a replica’s one-time load is not part of a request’s budget', () => {
  it('awaits `prepare` before the budget starts: a first request after a load longer than the budget is answered', async () => {
    let loaded = false;
    let loads = 0;
    let ready: Promise<void> | null = null;
    const slowToLoad: Replica = {
      ...toy,
      prepare: () => (ready ??= (loads++, new Promise<void>((resolve) => setTimeout(() => ((loaded = true), resolve()), 150)))),
      routes: [{ method: 'GET', path: 'loaded', summary: 'whether the load ran', handler: async (_p, ctx) => (await ctx.tx.query('SELECT 1'), Response.json({ loaded })) }],
    };
    const quick = createRouter([slowToLoad], { budgetMs: 50 });
    const get = () => quick.route(new Request('https://toy.example/loaded'), t.env);
    const first = await get();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ loaded: true });
    expect(await (await get()).json()).toEqual({ loaded: true });
    expect(loads).toBe(1);
  });
});

describe('router: a shell that loaded only some replicas', () => {
  const other: Replica = { ...toy, name: 'other', baseUrls: ['https://other.example/'], servicePath: 'other', notFound: () => Response.json({ other: 'not found' }, { status: 404 }) };

  it('loads the rest the first time a URL is for none of its replicas, and answers it as a full router would', async () => {
    let loads = 0;
    const partial = createRouter([toy], { loadOthers: async () => (loads++, [other, toy]) });
    const full = createRouter([other, toy]);
    const ask = (r: typeof full) => r.route(new Request('https://other.example/nowhere'), t.env);
    expect(loads).toBe(0);
    const [a, b] = [await ask(partial), await ask(full)];
    expect([a.status, await a.json()]).toEqual([b.status, await b.json()]);
    expect(a.status).toBe(404);
    expect(partial.replicas.map((r) => r.name)).toEqual(['other', 'toy']);
    await ask(partial);
    expect(loads).toBe(1);
  });

  it('still refuses a URL no replica serves', async () => {
    const partial = createRouter([toy], { loadOthers: async () => [other, toy] });
    await expect(partial.route(new Request('https://nobody.example/x'), t.env)).rejects.toThrow(/nobody\.example/);
  });
});
