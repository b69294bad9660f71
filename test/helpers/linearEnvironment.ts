import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { Engine, type Diff, type Environment, type Row, type SeedTables } from '../../src/engine/index.ts';
import { createRouter, type Router } from '../../src/replicas/index.ts';
import { linear } from '../../src/replicas/linear/index.ts';

export interface LinearTestEnvironment {
  readonly env: Environment;
  readonly router: Router;
  /** POSTs a GraphQL request to https://api.linear.app/graphql; returns the HTTP status and parsed body. */
  gql(query: string, variables?: Record<string, unknown>, options?: { token?: string | null }): Promise<{ status: number; body: any }>;
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  diff(): Promise<Diff>;
}

/** One Engine per test file with `seed` loaded as a template, a fresh environment per test, calls through the router. */
export function withLinearEnvironment(seed: SeedTables, actingUserId: string, template = 'linear_unit'): LinearTestEnvironment {
  let engine: Engine;
  let router: Router;
  let env: Environment;
  beforeAll(async () => {
    engine = await Engine.create({ services: [linear] });
    await engine.loadTemplate(template, seed);
    router = createRouter([linear]);
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
  });
  beforeEach(async () => {
    env = await engine.createEnvironment(template, { actingUserId });
  });
  afterEach(async () => {
    await env?.dispose();
  });
  return {
    get env() {
      return env;
    },
    get router() {
      return router;
    },
    async gql(query, variables, options = {}) {
      const token = options.token === undefined ? 'lin_api_test' : options.token;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (token !== null) headers.authorization = token;
      const res = await router.route(
        new Request('https://api.linear.app/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) }),
        env,
      );
      return { status: res.status, body: await res.json() };
    },
    query<T = Row>(sql: string, params: unknown[] = []) {
      return env.transaction('linear', (tx) => tx.query<T>(sql, params));
    },
    diff() {
      return env.diff();
    },
  };
}
