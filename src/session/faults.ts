import type { Router } from '../replicas/router.ts';
import type { FaultResponses, Route } from '../replicas/types.ts';
import type { FetchHandler } from '../sandbox/types.ts';

/**
 * Fault injection on the host side of the fetch shim, between a sandboxed fetch() and the router: off by default,
 * chosen per run, deterministic (faults fire on request counts, not dice), so a run can be replayed. A faulted
 * request never reaches the replica, so retrying it is always safe, as with a real rate limit or a 503.
 */
export interface FaultPlan {
  /**
   * Only requests to these services are faulted and counted (a run across Slack and Box with faults on Box alone);
   * absent, every service is.
   */
  services?: string[];
  /** Every `every`-th request (the `every`-th, the 2·`every`-th, …) is rate limited for `retryAfterSeconds`. */
  rateLimit?: { every: number; retryAfterSeconds: number };
  /** Every `every`-th request (counted apart from rate limits) fails with a transient 503. */
  serverErrors?: { every: number };
  /** Milliseconds added before every answer. */
  latencyMs?: number;
  /** Page size forced onto list methods (each replica names its parameter: Slack and Box `limit`, Calendar `maxResults`, MailHub `page_size`), so cursors appear. */
  pageSize?: number;
}

export const NO_FAULTS: FaultPlan = Object.freeze({});

/** Whether a plan puts faults on requests to a service. */
function targets(plan: FaultPlan, service: string | undefined): boolean {
  return !plan.services || (service !== undefined && plan.services.includes(service));
}

export function hasFaults(plan: FaultPlan | undefined): boolean {
  return Boolean(plan && (plan.rateLimit || plan.serverErrors || plan.latencyMs || plan.pageSize));
}

export type FaultKind = 'rate-limit' | 'server-error' | 'latency' | 'page-size';

/** One fault that fired: which request (1-based count within the run) and what happened to it. */
export interface FaultEvent {
  request: number;
  url: string;
  fault: FaultKind;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

/** For a URL no replica serves (the handler then refuses it anyway). Each replica declares its own (`Replica.faults`). */
const GENERIC: FaultResponses = {
  rateLimited: (s) => json(429, { error: 'rate_limited' }, { 'retry-after': String(s) }),
  unavailable: () => json(503, { error: 'service_unavailable' }),
};

/** The request with its page-size parameter clamped to `size` (set when absent), in the query or a form/JSON body. */
async function clampPage(request: Request, param: string, size: number): Promise<Request> {
  const url = new URL(request.url);
  const clamp = (v: unknown) => {
    const n = Number(v);
    return String(v === undefined || v === null || v === '' || !Number.isFinite(n) || n <= 0 || n > size ? size : n);
  };
  const type = request.headers.get('content-type') ?? '';
  // By method, not by `request.body`: Firefox's Request has no `body` property, so a POST would look bodiless.
  if (request.method === 'GET' || request.method === 'HEAD') {
    url.searchParams.set(param, clamp(url.searchParams.get(param) ?? undefined));
    return new Request(url, request);
  }
  if (type.includes('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(await request.text());
    form.set(param, clamp(form.get(param) ?? undefined));
    return new Request(url, { method: request.method, headers: request.headers, body: form });
  }
  if (type.includes('application/json')) {
    const text = await request.text();
    try {
      const body = JSON.parse(text) as Record<string, unknown>;
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        body[param] = Number(clamp(body[param]));
        return new Request(url, { method: request.method, headers: request.headers, body: JSON.stringify(body) });
      }
    } catch {
      // not JSON after all: the replica will say so
    }
    return new Request(url, { method: request.method, headers: request.headers, body: text });
  }
  // Multipart and other bodies: the page size goes in the query, which the replicas read too.
  url.searchParams.set(param, clamp(url.searchParams.get(param) ?? undefined));
  return new Request(url, request);
}

/** Whether the route takes the parameter, declared in `params` or in its zod input. */
function takes(route: Route | undefined, param: string): boolean {
  if (!route) return false;
  if (route.params?.[param]) return true;
  const shape = (route.input as { shape?: Record<string, unknown> } | undefined)?.shape;
  return Boolean(shape && typeof shape === 'object' && Object.hasOwn(shape, param));
}

/** The route a path below the service's base addresses (`/files/{id}` matches `/files/42`). */
function routeOf(routes: readonly Route[], path: string): Route | undefined {
  const bare = path.replace(/^\//, '');
  return routes.find((r) => {
    const pattern = r.path.replace(/^\//, '').replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
    return new RegExp(`^${pattern}/?$`).test(bare);
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The router's handler with the plan's faults in front of it; `onFault` hears each fault as it fires. */
export function withFaults(handler: FetchHandler, plan: FaultPlan, router: Router, onFault: (e: FaultEvent) => void = () => {}): FetchHandler {
  if (!hasFaults(plan)) return handler;
  let requests = 0;
  let served = 0;
  return async (request) => {
    const target = router.resolve(request.url);
    if (!targets(plan, target?.replica.name)) return handler(request);
    const n = ++requests;
    const shapes = target?.replica.faults ?? GENERIC;
    if (plan.latencyMs && plan.latencyMs > 0) {
      onFault({ request: n, url: request.url, fault: 'latency' });
      await sleep(plan.latencyMs);
    }
    if (plan.rateLimit && plan.rateLimit.every > 0 && n % plan.rateLimit.every === 0) {
      onFault({ request: n, url: request.url, fault: 'rate-limit' });
      return shapes.rateLimited(plan.rateLimit.retryAfterSeconds);
    }
    const m = ++served;
    if (plan.serverErrors && plan.serverErrors.every > 0 && m % plan.serverErrors.every === 0) {
      onFault({ request: n, url: request.url, fault: 'server-error' });
      return shapes.unavailable();
    }
    if (plan.pageSize && plan.pageSize > 0 && target && shapes.pageParam) {
      const param = shapes.pageParam;
      if (takes(routeOf(target.replica.routes, target.path), param)) {
        onFault({ request: n, url: request.url, fault: 'page-size' });
        return handler(await clampPage(request, param, plan.pageSize));
      }
    }
    return handler(request);
  };
}

/** What a bare fault name in the text syntax means. */
export const FAULT_DEFAULTS = { rateLimitEvery: 3, retryAfterSeconds: 1, serverErrorEvery: 4, latencyMs: 200, pageSize: 2 } as const;

export const FAULT_SYNTAX = 'rate-limit[=N[/S]], 5xx[=N], latency[=MS], short-pages[=N], on=SERVICE[+SERVICE…]';

/**
 * A fault plan from its text form, as `difflab eval --faults` and the agent settings take it: comma-separated
 * `rate-limit[=N[/S]]` (every N-th request gets a 429 with Retry-After S seconds), `5xx[=N]` (every N-th gets a
 * 503), `latency[=MS]` (added to every request), `short-pages[=N]` (list methods return at most N items), and
 * `on=slack+box` (only requests to those services are faulted and counted; default every service). Bare names
 * take FAULT_DEFAULTS; `none` or an empty text is no faults. Throws an Error saying what is wrong.
 */
export function parseFaultPlan(text: string): FaultPlan {
  const plan: FaultPlan = {};
  const whole = (raw: string | undefined, fallback: number, what: string) => {
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${what} must be a whole number ≥ 1, got "${raw}"`);
    return n;
  };
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [name, value] = part.split('=', 2).map((x) => x.trim());
    switch (name.toLowerCase()) {
      case 'none':
        break;
      case 'rate-limit': {
        const [every, seconds] = (value ?? '').split('/');
        plan.rateLimit = {
          every: whole(every, FAULT_DEFAULTS.rateLimitEvery, 'rate-limit'),
          retryAfterSeconds: whole(seconds, FAULT_DEFAULTS.retryAfterSeconds, 'rate-limit Retry-After'),
        };
        break;
      }
      case '5xx':
        plan.serverErrors = { every: whole(value, FAULT_DEFAULTS.serverErrorEvery, '5xx') };
        break;
      case 'latency':
        plan.latencyMs = whole(value, FAULT_DEFAULTS.latencyMs, 'latency');
        break;
      case 'short-pages':
        plan.pageSize = whole(value, FAULT_DEFAULTS.pageSize, 'short-pages');
        break;
      case 'on': {
        const services = (value ?? '').split('+').map((x) => x.trim()).filter(Boolean);
        if (!services.length) throw new Error('on= needs service names, e.g. on=slack or on=slack+box');
        plan.services = services;
        break;
      }
      default:
        throw new Error(`unknown fault "${name}" (faults: ${FAULT_SYNTAX})`);
    }
  }
  return plan;
}

/** The text form of a plan (parseFaultPlan's inverse); empty for no faults. */
export function formatFaultPlan(plan: FaultPlan): string {
  const parts: string[] = [];
  if (plan.rateLimit) parts.push(`rate-limit=${plan.rateLimit.every}/${plan.rateLimit.retryAfterSeconds}`);
  if (plan.serverErrors) parts.push(`5xx=${plan.serverErrors.every}`);
  if (plan.latencyMs) parts.push(`latency=${plan.latencyMs}`);
  if (plan.pageSize) parts.push(`short-pages=${plan.pageSize}`);
  if (plan.services?.length && parts.length) parts.push(`on=${plan.services.join('+')}`);
  return parts.join(',');
}
