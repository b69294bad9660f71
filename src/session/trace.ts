import type { TraceEntry } from '../evaluation/index.ts';
import type { RequestLogEntry } from '../sandbox/types.ts';

/** A script's requests as judge trace entries (the sandbox logs no bodies). Type-only imports: the page's agent loop uses it. */
export function requestTrace(requests: readonly RequestLogEntry[]): TraceEntry[] {
  return requests.map((r) => ({ kind: 'http', method: r.method, url: r.url, status: r.status, response: '' }));
}
