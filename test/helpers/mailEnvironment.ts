import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { Engine, type Diff, type Environment, type Row, type SeedTables } from '../../src/engine/index.ts';
import { callTool, createRouter, type Router } from '../../src/replicas/index.ts';
import { mail, MAIL_BASE_URL } from '../../src/replicas/mail/index.ts';

export interface MailTestEnvironment {
  readonly engine: Engine;
  readonly router: Router;
  readonly env: Environment;
  /** An HTTP call below the base URL: GET/DELETE send `args` as the query string, other methods as a JSON body. */
  http(method: string, path: string, args?: Record<string, unknown>, options?: { token?: string | null }): Promise<{ status: number; body: any }>;
  /** The same operation as a tool call. */
  tool(name: string, args?: Record<string, unknown>): Promise<{ status: number; body: any }>;
  actAs(personId: string | null): void;
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  diff(): Promise<Diff>;
}

const seedCache = new Map<string, SeedTables>();

/** A seed of scenarios/mail/seeds by name (`mailhub`, `mailhub_scaled`). */
export function mailSeed(name = 'mailhub'): SeedTables {
  if (!seedCache.has(name)) {
    const file = resolve(import.meta.dirname, '../../scenarios/mail/seeds', `${name}.json`);
    seedCache.set(name, JSON.parse(readFileSync(file, 'utf8')));
  }
  return seedCache.get(name)!;
}

/** One engine per test file with the seed as a template, and a fresh environment per test (acting as Amara Osei). */
export function withMailEnvironment(seedName = 'mailhub', options: { actingUserId?: string | null } = {}): MailTestEnvironment {
  const template = `mail_${seedName}`;
  let engine: Engine;
  let router: Router;
  let env: Environment;
  beforeAll(async () => {
    engine = await Engine.create({ services: [mail] });
    await engine.loadTemplate(template, mailSeed(seedName));
    router = createRouter([mail]);
  }, 300_000);
  afterAll(async () => {
    await engine?.close();
  });
  beforeEach(async () => {
    env = await engine.createEnvironment(template, { actingUserId: options.actingUserId === undefined ? 'amara.osei' : options.actingUserId });
  }, 60_000);
  afterEach(async () => {
    await env?.dispose();
  });

  async function http(method: string, path: string, args: Record<string, unknown> = {}, opts: { token?: string | null } = {}) {
    const headers: Record<string, string> = {};
    const token = opts.token === undefined ? 'test-token' : opts.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    const url = new URL(MAIL_BASE_URL + path.replace(/^\//, ''));
    let init: RequestInit = { method, headers };
    if (method === 'GET' || method === 'DELETE') {
      for (const [k, v] of Object.entries(args)) if (v !== undefined) url.searchParams.set(k, Array.isArray(v) ? v.join(',') : String(v));
    } else {
      headers['content-type'] = 'application/json';
      init = { method, headers, body: JSON.stringify(args) };
    }
    const res = await router.route(new Request(url, init), env);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  return {
    get engine() {
      return engine;
    },
    get router() {
      return router;
    },
    get env() {
      return env;
    },
    http,
    async tool(name, args = {}) {
      const r = await callTool(router, env, 'mail', name, args);
      return { status: r.status, body: r.body === '' ? null : r.body };
    },
    actAs(personId) {
      env.actingUserId = personId;
    },
    query<T = Row>(sql: string, params: unknown[] = []) {
      return env.transaction('mail', (tx) => tx.query<T>(sql, params));
    },
    diff() {
      return env.diff();
    },
  };
}
