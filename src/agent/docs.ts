import type { Replica, Route } from '../replicas/index.ts';
import type { RequestLogEntry } from '../sandbox/types.ts';
import type { Router } from '../replicas/index.ts';

/** Agent-Diff's documentation ablation: no docs, the docs of the endpoints the task needs, or the whole service. */
export type DocsCondition = 'none' | 'relevant' | 'all';

export const docsConditions: DocsCondition[] = ['none', 'relevant', 'all'];

/**
 * Beside a suite file: `{ "<test id>": ["chat.postMessage", …] }`, the endpoints each reference solution called,
 * written by `difflab selftest --record-endpoints`.
 */
export const RELEVANT_ENDPOINTS_FILE = 'relevant-endpoints.json';

/** How an endpoint is named in scenario metadata and recordings: `chat.postMessage`, `GET /files/{id}`. */
export function endpointName(route: Route): string {
  return route.method === '*' ? route.path : `${route.method.toUpperCase()} ${route.path}`;
}

function routeDocs(route: Route): string {
  const params = Object.entries(route.params ?? {}).map(
    ([name, p]) => `- \`${name}\` (${p.type}${p.in === 'header' ? ', header' : ''}${p.required ? ', required' : ''}): ${p.description}${p.enum ? ` One of: ${p.enum.join(', ')}.` : ''}`,
  );
  return [`### ${endpointName(route)}`, route.summary, route.docs ?? '', params.length ? `Parameters:\n${params.join('\n')}` : '']
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The documentation text a model gets under a docs condition: the route tables' own docs (the one source of every
 * endpoint's docs). `relevant` names the endpoints the scenario's reference solution called.
 */
export function docsFor(replicas: Replica[], condition: DocsCondition, relevant: readonly string[] = []): string {
  if (condition === 'none') return '';
  const wanted = new Set(relevant);
  const sections: string[] = [];
  for (const replica of replicas) {
    const routes = condition === 'all' ? replica.routes : replica.routes.filter((r) => wanted.has(endpointName(r)) || wanted.has(r.path));
    if (routes.length === 0) continue;
    sections.push(`## ${replica.title} (base URL ${replica.baseUrls[0]})\n\n${routes.map(routeDocs).join('\n\n')}`);
  }
  return sections.join('\n\n');
}

/**
 * The endpoints a script called, from its request log: what `selftest --record-endpoints` keeps for each reference
 * solution, and so what "relevant docs" means for the scenario.
 */
export function endpointsCalled(router: Router, requests: readonly Pick<RequestLogEntry, 'method' | 'url'>[]): string[] {
  const out = new Set<string>();
  for (const r of requests) {
    const target = router.resolve(r.url);
    if (!target) continue;
    const route = target.replica.routes.find((rt) => routeMatches(rt, r.method, target.path));
    if (route) out.add(endpointName(route));
  }
  return [...out];
}

function routeMatches(route: Route, method: string, path: string): boolean {
  if (route.method !== '*' && route.method.toUpperCase() !== method.toUpperCase()) return false;
  const pattern = route.path.split(/\{[^}]+\}/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+');
  return new RegExp(`^${pattern}/?$`).test(path);
}
