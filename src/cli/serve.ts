import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Replica, Router } from '../replicas/index.ts';
import type { Suite } from '../scenarios/index.ts';
import type { Workbench } from '../session/index.ts';
import type { CommandSpec } from './args.ts';
import { parseArgs } from './args.ts';
import { CliError } from './errors.ts';
import { PlatformApi, type EnvRecord } from './platformApi.ts';
import { seedsDir } from './seeds.ts';
import { loadSuiteFile, projectSuiteFiles } from './suites.ts';

export const serveSpec = {
  name: 'serve',
  usage: 'difflab serve [--port 8787] [--host 127.0.0.1] [--seeds <dir>] [--suite <file>]… [--default-seed <name>] [--user <id|email|service=id,…>]',
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
  },
  notes: [
    'Platform API: /api/platform/… (health, templates, testSuites, tests, initEnv, startRun, evaluateRun, diffRun,',
    'results/{runId}, DELETE env/{envId}); X-API-Key is accepted with any value.',
    'Services: /api/env/{envId}/services/<slack|…>/<method or path>. Each service also has a default environment at',
    "its real API path on the server root, so official SDKs work unchanged: /api/<method> is Slack",
    "(new WebClient(token, { slackApiUrl: 'http://127.0.0.1:8787/api/' })), /2.0/… Box, /calendar/v3/… Calendar, /graphql Linear.",
  ].join('\n'),
} as const satisfies CommandSpec;

export interface ServerHandle {
  url: string;
  port: number;
  platform: PlatformApi;
  workbench: Workbench;
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
  workbench?: Workbench;
}

/** Starts the server; `serve` runs it until SIGINT, tests start it on port 0. */
export async function startServer(options: StartOptions): Promise<ServerHandle> {
  const { openWorkbench } = await import('./nodeEngine.ts');
  const workbench = options.workbench ?? (await openWorkbench(options.seedsDir));
  const suites = options.suites ?? [];
  const platform = new PlatformApi({ workbench, seedsDir: options.seedsDir, suites });
  const defaultEnvs = await createDefaultEnvs(platform, workbench.router.replicas, suites, options);
  const context: Context = { platform, workbench, defaultEnvs, realPaths: realPaths(workbench.router.replicas) };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const response = await dispatch(req, context);
      await send(res, response);
    } catch (err) {
      await send(res, Response.json({ detail: `internal error: ${(err as Error)?.message ?? String(err)}` }, { status: 500 }));
    }
  };
  const server = createServer((req, res) => void handle(req, res));
  // Keep-alive sockets of SDK clients would otherwise hold close() open.
  server.keepAliveTimeout = 1000;
  await listen(server, options.port ?? 8787, options.host ?? '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : (options.host ?? '127.0.0.1');
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closed = false;
  return {
    url,
    port,
    platform,
    workbench,
    defaultEnvs,
    async close() {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await platform.close();
      if (!options.workbench) await workbench.engine.close();
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
    if (!byKey.has(key)) byKey.set(key, platform.createEnv({ template: pick.seed, ...pick.who, ttlSeconds: null, clockStart }));
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
  workbench: Workbench;
  defaultEnvs: Map<string, EnvRecord>;
  /** The replicas' real API paths, longest first: worked out once, read by every request. */
  realPaths: RealPath[];
}

const notFound = (detail: string) => Response.json({ detail }, { status: 404 });

async function dispatch(req: IncomingMessage, ctx: Context): Promise<Response> {
  const raw = req.url ?? '/';
  const q = raw.indexOf('?');
  const pathname = q >= 0 ? raw.slice(0, q) : raw;
  const search = q >= 0 ? raw.slice(q) : '';
  const body = await readBody(req);

  if (pathname === '/api/platform' || pathname.startsWith('/api/platform/')) {
    const request = toRequest(req, `http://${req.headers.host ?? 'localhost'}${raw}`, body);
    return ctx.platform.handle(request, pathname.slice('/api/platform'.length) || '/');
  }

  const env = /^\/api\/env\/([^/]+)\/services\/(.*)$/.exec(pathname);
  if (env) {
    let envId: string;
    try {
      envId = decodeURIComponent(env[1]);
    } catch {
      return notFound('environment not found');
    }
    const record = ctx.platform.environment(envId);
    if (!record) return notFound('environment not found');
    const target = serviceTarget(ctx.workbench.router.replicas, env[2]);
    if (!target) return notFound(`no service at /services/${env[2].split('/')[0]} (services: ${ctx.workbench.router.replicas.map((r) => r.servicePath).join(', ')})`);
    return routeTo(ctx, target.replica, target.replica.baseUrls[0], target.rest, search, req, body, record);
  }

  const direct = realPathTarget(ctx.workbench.router, ctx.realPaths, pathname);
  if (direct) {
    const record = ctx.defaultEnvs.get(direct.replica.name);
    if (!record) return notFound(`no default ${direct.replica.title} environment: the seeds folder has no ${direct.replica.name} seed (pass --seed)`);
    return routeTo(ctx, direct.replica, direct.base, direct.rest, search, req, body, record);
  }
  return notFound(
    `Not Found: DiffLab serves /api/platform/…, /api/env/{envId}/services/…, and each service at its real API path: ${ctx.realPaths.map((p) => p.prefix).filter((p) => p !== '/').join(', ')}`,
  );
}

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

/** The replica whose servicePath (`slack`, `box/2.0`) starts the rest of the URL; longest path first. */
function serviceTarget(replicas: Replica[], rest: string): { replica: Replica; rest: string } | null {
  const sorted = [...replicas].sort((a, b) => b.servicePath.length - a.servicePath.length);
  for (const replica of sorted) {
    const p = replica.servicePath.replace(/^\/+|\/+$/g, '');
    if (rest === p) return { replica, rest: '' };
    if (rest.startsWith(p + '/')) return { replica, rest: rest.slice(p.length + 1) };
  }
  return null;
}

/**
 * Re-addresses the request to the replica's real base URL (`https://slack.com/api/` + rest) so that handlers see
 * the URL a real client would have used, and routes it by service name and path.
 */
async function routeTo(
  ctx: Context,
  replica: Replica,
  base: string,
  rest: string,
  search: string,
  req: IncomingMessage,
  body: Buffer,
  record: EnvRecord,
): Promise<Response> {
  const tail = base.endsWith('/') ? rest : `/${rest}`;
  const url = base + tail + search;
  const path = tail.split(/[?#]/)[0];
  return ctx.workbench.router.routeService(replica.name, path, toRequest(req, url, body), record.env);
}

const HOP_HEADERS = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'expect']);

function toRequest(req: IncomingMessage, url: string, body: Buffer): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || HOP_HEADERS.has(k)) continue;
    for (const value of Array.isArray(v) ? v : [v]) headers.append(k, value);
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const hasBody = method !== 'GET' && method !== 'HEAD' && body.length > 0;
  return new Request(url, { method, headers, body: hasBody ? new Uint8Array(body) : undefined });
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key === 'content-length' || key === 'transfer-encoding' || key === 'content-encoding') return;
    headers[key] = value;
  });
  headers['content-length'] = String(body.length);
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
  const server = await startServer({ port, host: flags.host, seedsDir: dir, suites, defaultSeed: flags['default-seed'] ?? flags.seed, defaultUser: flags.user });

  const p = server.platform;
  const lines = [
    `DiffLab serving on ${server.url}`,
    `  platform API:  ${server.url}/api/platform/  (Agent-Diff SDKs: baseUrl ${server.url})`,
    ...server.workbench.router.replicas.map((r) => {
      const env = server.defaultEnvs.get(r.name);
      const at = realPaths([r]).map((p) => server.url + p.prefix).join(' ') || '(no real path)';
      const label = `  ${r.name}:`.padEnd(16);
      return env
        ? `${label}${at}  (default env ${env.id}, seed ${env.template}, acting as ${env.env.actingUserFor(r.name) ?? 'the replica default'})`
        : `${label}no default environment (no ${r.name} seed found)`;
    }),
    `  environments:  ${server.url}/api/env/{envId}/services/{${server.workbench.router.replicas.map((r) => r.servicePath).join('|')}}/…`,
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
