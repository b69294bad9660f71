import type { SeedTables } from '../../src/engine/index.ts';
import { linear } from '../../src/replicas/linear/index.ts';
import { authHeaders, withReplicaEnvironment, type ReplicaTestEnvironment } from './replicaEnvironment.ts';

export interface LinearTestEnvironment extends ReplicaTestEnvironment {
  /** POSTs a GraphQL request to https://api.linear.app/graphql; returns the HTTP status and parsed body. */
  gql(query: string, variables?: Record<string, unknown>, options?: { token?: string | null }): Promise<{ status: number; body: any }>;
}

/** A Linear environment per test acting as `actingUserId`; GraphQL requests with a personal API key (no Bearer). */
export function withLinearEnvironment(seed: SeedTables, actingUserId: string, template = 'linear_unit'): LinearTestEnvironment {
  const base = withReplicaEnvironment({ replicas: [linear], seed, template, actingUserId });
  return Object.assign(base, {
    async gql(query: string, variables?: Record<string, unknown>, options: { token?: string | null } = {}) {
      const headers = { 'content-type': 'application/json', ...authHeaders(options.token, 'lin_api_test', '') };
      const res = await base.send(new Request('https://api.linear.app/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) }));
      return { status: res.status, body: await res.json() };
    },
  });
}
