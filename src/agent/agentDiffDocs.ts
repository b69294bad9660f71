import type { Replica, Route } from '../replicas/index.ts';
import type { DocsCondition } from './docs.ts';

/**
 * Agent-Diff's own endpoint documentation (`docs/<service>_api_full_docs.json`: one object keyed by endpoint, each
 * entry a description, parameters and an example request), for rerunning the paper's documentation study (no docs /
 * relevant / all) as it was designed. "Relevant" is chosen by each task's `tools_required`, whose names do not match
 * the docs' keys as they are: Calendar lists Google's method names (`events.list`) where the docs key by method and
 * path, Box writes `{id}` where the docs write `{folder_id}`. `docsEntriesFor` maps one to the other; the few
 * `tools_required` entries with no docs entry at all (see the test) get none.
 */

/** One service's docs file, as published. */
export type AgentDiffDocsFile = Record<string, Record<string, unknown>>;

/** The docs files loaded for a run, by replica name (`slack`, `box`, `calendar`, `linear`). */
export type AgentDiffDocs = Partial<Record<string, AgentDiffDocsFile>>;

/** The replica a docs file documents, from its name as published (`box_api_full_docs.json`), or null. */
export function serviceOfDocsFile(fileName: string): string | null {
  return /(?:^|[\\/])(slack|box|calendar|linear)_api_full_docs\.json$/i.exec(fileName)?.[1].toLowerCase() ?? null;
}

/** Checks a parsed docs file's shape: an object of objects. Returns the problem, or null. */
export function docsFileProblem(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'a docs file is a JSON object keyed by endpoint';
  for (const [key, entry] of Object.entries(value)) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return `entry "${key}" is not an object`;
  }
  return null;
}

/** `GET /folders/{folder_id}/items` and `GET /folders/{id}/items` are one endpoint: path parameters lose their names. */
function normalise(key: string): string {
  const m = /^([A-Za-z]+)\s+\/?(.*)$/.exec(key.trim());
  if (!m) return key.trim();
  return `${m[1].toUpperCase()} /${m[2].replace(/\{[^}]*\}/g, '{}').replace(/\/$/, '')}`;
}

function routeKey(route: Route): string | null {
  return route.method === '*' ? null : normalise(`${route.method} ${route.path}`);
}

/**
 * The keys of the docs entries that document a `tools_required` name: the same key, the same endpoint with other
 * path-parameter names, or — for a method name such as `events.list` — the endpoint of the replica's route that
 * carries that name (route tables name Google's methods in `operation`). Empty when the docs have no such entry.
 */
export function docsEntriesFor(tool: string, docs: AgentDiffDocsFile, replica?: Replica): string[] {
  if (tool in docs) return [tool];
  const byEndpoint = new Map<string, string>();
  for (const key of Object.keys(docs)) byEndpoint.set(normalise(key), key);
  const direct = byEndpoint.get(normalise(tool));
  if (direct) return [direct];
  const route = replica?.routes.find((r) => r.operation === tool);
  const key = route ? routeKey(route) : null;
  const viaRoute = key ? byEndpoint.get(key) : undefined;
  return viaRoute ? [viaRoute] : [];
}

function entryText(key: string, entry: Record<string, unknown>): string {
  const { description, example_request: example, ...rest } = entry;
  const parts = [`### ${key}`];
  if (typeof description === 'string' && description) parts.push(description);
  for (const [field, value] of Object.entries(rest)) {
    if (value === undefined || value === null) continue;
    parts.push(`${field}:\n\`\`\`json\n${JSON.stringify(value, null, 1)}\n\`\`\``);
  }
  if (typeof example === 'string' && example) parts.push(`Example:\n\`\`\`bash\n${example}\n\`\`\``);
  return parts.join('\n\n');
}

/**
 * The docs text a model gets under a docs condition from Agent-Diff's files: nothing, the entries its task's
 * `tools_required` map to, or every entry of the task's services.
 */
export function agentDiffDocsText(docs: AgentDiffDocs, replicas: Replica[], condition: DocsCondition, toolsRequired: readonly string[]): string {
  if (condition === 'none') return '';
  const sections: string[] = [];
  for (const replica of replicas) {
    const file = docs[replica.name];
    if (!file) continue;
    const keys = condition === 'all' ? Object.keys(file) : [...new Set(toolsRequired.flatMap((t) => docsEntriesFor(t, file, replica)))];
    if (!keys.length) continue;
    sections.push(`## ${replica.title} (base URL ${replica.baseUrls[0]})\n\n${keys.map((k) => entryText(k, file[k])).join('\n\n')}`);
  }
  return sections.join('\n\n');
}
