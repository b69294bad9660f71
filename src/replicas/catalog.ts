import type { Replica } from './types.ts';

/**
 * Every replica by name, each loaded when first asked for: a command about Slack alone never evaluates Linear's
 * GraphQL schema or MailHub's validators (together about a quarter of a second of a command's start). The order is
 * `replicas` of index.ts, which loads them all at once.
 */
const loaders: Record<string, () => Promise<Replica>> = {
  slack: async () => (await import('./slack/index.ts')).slack,
  box: async () => (await import('./box/index.ts')).box,
  calendar: async () => (await import('./calendar/index.ts')).calendar,
  linear: async () => (await import('./linear/index.ts')).linear,
  mail: async () => (await import('./mail/index.ts')).mail,
};

export const replicaNames: readonly string[] = Object.keys(loaders);

/** The named replicas (every one when `names` is absent), in catalog order; unknown names are ignored. */
export async function loadReplicas(names?: Iterable<string>): Promise<Replica[]> {
  const wanted = names ? new Set(names) : null;
  return Promise.all(replicaNames.filter((n) => !wanted || wanted.has(n)).map((n) => loaders[n]()));
}
