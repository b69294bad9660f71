import type { Environment } from '../engine/index.ts';
import type { Tx } from '../engine/types.ts';
import { checkRequestCost, ParseBoundExceeded } from './parseBounds.ts';
import { BudgetExceeded, RequestBudget } from './requestBudget.ts';
import type { Replica, Route, RouteContext } from './types.ts';
import { findUnstorable } from './unstorableText.ts';

/** Thrown for a URL that no replica serves: the sandbox turns it into a rejected fetch with this message. */
export class UnroutableRequestError extends Error {
  constructor(url: string, baseUrls: string[]) {
    super(`fetch to ${url} is not available in DiffLab: scripts can reach only the replicas at ${baseUrls.join(', ')}`);
    this.name = 'UnroutableRequestError';
  }
}

interface CompiledRoute {
  route: Route;
  method: string;
  pattern: RegExp;
  names: string[];
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const m = /^\{([^}]+)\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1]);
      return '([^/]+)';
    })
    .join('');
  return { route, method: route.method.toUpperCase(), pattern: new RegExp(`^${source}/?$`), names };
}

export interface Router {
  /** The one Request → Response entry point for a real-host URL (`https://slack.com/api/chat.postMessage`). */
  route(request: Request, env: Environment): Promise<Response>;
  /** The same, for a request already addressed to a service by name and path below its base. */
  routeService(service: string, path: string, request: Request, env: Environment): Promise<Response>;
  /** Whether a route of the service matches the path (any method). */
  serves(service: string, path: string): boolean;
  /** Which replica and path a URL addresses, or null. */
  resolve(url: string): { replica: Replica; path: string } | null;
  replicas: Replica[];
  baseUrls(): string[];
}

export interface RouterOptions {
  /** Each request's time budget in ms (default REQUEST_BUDGET_MS). */
  budgetMs?: number;
  /** No NUL check and no time budget: only for `difflab bench`, which measures what they cost. */
  unbounded?: boolean;
  /**
   * Every replica, loaded the first time a URL matches none of those given (a shell that loads only the replicas of
   * its suite): a request to another service is then answered as it would be with every replica loaded.
   */
  loadOthers?: () => Promise<Replica[]>;
}

export function createRouter(given: Replica[], options: RouterOptions = {}): Router {
  const replicas = [...given];
  const compiled = new Map(replicas.map((r) => [r.name, r.routes.map(compile)]));
  const byName = new Map(replicas.map((r) => [r.name, r]));
  let others: Promise<void> | null = null;
  const addOthers = () =>
    (others ??= (options.loadOthers?.() ?? Promise.resolve([])).then((all) => {
      // In the order given (every replica's): which prefix matches first and how the hosts are listed stay the same.
      const merged = all.map((r) => byName.get(r.name) ?? r);
      for (const r of given) if (!merged.includes(r)) merged.push(r);
      replicas.splice(0, replicas.length, ...merged);
      for (const r of merged) {
        if (byName.has(r.name)) continue;
        byName.set(r.name, r);
        compiled.set(r.name, r.routes.map(compile));
      }
    }));

  function resolve(url: string) {
    for (const replica of replicas) {
      for (const base of replica.baseUrls) {
        if (url.startsWith(base)) return { replica, path: url.slice(base.length).split(/[?#]/)[0] };
      }
    }
    return null;
  }

  function baseUrls() {
    return replicas.flatMap((r) => r.baseUrls);
  }

  async function routeService(service: string, path: string, given: Request, env: Environment): Promise<Response> {
    let request = given;
    const replica = byName.get(service);
    if (!replica) throw new UnroutableRequestError(request.url, baseUrls());
    const url = new URL(request.url);
    const auth = request.headers.get('authorization') ?? '';
    let token = /^(Bearer|token)\s+(.+)$/i.exec(auth)?.[2]?.trim() ?? '';

    const method = request.method.toUpperCase();
    let match: { route: Route; raw: RegExpExecArray; names: string[] } | null = null;
    let pathMatched = false;
    for (const c of compiled.get(service) ?? []) {
      const m = c.pattern.exec(path);
      if (!m) continue;
      pathMatched = true;
      if (c.method !== '*' && c.method !== method) continue;
      match = { route: c.route, raw: m, names: c.names };
      break;
    }
    if (!match) return replica.notFound(request, pathMatched ? `${method} ${path}` : path);
    const pathParams: Record<string, string> = {};
    for (const [i, name] of match.names.entries()) {
      try {
        pathParams[name] = decodeURIComponent(match.raw[i + 1]);
      } catch {
        return replica.requestProblem({ kind: 'malformed_path', field: name, detail: `the path segment "${match.raw[i + 1]}" is not valid percent-encoded UTF-8` });
      }
    }

    let params: Record<string, unknown>;
    try {
      // What parsing may cost is counted first, so that no replica parses a request past the bounds.
      if (!options.unbounded) request = await checkRequestCost(request, url);
      params = await replica.readParams(request, url);
    } catch (err) {
      if (err instanceof Response) return err;
      if (err instanceof ParseBoundExceeded) return replica.requestProblem(err.problem);
      return replica.internalError(err);
    }
    // Text the database would not store as sent (NUL, a lone surrogate, a leading U+FEFF): refused here, for every
    // service, before any handler sees it.
    const bad = options.unbounded ? null : (findUnstorable(pathParams) ?? findUnstorable(params));
    if (bad) return replica.requestProblem({ kind: 'unstorable', field: bad.path, character: bad.character, detail: `${bad.path} contains ${bad.character}` });
    if (!token && typeof params.token === 'string') token = params.token;
    const denied = match.route.anonymous ? null : replica.authenticate(request, token);
    if (denied) return denied;
    if (!env.services.includes(service)) {
      return replica.notFound(request, `${path} (this environment has no ${replica.title} data)`);
    }

    const actingUserId = env.actingUserFor(service) ?? replica.defaultActingUserId ?? null;
    try {
      await replica.prepare?.();
    } catch (err) {
      return replica.internalError(err);
    }
    const budget = new RequestBudget(options.budgetMs);
    const timedOut = () => replica.requestProblem({ kind: 'timeout', limit: budget.limitMs, detail: `the request ran past its time budget of ${budget.limitMs} ms` });
    try {
      return await env.transaction(service, async (raw) => {
        const tx: Tx = options.unbounded
          ? raw
          : {
              query: async (sql, args) => (await budget.beforeStatement(), raw.query(sql, args)),
              exec: async (sql) => (await budget.beforeStatement(), raw.exec(sql)),
            };
        const ctx: RouteContext = {
          tx,
          actingUserId,
          token,
          now: () => env.clock.now(),
          peekNow: () => env.clock.peek(),
          nextId: (kind: string) => (kind === 'uuid' ? env.ids.uuid() : env.ids.next()),
          memo: (key, load) => env.memo(`${service}:${key}`, load),
          request,
          url,
          pathParams,
          budget,
        };
        const response = await match!.route.handler(params, ctx);
        // A handler that caught the budget's error is still answered as timed out (and rolled back).
        if (budget.exceeded) throw timedOut();
        // A handler may also return an error Response; anything but 2xx rolls the transaction back.
        if (response.status >= 400 || replica.isErrorResponse?.(response)) throw response;
        return response;
      });
    } catch (err) {
      if (err instanceof Response) return err;
      if (err instanceof BudgetExceeded || budget.exceeded) return timedOut();
      // A JSON text inside a parameter (Slack's `blocks`), parsed by the handler with `parseJson`.
      if (err instanceof ParseBoundExceeded) return replica.requestProblem(err.problem);
      return replica.internalError(err);
    }
  }

  async function route(request: Request, env: Environment): Promise<Response> {
    let target = resolve(request.url);
    if (!target && options.loadOthers) {
      await addOthers();
      target = resolve(request.url);
    }
    if (!target) throw new UnroutableRequestError(request.url, baseUrls());
    return routeService(target.replica.name, target.path, request, env);
  }

  function serves(service: string, path: string): boolean {
    return (compiled.get(service) ?? []).some((c) => c.pattern.test(path));
  }

  return { route, routeService, serves, resolve, replicas, baseUrls };
}
