import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { Engine, type Diff, type Environment, type Row, type SeedFile } from '../../src/engine/index.ts';
import { createRouter, type Replica, type Router } from '../../src/replicas/index.ts';

export interface ReplicaEnvironmentOptions {
  /** The replicas to load; `query` runs against the first one's tables. */
  replicas: Replica[];
  seed: SeedFile | (() => SeedFile);
  template: string;
  actingUserId: string | null;
  /** Clock start of each environment (ms since the epoch); default the replica's. */
  clockStart?: number;
  /** Time allowed to start the engine and load the seed (default 120 s). */
  loadTimeout?: number;
  /** Time allowed to create each test's environment (default vitest's). */
  environmentTimeout?: number;
}

export interface ReplicaTestEnvironment {
  readonly engine: Engine;
  readonly router: Router;
  /** A fresh environment of the seed for each test. */
  readonly env: Environment;
  /** Sends any Request through the router into this test's environment. */
  send(request: Request): Promise<Response>;
  /** Makes later calls act as this user. */
  actAs(userId: string | null): void;
  /** Rows of the environment, by SQL against the (first) replica's tables. */
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  diff(): Promise<Diff>;
}

/**
 * One Engine (PGlite, seconds to start) per test file with the seed loaded as a template, and a fresh environment per
 * test. Requests go through the real router, as a script's fetch would. Service helpers add their request style with
 * `Object.assign(withReplicaEnvironment(…), { … })`, which keeps the getters.
 */
export function withReplicaEnvironment(options: ReplicaEnvironmentOptions): ReplicaTestEnvironment {
  const { replicas, template, actingUserId, clockStart } = options;
  let engine: Engine;
  let router: Router;
  let env: Environment;

  beforeAll(async () => {
    engine = await Engine.create({ services: replicas });
    await engine.loadTemplate(template, typeof options.seed === 'function' ? options.seed() : options.seed);
    router = createRouter(replicas);
  }, options.loadTimeout ?? 120_000);
  afterAll(async () => {
    await engine?.close();
  });
  beforeEach(async () => {
    env = await engine.createEnvironment(template, { actingUserId, ...(clockStart === undefined ? {} : { clockStart }) });
  }, options.environmentTimeout);
  afterEach(async () => {
    await env?.dispose();
  });

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
    send(request) {
      return router.route(request, env);
    },
    actAs(userId) {
      env.actingUserId = userId;
    },
    query<T = Row>(sql: string, params: unknown[] = []) {
      return env.transaction(replicas[0].name, (tx) => tx.query<T>(sql, params));
    },
    diff() {
      return env.diff();
    },
  };
}

/** An `Authorization` header for `token` (`undefined` means the helper's default, null means none). */
export function authHeaders(token: string | null | undefined, fallback: string, scheme = 'Bearer '): Record<string, string> {
  const value = token === undefined ? fallback : token;
  return value === null ? {} : { authorization: `${scheme}${value}` };
}

/** The status and body of a response; an empty body reads as null. */
export async function jsonResult(res: Response): Promise<{ status: number; body: any }> {
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
