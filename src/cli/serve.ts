import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Replica, Router } from '../replicas/index.ts';
import { loadReplicas } from '../replicas/catalog.ts';
import { createRouter } from '../replicas/router.ts';
import { MAX_BODY_BYTES, MAX_HEADER_BYTES, MAX_URL_BYTES } from '../replicas/limits.ts';
import { ParseBoundExceeded, parseJson } from '../replicas/parseBounds.ts';
import type { RequestProblem } from '../replicas/types.ts';
import type { Suite } from '../scenarios/index.ts';
import type { CommandSpec } from './args.ts';
import { parseArgs } from './args.ts';
import { CliError } from './errors.ts';
import { frontServer, headerBytes, lingeringAnswer, stillSending, unsupportedMethod } from './httpFront.ts';
import { handleMcpHttp, mcpBodyTooLarge, mcpErrorResponse, MCP_MAX_BODY_BYTES, type McpHttpHost, type McpHttpRequest } from './mcpHttp.ts';
import { environmentToken, PlatformApi, type EnvRecord } from './platformApi.ts';
import { seedsDir } from './seeds.ts';
import { toWireResponse, type WireRequest, type WireResponse } from './serveWorkers/protocol.ts';
import { EnvironmentError, ServeWorkers, defaultWorkerCount } from './serveWorkers/workers.ts';
import { loadSuiteFile, projectSuiteFiles } from './suites.ts';

/** Ready environments per template and worker at rest: two cover an SDK flow's initEnv right after another's delete. */
export const DEFAULT_POOL_SIZE = 2;
/** Most ready environments per template and worker when initEnv comes faster than `--pool` copies cover. */
export const POOL_LIMIT = 8;

export const serveSpec = {
  name: 'serve',
  usage: 'difflab serve [--port 8787] [--host 127.0.0.1] [--seeds <dir>] [--suite <file>]… [--default-seed <name>] [--user <id|email|service=id,…>] [--pool 2] [--workers n]',
  flags: {
    port: { type: 'number', valueName: 'port', description: 'port to listen on (0 picks a free one)', defaultText: '8787' },
    host: { type: 'string', valueName: 'host', description: 'interface to listen on', defaultText: '127.0.0.1' },
    seeds: { type: 'string', valueName: 'dir', description: 'seeds folder: every seed file is a template named by its file name', defaultText: 'scenarios/' },
    suite: { type: 'string', repeatable: true, valueName: 'file', description: 'also serve this suite (the project suites are always served)' },
    'default-seed': {
      type: 'string',
      valueName: 'name',
      description: 'one environment of this seed is the default behind the real API path of every service it holds (a multi-service seed: one company for every SDK)',
      defaultText: "each service's suite seed",
    },
    seed: { type: 'string', valueName: 'name', description: 'the same as --default-seed' },
    user: {
      type: 'string',
      valueName: 'who',
      description: 'who the --default-seed environment acts as: an id, an e-mail address (found in every service), or service=id pairs (slack=U01,box=1001)',
      defaultText: 'the acting user of the first suite test of that seed',
    },
    pool: {
      type: 'number',
      valueName: 'n',
      description: `environments kept ready per template in use in each worker, copied between that worker's requests; more (up to ${POOL_LIMIT}) while initEnv comes faster (0 copies each one on demand)`,
      defaultText: String(DEFAULT_POOL_SIZE),
    },
    workers: {
      type: 'number',
      valueName: 'n',
      description: 'worker threads holding the environments, each with its own PGlite (the HTTP front runs no SQL)',
      defaultText: 'one per core',
    },
  },
  notes: [
    'Platform API: /api/platform/… (health, templates, testSuites, tests, initEnv, startRun, evaluateRun, diffRun,',
    'results/{runId}, DELETE env/{envId}); X-API-Key is accepted with any value, and on an environment\'s paths in place of',
    'a service token (initEnv also returns a `token` for them).',
    'Services: /api/env/{envId}/services/<slack|…>/<method or path>. Each service also has a default environment at',
    "its real API path on the server root, so official SDKs work unchanged: /api/<method> is Slack",
    "(new WebClient(token, { slackApiUrl: 'http://127.0.0.1:8787/api/' })), /2.0/… Box, /calendar/v3/… Calendar, /graphql Linear.",
  ].join('\n'),
} as const satisfies CommandSpec;

export interface ServerHandle {
  url: string;
  port: number;
  platform: PlatformApi;
  replicas: Replica[];
  /** The threads that hold the environments. */
  workers: ServeWorkers;
  /** Service name → the environment that requests at the service's real API path (no env id) act on. */
  defaultEnvs: Map<string, EnvRecord>;
  close(): Promise<void>;
}

export interface StartOptions {
  port?: number;
  host?: string;
  seedsDir: string;
  suites?: Suite[];
  defaultSeed?: string;
  /** An id, an e-mail address, or `service=id` pairs separated by commas. */
  defaultUser?: string;
  /** Ready environments kept per template in use in each worker (see EnvironmentPool); default DEFAULT_POOL_SIZE. */
  poolSize?: number;
  /** Worker threads holding the environments; default one per core. */
  workers?: number;
}

/** Starts the server; `serve` runs it until SIGINT, tests start it on port 0. */
export async function startServer(options: StartOptions): Promise<ServerHandle> {
  const [workers, replicas] = await Promise.all([
    ServeWorkers.start({ seedsDir: options.seedsDir, count: options.workers, poolSize: options.poolSize ?? DEFAULT_POOL_SIZE, poolLimit: POOL_LIMIT }),
    loadReplicas(),
  ]);
  const router = createRouter(replicas);
  const suites = options.suites ?? [];
  let platform: PlatformApi;
  let defaultEnvs: Map<string, EnvRecord>;
  try {
    platform = new PlatformApi({ workers, replicas, seedsDir: options.seedsDir, suites });
    defaultEnvs = await createDefaultEnvs(platform, replicas, suites, options);
  } catch (err) {
    await workers.close();
    throw err;
  }
  const context: Context = { platform, router, defaultEnvs, realPaths: realPaths(replicas), origin: '' };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      send(res, await dispatch(req, context), req);
    } catch (err) {
      send(res, await toWireResponse(Response.json({ detail: `internal error: ${(err as Error)?.message ?? String(err)}` }, { status: 500 })));
    }
  };
  // Node refuses a header block over maxHeaderSize itself; it is set above DiffLab's own limits so that the services
  // answer those, and `clientError` answers what is larger still.
  const server = createServer({ maxHeaderSize: NODE_MAX_HEADER_BYTES }, (req, res) => void handle(req, res));
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => void answerClientError(err, socket));
  frontServer(server, (req, res) => void handle(req, res), (socket, req, problem) => void answerRaw(socket, problemAnswer(targetOf(pathOf(req.url ?? '/'), context), problem)));
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  await listen(server, options.port ?? 8787, options.host ?? '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : (options.host ?? '127.0.0.1');
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  context.origin = url;

  let closed = false;
  return {
    url,
    port,
    platform,
    replicas,
    workers,
    defaultEnvs,
    async close() {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await platform.close();
      await workers.close();
    },
  };
}

/**
 * One default environment per service: from `--seed` for the services that seed holds, else from the first suite test
 * of the service (acting as its user, at its clock), else from the first template with the service. Services that share a seed
 * share the environment.
 */
async function createDefaultEnvs(
  platform: PlatformApi,
  replicas: Replica[],
  suites: Suite[],
  options: StartOptions,
): Promise<Map<string, EnvRecord>> {
  const chosen = options.defaultSeed ? platform.templateByName(options.defaultSeed) : undefined;
  if (options.defaultSeed && !chosen) throw new CliError(`--default-seed ${options.defaultSeed}: no such template in ${options.seedsDir}`);
  const chosenPick = chosen ? { ...pickOfSeed(suites, chosen.name), ...(options.defaultUser ? { who: parseWho(options.defaultUser) } : {}) } : null;
  const byKey = new Map<string, Promise<EnvRecord>>();
  const envs = new Map<string, EnvRecord>();
  for (const { name: service } of replicas) {
    const pick = chosen?.services.includes(service) ? chosenPick! : pickDefault(platform, suites, service);
    if (!pick) continue;
    const key = JSON.stringify([pick.seed, pick.who, pick.clock]);
    const clockStart = pick.clock ? Date.parse(pick.clock) : undefined;
    if (!byKey.has(key)) byKey.set(key, platform.createEnv({ template: pick.seed, ...pick.who, ttlSeconds: null, clockStart, shared: true }));
    envs.set(service, await byKey.get(key)!);
  }
  return envs;
}

type Who = { actingUserId?: string | null; actingUsers?: Record<string, string>; actingEmail?: string };
type Pick = { seed: string; who: Who; clock: string | null };

/** `--user`: `service=id` pairs, an e-mail address (looked up in every service), or one id. */
export function parseWho(value: string): Who {
  if (value.includes('=')) {
    const pairs = value.split(',').map((p) => p.trim()).filter(Boolean).map((p) => p.split('='));
    const bad = pairs.find((p) => p.length !== 2 || !p[0] || !p[1]);
    if (bad) throw new CliError(`--user: "${bad.join('=')}" is not service=id (e.g. --user slack=U01,box=1001)`);
    return { actingUsers: Object.fromEntries(pairs) };
  }
  return value.includes('@') ? { actingEmail: value } : { actingUserId: value };
}

const whoOf = (t: Suite['tests'][number]): Who => ({ actingUserId: t.actingUserId, ...(t.actingUsers ? { actingUsers: t.actingUsers } : {}) });

/** A seed's environment acts as the first suite test of that seed does, at its clock. */
function pickOfSeed(suites: Suite[], seed: string): Pick {
  const test = suites.flatMap((s) => s.tests).find((t) => t.seed === seed);
  return { seed, who: test ? whoOf(test) : {}, clock: test?.clock ?? null };
}

function pickDefault(platform: PlatformApi, suites: Suite[], service: string): Pick | null {
  for (const suite of suites) {
    // A suite made for this service alone: a multi-service suite's seed serves only under --default-seed.
    if (suite.services.length !== 1) continue;
    const test = suite.tests.find((t) => t.services.includes(service) && platform.templateByName(t.seed));
    if (test) return { seed: test.seed, who: whoOf(test), clock: test.clock ?? null };
  }
  const template = [...platform.templates.values()].find((t) => t.services.length === 1 && t.services.includes(service));
  return template ? { seed: template.name, who: {}, clock: null } : null;
}

interface Context {
  platform: PlatformApi;
  /** The replicas' routes, to tell which service a path addresses (requests are routed in the workers). */
  router: Router;
  defaultEnvs: Map<string, EnvRecord>;
  /** The replicas' real API paths, longest first: worked out once, read by every request. */
  realPaths: RealPath[];
  /** The server's own URL, for redirects when a request's Host header does not say it. */
  origin: string;
}

/**
 * How long an idle connection stays open. Node's fetch (undici) takes 2 s off the server's `Keep-Alive: timeout`
 * hint and drops the connection after each answer when nothing is left, as it was at 1 s: every request of an SDK
 * on Node then opened a new connection (320 for 320 requests of the serveWorkers bench). close() closes idle
 * connections itself.
 */
const KEEP_ALIVE_MS = 10_000;

const notFound = (detail: string) => Response.json({ detail }, { status: 404 });

/**
 * Node's own ceiling for the request line and headers (1 MiB), far above DiffLab's URL and header limits so that
 * what lies between is answered in the addressed service's shape; past it, `answerClientError` answers.
 */
const NODE_MAX_HEADER_BYTES = 1024 * 1024;

/** Where a request goes, worked out from its path alone (before its body is read). */
type Target =
  | { kind: 'platform'; path: string }
  | { kind: 'mcp'; envId: string }
  | { kind: 'service'; replica: Replica; base: string; rest: string; record: EnvRecord; pathFor: PathFor; envPath?: boolean }
  | { kind: 'none'; response: Response };

function targetOf(pathname: string, ctx: Context): Target {
  if (pathname === '/api/platform' || pathname.startsWith('/api/platform/')) return { kind: 'platform', path: pathname.slice('/api/platform'.length) || '/' };

  const mcp = /^\/api\/env\/([^/]+)\/mcp$/.exec(pathname);
  if (mcp) return { kind: 'mcp', envId: mcp[1] };
  const env = /^\/api\/env\/([^/]+)\/services\/(.*)$/.exec(pathname);
  if (env) {
    let envId: string;
    try {
      envId = decodeURIComponent(env[1]);
    } catch {
      return { kind: 'none', response: notFound('environment not found') };
    }
    const record = ctx.platform.environment(envId);
    if (!record) return { kind: 'none', response: notFound('environment not found') };
    const target = serviceTarget(ctx.router, env[2]);
    if (!target) {
      return { kind: 'none', response: notFound(`no service at /services/${env[2].split('/')[0]} (services: ${ctx.router.replicas.map((r) => r.servicePath).join(', ')})`) };
    }
    const pathFor: PathFor = (replica, path) => `/api/env/${env[1]}/services/${replica.servicePath}/${path}`;
    return { kind: 'service', replica: target.replica, base: target.replica.baseUrls[0], rest: target.rest, record, pathFor, envPath: true };
  }

  const direct = realPathTarget(ctx.router, ctx.realPaths, pathname);
  if (direct) {
    const record = ctx.defaultEnvs.get(direct.replica.name);
    if (!record) return { kind: 'none', response: notFound(`no default ${direct.replica.title} environment: the seeds folder has no ${direct.replica.name} seed (pass --seed)`) };
    const pathFor: PathFor = (_replica, path, base) => `${new URL(base).pathname}${path}`;
    return { kind: 'service', replica: direct.replica, base: direct.base, rest: direct.rest, record, pathFor };
  }
  return {
    kind: 'none',
    response: notFound(
      `Not Found: DiffLab serves /api/platform/…, /api/env/{envId}/services/…, and each service at its real API path: ${ctx.realPaths.map((p) => p.prefix).filter((p) => p !== '/').join(', ')}`,
    ),
  };
}

/** A request refused before it is read, in the shape of the service it addresses (the platform API: `{detail}`). */
function problemAnswer(target: Target, problem: RequestProblem): Response {
  if (target.kind === 'service') return target.replica.requestProblem(problem);
  const status = { malformed_path: 400, unstorable: 400, body_too_large: 413, url_too_long: 414, headers_too_large: 431, timeout: 503, too_complex: 413, method_not_allowed: 405 }[problem.kind];
  if (target.kind === 'mcp') return mcpErrorResponse(status, problem.detail);
  return Response.json({ detail: problem.detail }, { status });
}

const pathOf = (raw: string) => raw.split('?')[0];

/**
 * The answer to one request. A service request goes to its environment's worker and back as bytes and header pairs
 * (WireRequest, WireResponse), never as a Request or Response in this thread: building those, with their streams
 * and abort signals, was most of the front's time per request (0.8 of 1.6 ms, in a profile of the serveWorkers
 * bench's mixed workload).
 */
async function dispatch(req: IncomingMessage, ctx: Context): Promise<WireResponse> {
  const answer = await answerOf(req, ctx);
  return answer instanceof Response ? toWireResponse(answer) : answer;
}

async function answerOf(req: IncomingMessage, ctx: Context): Promise<Response | WireResponse> {
  const raw = req.url ?? '/';
  const q = raw.indexOf('?');
  const search = q >= 0 ? raw.slice(q) : '';
  const target = targetOf(pathOf(raw), ctx);
  const unsupported = unsupportedMethod(req.method);
  if (unsupported) return problemAnswer(target, unsupported);

  if (Buffer.byteLength(raw) > MAX_URL_BYTES) {
    return problemAnswer(target, { kind: 'url_too_long', limit: MAX_URL_BYTES, detail: `the request URL exceeds the limit of ${MAX_URL_BYTES} bytes` });
  }
  if (headerBytes(req) > MAX_HEADER_BYTES) {
    return problemAnswer(target, { kind: 'headers_too_large', limit: MAX_HEADER_BYTES, detail: `the request headers exceed the limit of ${MAX_HEADER_BYTES} bytes` });
  }
  const bodyLimit = target.kind === 'mcp' ? MCP_MAX_BODY_BYTES : MAX_BODY_BYTES;
  const body = await readBody(req, bodyLimit);
  if (body === null) {
    const detail = target.kind === 'mcp' ? mcpBodyTooLarge : `the request body exceeds the limit of ${MAX_BODY_BYTES} bytes`;
    return problemAnswer(target, { kind: 'body_too_large', limit: bodyLimit, detail });
  }

  if (target.kind === 'none') return target.response;
  if (target.kind === 'platform') return ctx.platform.handle(toRequest(req, platformUrl(req, raw), body), target.path);
  if (target.kind === 'mcp') {
    let request: McpHttpRequest;
    try {
      request = mcpRequest(req, raw, body, target.envId);
    } catch (err) {
      if (err instanceof ParseBoundExceeded) return problemAnswer(target, err.problem);
      throw err;
    }
    return handleMcpHttp(target.envId, request, mcpHost(ctx));
  }
  const authorization = target.envPath ? platformKeyAuthorization(req, target.record.id) : undefined;
  const response = await routeTo(target.replica, target.base, target.rest, search, req, body, target.record, authorization);
  if (response instanceof Response) return response;
  const origin = originOf(req, ctx);
  return ownAnswerUrls(ownRedirect(response, ctx, origin, target.pathFor), target.replica, origin, target.pathFor);
}

/**
 * The platform request's URL. Its handlers read only the path and query, so a Host header that does not parse as
 * one (`[`, `a b`, `127.0.0.1:99999`) is replaced rather than refused.
 */
function platformUrl(req: IncomingMessage, raw: string): string {
  const host = req.headers.host ?? 'localhost';
  for (const candidate of [`http://${host}${raw}`, `http://localhost${raw}`]) {
    try {
      return new URL(candidate).href;
    } catch {
      // try the next
    }
  }
  return 'http://localhost/';
}

/** Where a URL below one of a replica's bases is answered on this server, for the target's environment. */
type PathFor = (replica: Replica, path: string, base: string) => string;

/** The origin the client reached this server at (its Host header), else the address it listens on. */
function originOf(req: IncomingMessage, ctx: Context): string {
  const host = req.headers.host;
  if (!host) return ctx.origin;
  try {
    const url = new URL(`http://${host}`);
    return url.host === host.toLowerCase() ? url.origin : ctx.origin;
  } catch {
    return ctx.origin;
  }
}

/**
 * A redirect to a host the replicas serve (Box's download host, `https://dl.boxcloud.com/…`) points back at this
 * server, on the path where the same environment answers it, so that a client following it stays here: the
 * Agent-Diff executors rewrite only the API hosts, and the real host is not the replica. Other redirects pass as
 * they are.
 */
function ownRedirect(response: WireResponse, ctx: Context, origin: string, pathFor: PathFor): WireResponse {
  const location = headerOf(response, 'location');
  if (!location) return response;
  const target = ctx.router.resolve(location);
  const base = target?.replica.baseUrls.find((b) => location.startsWith(b));
  if (!target || !base) return response;
  const own = `${origin}${pathFor(target.replica, target.path, base)}${new URL(location).search}`;
  return { ...response, headers: response.headers.map(([k, v]) => [k, k === 'location' ? own : v]) };
}

/**
 * URLs on a service's own hosts in its JSON answers (Slack's `upload_url` and `url_private` on files.slack.com) point
 * back at this server too, as ownRedirect points a Location: the client calls them next, and the real host is not
 * the replica.
 */
function ownAnswerUrls(response: WireResponse, replica: Replica, origin: string, pathFor: PathFor): WireResponse {
  const bases = replica.answerUrlBases ?? [];
  if (!bases.length || !response.body || !(headerOf(response, 'content-type') ?? '').includes('json')) return response;
  const bytes = Buffer.from(response.body);
  if (!bases.some((base) => bytes.includes(base))) return response;
  let text = bytes.toString('utf8');
  for (const base of bases) text = text.replaceAll(base, `${origin}${pathFor(replica, '', base)}`);
  const own = Buffer.from(text, 'utf8');
  return { ...response, body: own.buffer.slice(own.byteOffset, own.byteOffset + own.length) };
}

const headerOf = (w: WireResponse, name: string): string | undefined => w.headers.find(([k]) => k === name)?.[1];

type RealPath = { replica: Replica; base: string; prefix: string };

/** Each replica base URL's path (`https://api.box.com/2.0/` → `/2.0/`), longest first. */
function realPaths(replicas: Replica[]): RealPath[] {
  return replicas
    .flatMap((replica) => replica.baseUrls.map((base) => ({ replica, base, prefix: new URL(base).pathname })))
    .sort((a, b) => b.prefix.length - a.prefix.length);
}

/**
 * The replica whose real API path starts `pathname` (`/api/2.0/files/content` → Box's upload base). A base at the
 * bare root (`https://api.linear.app/`) claims only paths one of its routes matches.
 */
function realPathTarget(router: Router, paths: RealPath[], pathname: string): { replica: Replica; base: string; rest: string } | null {
  for (const p of paths) {
    if (!pathname.startsWith(p.prefix)) continue;
    const rest = pathname.slice(p.prefix.length);
    if (p.prefix === '/' && !router.serves(p.replica.name, rest)) continue;
    return { replica: p.replica, base: p.base, rest };
  }
  return null;
}

/**
 * The replica whose servicePath (`slack`, `box/2.0`) starts the rest of the URL; longest path first. Agent-Diff's
 * SDK executors rewrite a host, not a path (`https://slack.com` → `…/services/slack`), so below the service path may
 * also come the base URL's own path (`api/chat.postMessage`); Agent-Diff's backend serves both, and so does this.
 */
function serviceTarget(router: Router, rest: string): { replica: Replica; rest: string } | null {
  const sorted = [...router.replicas].sort((a, b) => b.servicePath.length - a.servicePath.length);
  for (const replica of sorted) {
    const p = replica.servicePath.replace(/^\/+|\/+$/g, '');
    if (rest !== p && !rest.startsWith(p + '/')) continue;
    const below = rest === p ? '' : rest.slice(p.length + 1);
    for (const base of replica.baseUrls) {
      const basePath = new URL(base).pathname.replace(/^\//, '');
      if (basePath && below.startsWith(basePath) && !router.serves(replica.name, below)) return { replica, rest: below.slice(basePath.length) };
    }
    return { replica, rest: below };
  }
  return null;
}

/**
 * Re-addresses the request to the replica's real base URL (`https://slack.com/api/` + rest) so that handlers see
 * the URL a real client would have used, and routes it by service name and path.
 */
async function routeTo(
  replica: Replica,
  base: string,
  rest: string,
  search: string,
  req: IncomingMessage,
  body: Buffer,
  record: EnvRecord,
  authorization?: string,
): Promise<WireResponse | Response> {
  const tail = base.endsWith('/') ? rest : `/${rest}`;
  const url = base + tail + search;
  const path = tail.split(/[?#]/)[0];
  try {
    return await record.env.route(replica.name, path, wireRequest(req, url, body, authorization));
  } catch (err) {
    // The worker holding the environment stopped (503): answered as the platform's `{detail}`.
    if (err instanceof EnvironmentError) return Response.json({ detail: err.message }, { status: err.status });
    throw err;
  }
}

/** MCP over HTTP for the environments in the workers: each tool call runs in the worker that holds its environment. */
function mcpHost(ctx: Context): McpHttpHost {
  return {
    environment(envId) {
      const record = ctx.platform.environment(envId);
      return record ? { replicas: ctx.router.replicas.filter((r) => record.env.services.includes(r.name)), scenario: record.test?.scenario ?? null } : null;
    },
    callTool(envId, service, tool, args, token) {
      const record = ctx.platform.environment(envId);
      if (!record) throw new EnvironmentError(404, 'environment not found');
      return record.env.callTool(service, tool, args, token);
    },
    origin: () => ctx.origin,
  };
}

/**
 * Agent-Diff's server accepts its platform key (`X-API-Key`) on an environment's paths in place of a service token;
 * so does this: such a request acts with the environment's token. A request without either is still refused as the
 * service refuses it, and at a service's real path only the service's own credentials count.
 */
function platformKeyAuthorization(req: IncomingMessage, envId: string): string | undefined {
  if (req.headers.authorization) return undefined;
  const key = req.headers['x-api-key'];
  return typeof key === 'string' && key.trim() ? `Bearer ${environmentToken(envId)}` : undefined;
}

const HOP_HEADERS = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'expect']);

/** The request's headers, but those of this hop, as name/value pairs (a repeated header once per value). */
function headerPairs(req: IncomingMessage): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || HOP_HEADERS.has(k)) continue;
    for (const value of Array.isArray(v) ? v : [v]) pairs.push([k, value]);
  }
  return pairs;
}

const methodOf = (req: IncomingMessage) => (req.method ?? 'GET').toUpperCase();
const hasBody = (method: string, body: Buffer) => method !== 'GET' && method !== 'HEAD' && body.length > 0;

const EMPTY_BODY = Buffer.alloc(0);

/**
 * An MCP request with the same authentication as the environment's other paths: its token, or the platform's
 * X-API-Key in its place. Its body is counted within the parse bounds (ParseBoundExceeded otherwise) and parsed
 * once; a Request is built only if the SDK's transport needs one, then without the body when it parsed (a Request's
 * body stream was a fifth of the endpoint's time).
 */
function mcpRequest(req: IncomingMessage, raw: string, body: Buffer, envId: string): McpHttpRequest {
  const authorization = platformKeyAuthorization(req, envId);
  const method = methodOf(req);
  const json = method === 'POST' ? parsedJson(body) : undefined;
  const header = (name: string) => {
    if (name === 'authorization' && authorization) return authorization;
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return {
    method,
    header,
    json,
    toRequest() {
      const request = toRequest(req, platformUrl(req, raw), json === undefined ? body : EMPTY_BODY);
      if (authorization) request.headers.set('authorization', authorization);
      return request;
    },
  };
}

/** The body as JSON, counted within the parse bounds first (ParseBoundExceeded); undefined when it does not parse. */
function parsedJson(body: Buffer): unknown {
  try {
    return parseJson(body.toString('utf8'));
  } catch (err) {
    if (err instanceof ParseBoundExceeded) throw err;
    return undefined;
  }
}

function toRequest(req: IncomingMessage, url: string, body: Buffer): Request {
  const method = methodOf(req);
  return new Request(url, { method, headers: headerPairs(req), body: hasBody(method, body) ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length) : undefined });
}

/** A service request as it goes to the worker: its body moves there (transferred, not copied, when it is its own buffer). */
function wireRequest(req: IncomingMessage, url: string, body: Buffer, authorization?: string): WireRequest {
  const method = methodOf(req);
  const headers = headerPairs(req);
  if (authorization) headers.push(['authorization', authorization]);
  return { method, url, headers, body: hasBody(method, body) ? ownArrayBuffer(body) : null };
}

/** The Buffer's bytes as an ArrayBuffer of their own: small Buffers share Node's pool, which must not be transferred. */
function ownArrayBuffer(b: Buffer): ArrayBuffer {
  const whole = b.byteOffset === 0 && b.byteLength === b.buffer.byteLength;
  return whole ? (b.buffer as ArrayBuffer) : (b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);
}

/**
 * The body, read as it streams in and given up on past `limit` bytes (null then): a declared Content-Length over the
 * limit is refused before a byte is read.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.off('data', onData);
        req.off('end', onEnd);
        chunks.length = 0;
        resolve(null);
        return;
      }
      chunks.push(c);
    };
    const onEnd = () => resolve(Buffer.concat(chunks, size));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
  });
}

/**
 * A request Node's parser refused — a request line and headers over even Node's ceiling, or malformed HTTP — answered
 * on the raw socket. The parser keeps only the last chunk it read, so the service addressed is unknown here: the
 * answer is the platform's `{detail}`.
 */
async function answerClientError(err: NodeJS.ErrnoException, socket: Socket): Promise<void> {
  if (!socket.writable) return;
  const response =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? Response.json({ detail: `the request line and headers exceed ${NODE_MAX_HEADER_BYTES} bytes` }, { status: 431 })
      : Response.json({ detail: `malformed HTTP request (${err.code ?? err.message})` }, { status: 400 });
  await answerRaw(socket, response);
}

/** An answer written on the raw socket, which then closes. */
async function answerRaw(socket: Socket, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const head = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status]}`, `content-type: ${response.headers.get('content-type') ?? 'application/json'}`, `content-length: ${body.length}`, 'connection: close'];
  socket.end(Buffer.concat([Buffer.from(head.join('\r\n') + '\r\n\r\n', 'latin1'), body]));
}

function send(res: ServerResponse, response: WireResponse, req?: IncomingMessage): void {
  const body = response.body ? Buffer.from(response.body) : Buffer.alloc(0);
  const headers: Record<string, string | string[]> = {};
  for (const [key, value] of response.headers) {
    if (key === 'content-length' || key === 'transfer-encoding' || key === 'content-encoding') continue;
    const had = headers[key];
    headers[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  headers['content-length'] = String(body.length);
  // Refused before its body was read whole: the client may still be sending it.
  if (req && response.status === 413 && stillSending(req)) return lingeringAnswer(req, res, response.status, headers, body);
  res.writeHead(response.status, response.statusText || undefined, headers);
  res.end(body);
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      reject(err.code === 'EADDRINUSE' ? new CliError(`port ${port} on ${host} is in use: pass --port <other> (0 picks a free one)`) : err);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

export async function serveCommand(argv: string[]): Promise<number> {
  const flags = parseArgs(serveSpec, argv);
  const port = flags.port ?? 8787;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`--port must be an integer 0–65535, got ${port}`);
  const dir = seedsDir(flags.seeds);
  const suites = [...projectSuiteFiles(), ...(flags.suite ?? [])].map((f) => loadSuiteFile(f).suite);
  if (flags['default-seed'] && flags.seed) throw new CliError('give --default-seed or --seed, not both');
  const poolSize = flags.pool ?? DEFAULT_POOL_SIZE;
  if (!Number.isInteger(poolSize) || poolSize < 0 || poolSize > 16) throw new CliError(`--pool must be an integer 0–16, got ${poolSize}`);
  const workers = flags.workers ?? defaultWorkerCount();
  if (!Number.isInteger(workers) || workers < 1 || workers > 256) throw new CliError(`--workers must be an integer 1–256, got ${workers}`);
  const server = await startServer({
    port,
    host: flags.host,
    seedsDir: dir,
    suites,
    defaultSeed: flags['default-seed'] ?? flags.seed,
    defaultUser: flags.user,
    poolSize,
    workers,
  });

  const p = server.platform;
  const lines = [
    `DiffLab serving on ${server.url}`,
    `  platform API:  ${server.url}/api/platform/  (Agent-Diff SDKs: baseUrl ${server.url})`,
    ...server.replicas.map((r) => {
      const env = server.defaultEnvs.get(r.name);
      const at = realPaths([r]).map((p) => server.url + p.prefix).join(' ') || '(no real path)';
      const label = `  ${r.name}:`.padEnd(16);
      return env
        ? `${label}${at}  (default env ${env.id}, seed ${env.template}, acting as ${env.env.actingUserFor(r.name) ?? 'the replica default'})`
        : `${label}no default environment (no ${r.name} seed found)`;
    }),
    `  workers:       ${server.workers.count} threads, each with its own PGlite`,
    `  environments:  ${server.url}/api/env/{envId}/services/{${server.replicas.map((r) => r.servicePath).join('|')}}/…`,
    `  templates:     ${[...p.templates.values()].map((t) => t.name).join(', ') || 'none'}`,
    ...(p.skippedSeeds.size ? [`  not served:    ${[...p.skippedSeeds.keys()].join(', ')} (no replica for their tables yet)`] : []),
    `  suites:        ${suites.map((s) => `${s.name} (${s.tests.length})`).join(', ') || 'none'}`,
    'Ctrl-C stops.',
  ];
  process.stdout.write(lines.join('\n') + '\n');

  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  process.stdout.write('DiffLab: stopping…\n');
  await server.close();
  return 0;
}
