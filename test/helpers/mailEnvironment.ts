import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SeedTables } from '../../src/engine/index.ts';
import { callTool } from '../../src/replicas/index.ts';
import { mail, MAIL_BASE_URL } from '../../src/replicas/mail/index.ts';
import { authHeaders, jsonResult, withReplicaEnvironment, type ReplicaTestEnvironment } from './replicaEnvironment.ts';

export interface MailTestEnvironment extends ReplicaTestEnvironment {
  /** An HTTP call below the base URL: GET/DELETE send `args` as the query string, other methods as a JSON body. */
  http(method: string, path: string, args?: Record<string, unknown>, options?: { token?: string | null }): Promise<{ status: number; body: any }>;
  /** The same operation as a tool call. */
  tool(name: string, args?: Record<string, unknown>): Promise<{ status: number; body: any }>;
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

/** A mail environment per test of a seed of scenarios/mail/seeds (acting as Amara Osei unless told). */
export function withMailEnvironment(seedName = 'mailhub', options: { actingUserId?: string | null } = {}): MailTestEnvironment {
  const base = withReplicaEnvironment({
    replicas: [mail],
    seed: () => mailSeed(seedName),
    template: `mail_${seedName}`,
    actingUserId: options.actingUserId === undefined ? 'amara.osei' : options.actingUserId,
    loadTimeout: 300_000,
    environmentTimeout: 60_000,
  });
  return Object.assign(base, {
    async http(method: string, path: string, args: Record<string, unknown> = {}, opts: { token?: string | null } = {}) {
      const headers = authHeaders(opts.token, 'test-token');
      const url = new URL(MAIL_BASE_URL + path.replace(/^\//, ''));
      let init: RequestInit = { method, headers };
      if (method === 'GET' || method === 'DELETE') {
        for (const [k, v] of Object.entries(args)) if (v !== undefined) url.searchParams.set(k, Array.isArray(v) ? v.join(',') : String(v));
      } else {
        headers['content-type'] = 'application/json';
        init = { method, headers, body: JSON.stringify(args) };
      }
      return jsonResult(await base.send(new Request(url, init)));
    },
    async tool(name: string, args: Record<string, unknown> = {}) {
      const r = await callTool(base.router, base.env, 'mail', name, args);
      return { status: r.status, body: r.body === '' ? null : r.body };
    },
  });
}
