import { readFileSync } from 'node:fs';
import type { ActingUsers, Diff, SchemaInfo, SeedFile } from '../engine/index.ts';
import { splitSeed } from '../engine/seed.ts';
import type { AssertionSpec } from '../evaluation/index.ts';
import type { Replica } from '../replicas/index.ts';
import { checkJson, ParseBoundExceeded } from '../replicas/parseBounds.ts';
import { jsonObjectBody } from '../replicas/requestBody.ts';
import { findUnstorable } from '../replicas/unstorableText.ts';
import type { Scenario, Suite } from '../scenarios/index.ts';
import { nameUuid, newUuid } from './ids.ts';
import { readSpec, type Issue } from './recordedDiff.ts';
import { listSeeds } from './seeds.ts';
import { EnvironmentError, type RemoteEnv, type ServeWorkers } from './serveWorkers/workers.ts';

/**
 * Agent-Diff's platform API (`/api/platform/…`) over DiffLab's engine, with the field names its TypeScript and
 * Python SDKs read (backend/src/platform/api/routes.py and models.py of agent-diff). Errors are `{detail}` with
 * the status Agent-Diff sends. Ids the SDKs parse as UUIDs are UUIDs.
 */

export interface TemplateRecord {
  id: string;
  name: string;
  service: string;
  services: string[];
  file: string;
  description: string;
}

interface TestRecord {
  id: string;
  suiteId: string;
  scenario: Scenario;
  type: string;
  createdAt: string;
}

interface SuiteRecord {
  id: string;
  sourceId: string;
  name: string;
  description: string;
  visibility: 'public' | 'private';
  owner: string;
  createdAt: string;
  tests: TestRecord[];
}

export interface EnvRecord {
  id: string;
  /** The environment, in the worker thread that holds it for its life. */
  env: RemoteEnv;
  template: string;
  service: string;
  test: TestRecord | null;
  /** null: never expires (the default environment). */
  expiresAt: number | null;
  /** A default environment of `serve`, which every real-path request uses: the platform API cannot delete it. */
  shared: boolean;
}

/**
 * The bearer token initEnv hands out: Agent-Diff's SDK executors send `Authorization: Bearer <token>` only when
 * initEnv returns one. The replicas take any well-formed token as the environment's user, so it only needs to be one.
 */
export const environmentToken = (envId: string): string => `difflab-env-${envId}`;

interface RunRecord {
  id: string;
  envId: string;
  test: TestRecord | null;
  startSeq: number;
  status: 'running' | 'passed' | 'failed' | 'error';
  createdAt: string;
  result: null | {
    passed: boolean;
    agent_diff_passed: boolean;
    score: unknown;
    failures: string[];
    unexplained: unknown[];
    diff: Diff;
  };
}

type Handler = (req: Request, params: Record<string, string>, url: URL) => Promise<Response>;

class ApiError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(detail);
  }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const DEFAULT_TTL_SECONDS = 1800;
/** The before/after "snapshot" of a run: a position in the environment's change journal. */
const snapshotName = (seq: number) => `journal:${seq}`;

export interface PlatformApiOptions {
  workers: ServeWorkers;
  replicas: readonly Replica[];
  seedsDir: string;
  suites: Suite[];
  now?: () => number;
}

export class PlatformApi {
  readonly templates = new Map<string, TemplateRecord>();
  /** Seed files that no replica serves (e.g. Box seeds while only Slack exists): name → why. */
  readonly skippedSeeds = new Map<string, string>();
  private readonly suites = new Map<string, SuiteRecord>();
  private readonly tests = new Map<string, TestRecord>();
  private readonly envs = new Map<string, EnvRecord>();
  private readonly runs = new Map<string, RunRecord>();
  private readonly workers: ServeWorkers;
  private readonly replicas: readonly Replica[];
  private readonly now: () => number;
  private readonly startedAt: string;
  private readonly routes: { method: string; pattern: RegExp; names: string[]; handler: Handler }[] = [];

  constructor(options: PlatformApiOptions) {
    this.workers = options.workers;
    this.replicas = options.replicas;
    this.now = options.now ?? Date.now;
    this.startedAt = new Date(this.now()).toISOString();
    this.readTemplates(options.seedsDir);
    for (const s of options.suites) this.addSuite(s);

    this.route('GET', '/health', this.health);
    this.route('GET', '/templates', this.listTemplates);
    this.route('POST', '/templates/from-environment', this.templateFromEnvironment);
    this.route('GET', '/templates/{id}', this.getTemplate);
    this.route('GET', '/testSuites', this.listSuites);
    this.route('POST', '/testSuites', this.createSuite);
    this.route('GET', '/testSuites/{id}', this.getSuite);
    this.route('POST', '/testSuites/{id}/tests', this.createTests);
    this.route('GET', '/tests/{id}', this.getTest);
    this.route('POST', '/initEnv', this.initEnv);
    this.route('POST', '/startRun', this.startRun);
    this.route('POST', '/evaluateRun', this.evaluateRun);
    this.route('POST', '/endRun', this.evaluateRun);
    this.route('POST', '/diffRun', this.diffRun);
    this.route('GET', '/results/{id}', this.results);
    this.route('DELETE', '/env/{id}', this.deleteEnv);
  }

  private route(method: string, path: string, handler: Handler): void {
    const names: string[] = [];
    const source = path.replace(/\{(\w+)\}/g, (_, n: string) => (names.push(n), '([^/]+)'));
    this.routes.push({ method, pattern: new RegExp(`^${source}/?$`), names, handler: handler.bind(this) });
  }

  /** Answers a request whose path below `/api/platform` is `path`. Never throws. */
  async handle(request: Request, path: string): Promise<Response> {
    const url = new URL(request.url);
    let pathMatched = false;
    for (const r of this.routes) {
      const m = r.pattern.exec(path);
      if (!m) continue;
      pathMatched = true;
      if (r.method !== request.method.toUpperCase()) continue;
      let params: Record<string, string>;
      try {
        params = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
      } catch {
        return json({ detail: `malformed percent-encoding in ${path}` }, 400);
      }
      try {
        return await r.handler(request, params, url);
      } catch (err) {
        if (err instanceof ApiError || err instanceof EnvironmentError) return json({ detail: err.message }, err.status);
        return json({ detail: `internal error: ${(err as Error)?.message ?? String(err)}` }, 500);
      }
    }
    return pathMatched ? json({ detail: 'Method Not Allowed' }, 405) : json({ detail: 'Not Found' }, 404);
  }

  // ── templates ────────────────────────────────────────────────────────────────────────────────────────────

  private readTemplates(dir: string): void {
    const services = this.replicas.map((r) => r.name);
    const info: SchemaInfo = this.workers.schemaInfo;
    for (const { name, file } of listSeeds(dir)) {
      try {
        const seed = JSON.parse(readFileSync(file, 'utf8')) as SeedFile;
        const parts = splitSeed(seed, info, services);
        if (parts.length === 0) throw new Error('the seed has no tables');
        this.templates.set(nameUuid(`template:${name}`), {
          id: nameUuid(`template:${name}`),
          name,
          service: parts[0].service,
          services: parts.map((p) => p.service),
          file,
          description: `${parts.map((p) => p.service).join(' + ')} seed ${name}`,
        });
      } catch (err) {
        this.skippedSeeds.set(name, (err as Error).message);
      }
    }
  }

  templateByName(name: string): TemplateRecord | undefined {
    return [...this.templates.values()].find((t) => t.name === name);
  }

  private findTemplate(ref: string): TemplateRecord {
    const t = this.templates.get(ref.toLowerCase()) ?? this.templateByName(ref);
    if (!t) throw new ApiError(404, 'template not found');
    return t;
  }

  private async health(): Promise<Response> {
    return json({ status: 'healthy', service: 'difflab', time: new Date(this.now()).toISOString() });
  }

  private async listTemplates(): Promise<Response> {
    return json({
      templates: [...this.templates.values()].map((t) => ({ id: t.id, service: t.service, description: t.description, name: t.name })),
    });
  }

  private async getTemplate(_req: Request, p: Record<string, string>): Promise<Response> {
    const t = this.findTemplate(p.id);
    return json({ id: t.id, service: t.service, description: t.description, name: t.name, version: 'v1', schemaName: t.name });
  }

  private async templateFromEnvironment(): Promise<Response> {
    throw new ApiError(501, 'creating templates from environments is not supported by DiffLab: add a seed file instead');
  }

  // ── suites and tests ─────────────────────────────────────────────────────────────────────────────────────

  private addSuite(suite: Suite): void {
    const id = nameUuid(`suite:${suite.id}`);
    const record: SuiteRecord = {
      id,
      sourceId: suite.id,
      name: suite.name,
      description: suite.description ?? '',
      visibility: 'public',
      owner: 'difflab',
      createdAt: this.startedAt,
      tests: [],
    };
    for (const scenario of suite.tests) {
      const test: TestRecord = { id: nameUuid(`test:${suite.id}:${scenario.id}`), suiteId: id, scenario, type: 'actionEval', createdAt: this.startedAt };
      record.tests.push(test);
      this.tests.set(test.id, test);
    }
    this.suites.set(id, record);
  }

  private findSuite(ref: string): SuiteRecord {
    const s = this.suites.get(ref.toLowerCase()) ?? [...this.suites.values()].find((x) => x.sourceId === ref);
    if (!s) throw new ApiError(404, 'test suite not found');
    return s;
  }

  private findTest(ref: string): TestRecord {
    const t = this.tests.get(ref.toLowerCase());
    if (t) return t;
    // A test's own id (`test_1`) is accepted when it is unique across the loaded suites.
    const byId = [...this.tests.values()].filter((x) => x.scenario.id === ref);
    if (byId.length === 1) return byId[0];
    throw new ApiError(404, byId.length > 1 ? `test id "${ref}" is ambiguous: use its UUID` : 'test not found');
  }

  private testJson(t: TestRecord) {
    return {
      id: t.id,
      name: t.scenario.title,
      prompt: t.scenario.prompt,
      type: t.type,
      seed_template: t.scenario.seed,
      impersonate_user_id: t.scenario.actingUserId,
      ...(t.scenario.actingUsers ? { impersonate_users: t.scenario.actingUsers } : {}),
      expected_output: t.scenario.spec,
      created_at: t.createdAt,
      updated_at: t.createdAt,
    };
  }

  private async listSuites(_req: Request, _p: Record<string, string>, url: URL): Promise<Response> {
    const name = url.searchParams.get('name');
    const id = url.searchParams.get('id');
    const visibility = url.searchParams.get('visibility');
    if (visibility && visibility !== 'public' && visibility !== 'private') throw new ApiError(400, `invalid visibility: ${visibility}`);
    const suites = [...this.suites.values()].filter(
      (s) => (!name || s.name === name) && (!id || s.id === id.toLowerCase() || s.sourceId === id) && (!visibility || s.visibility === visibility),
    );
    return json({ testSuites: suites.map((s) => ({ id: s.id, name: s.name, description: s.description })) });
  }

  private async getSuite(_req: Request, p: Record<string, string>, url: URL): Promise<Response> {
    const s = this.findSuite(p.id);
    const expand = new Set((url.searchParams.get('expand') ?? '').split(',').map((x) => x.trim()));
    if (!expand.has('tests')) {
      return json({ tests: s.tests.map((t) => ({ id: t.id, name: t.scenario.title, prompt: t.scenario.prompt })) });
    }
    return json({
      id: s.id,
      name: s.name,
      description: s.description,
      owner: s.owner,
      visibility: s.visibility,
      created_at: s.createdAt,
      updated_at: s.createdAt,
      tests: s.tests.map((t) => this.testJson(t)),
    });
  }

  private async getTest(_req: Request, p: Record<string, string>): Promise<Response> {
    return json(this.testJson(this.findTest(p.id)));
  }

  private async createSuite(req: Request): Promise<Response> {
    const body = await readBody(req);
    const name = str(body, 'name', true)!;
    const description = str(body, 'description') ?? '';
    const visibility = str(body, 'visibility') ?? 'private';
    if (visibility !== 'public' && visibility !== 'private') throw new ApiError(400, `visibility: must be "public" or "private"`);
    const id = newUuid();
    const now = new Date(this.now()).toISOString();
    const record: SuiteRecord = { id, sourceId: id, name, description, visibility, owner: 'difflab', createdAt: now, tests: [] };
    const items = body.tests === undefined || body.tests === null ? [] : this.testItems(body.tests, undefined, 'tests');
    this.suites.set(id, record);
    for (const scenario of items) this.addTest(record, scenario, now);
    return json({ id, name, description, visibility }, 201);
  }

  private async createTests(req: Request, p: Record<string, string>): Promise<Response> {
    const suite = this.findSuite(p.id);
    const body = await readBody(req);
    const fallback = str(body, 'defaultEnvironmentTemplate');
    const items = this.testItems(body.tests, fallback, 'tests');
    const now = new Date(this.now()).toISOString();
    const created = items.map((scenario) => this.addTest(suite, scenario, now));
    return json({ tests: created.map((t) => this.testJson(t)) }, 201);
  }

  private addTest(suite: SuiteRecord, scenario: Scenario, now: string): TestRecord {
    const test: TestRecord = { id: scenario.id, suiteId: suite.id, scenario, type: 'actionEval', createdAt: now };
    suite.tests.push(test);
    this.tests.set(test.id, test);
    return test;
  }

  /** Agent-Diff's TestItem list: every item is checked before any is added, and each problem names its path. */
  private testItems(value: unknown, defaultTemplate: string | undefined, path: string): Scenario[] {
    if (!Array.isArray(value)) throw new ApiError(400, `${path}: must be a list of tests`);
    const problems: string[] = [];
    const out: Scenario[] = [];
    value.forEach((item, i) => {
      const at = `${path}[${i}]`;
      if (!isObject(item)) return problems.push(`${at}: must be an object`);
      for (const k of ['name', 'prompt'] as const) if (typeof item[k] !== 'string') problems.push(`${at}.${k}: required string`);
      const type = item.type ?? 'actionEval';
      if (!['actionEval', 'retriEval', 'compositeEval'].includes(type as string)) problems.push(`${at}.type: must be actionEval, retriEval or compositeEval`);
      const ref = typeof item.environmentTemplate === 'string' ? item.environmentTemplate : defaultTemplate;
      const template = ref ? (this.templates.get(ref.toLowerCase()) ?? this.templateByName(ref)) : undefined;
      if (!template) problems.push(`${at}.environmentTemplate: ${ref ? `unknown template "${ref}"` : 'required (or defaultEnvironmentTemplate)'}`);
      const spec = readSpec(item.expected_output ?? item.expectedOutput);
      if (!spec.ok) problems.push(...spec.issues.map((x: Issue) => `${at}.expected_output${x.path.replace(/^\$/, '')}: ${x.message}`));
      if (problems.length || !template || !spec.ok) return;
      const acting = item.impersonateUserId;
      out.push({
        id: newUuid(),
        title: item.name as string,
        prompt: item.prompt as string,
        seed: template.name,
        actingUserId: typeof acting === 'string' ? acting : null,
        spec: spec.spec,
        closedWorld: false,
        metadata: {},
        answerChecks: [],
        rubrics: [],
        services: template.services,
      });
    });
    if (problems.length) throw new ApiError(400, problems.join('; '));
    return out;
  }

  // ── environments ─────────────────────────────────────────────────────────────────────────────────────────

  environment(id: string): EnvRecord | undefined {
    const record = this.envs.get(id.toLowerCase());
    if (record && record.expiresAt !== null && record.expiresAt <= this.now()) {
      void this.dropEnv(record).catch(() => {});
      return undefined;
    }
    return record;
  }

  private requireEnv(id: unknown): EnvRecord {
    if (typeof id !== 'string' || !id) throw new ApiError(400, 'envId: required string');
    const record = this.environment(id);
    if (!record) throw new ApiError(404, 'environment not found');
    return record;
  }

  servicePathOf(service: string): string {
    return this.replicas.find((r) => r.name === service)?.servicePath ?? service;
  }

  /** Creates an environment and registers it; `serve` also uses this for its default environment. */
  async createEnv(options: {
    template: string;
    /** One id for every service; given alone, it replaces a test's own identities. */
    actingUserId?: string | null;
    /** An id per service, over the test's (or instead of `actingUserId` for those services). */
    actingUsers?: ActingUsers | null;
    /** Finds the person by address in every service of the environment (the same e-mail in each). */
    actingEmail?: string | null;
    test?: TestRecord | null;
    ttlSeconds?: number | null;
    /** Where the environment's clock starts (ms since the epoch) when no test sets it. */
    clockStart?: number;
    /** A default environment of `serve`: never deleted through the API (see EnvRecord.shared). */
    shared?: boolean;
  }): Promise<EnvRecord> {
    const template = this.templateByName(options.template);
    if (!template) throw new ApiError(400, `unknown template "${options.template}" (templates: ${[...this.templates.values()].map((t) => t.name).join(', ') || 'none'})`);
    if (options.actingUsers) {
      const unknown = Object.keys(options.actingUsers).filter((svc) => !template.services.includes(svc));
      if (unknown.length) throw new ApiError(400, `impersonateUsers: template "${template.name}" has no ${unknown.join(', ')} data (services: ${template.services.join(', ')})`);
    }
    const scenario = options.test?.scenario;
    const given = Boolean(options.actingUserId || options.actingUsers);
    const actingUserId = options.actingUserId ?? (given ? null : (scenario?.actingUserId ?? null));
    const actingUsers = { ...(options.actingUserId && !options.actingUsers ? {} : scenario?.actingUsers), ...options.actingUsers };
    const env = await this.workers.create({
      template: template.name,
      scenario,
      actingUserId,
      actingUsers,
      actingEmail: given ? null : options.actingEmail,
      clockStart: options.clockStart,
    }, { shared: options.shared });
    const id = newUuid();
    const ttl = options.ttlSeconds === null ? null : (options.ttlSeconds ?? DEFAULT_TTL_SECONDS);
    const record: EnvRecord = {
      id,
      env,
      template: template.name,
      service: template.service,
      test: options.test ?? null,
      expiresAt: ttl === null ? null : this.now() + ttl * 1000,
      shared: options.shared ?? false,
    };
    this.envs.set(id, record);
    return record;
  }

  private async initEnv(req: Request): Promise<Response> {
    await this.sweep();
    const body = await readBody(req);
    const testId = str(body, 'testId');
    const templateId = str(body, 'templateId');
    const templateService = str(body, 'templateService');
    const templateName = str(body, 'templateName');
    const templateSchema = str(body, 'templateSchema');
    const impersonateUserId = str(body, 'impersonateUserId');
    const impersonateEmail = str(body, 'impersonateEmail');
    const impersonateUsers = stringMap(body, 'impersonateUsers');
    const ttlSeconds = body.ttlSeconds ?? undefined;
    // A year at most: an expiry must stay a valid date.
    if (ttlSeconds !== undefined && (typeof ttlSeconds !== 'number' || !(ttlSeconds > 0) || ttlSeconds > 31_536_000)) {
      throw new ApiError(400, 'ttlSeconds: must be a positive number of seconds, at most 31536000 (a year)');
    }

    let test: TestRecord | null = null;
    let template: TemplateRecord;
    if (testId) {
      test = this.findTest(testId);
      template = this.templateByName(test.scenario.seed) ?? this.missingTemplate(test.scenario.seed);
    } else if (templateId) {
      template = this.findTemplate(templateId);
    } else if (templateName) {
      template = this.templateByName(templateName) ?? this.missingTemplate(templateName);
      if (templateService && !template.services.includes(templateService)) {
        throw new ApiError(400, `template "${templateName}" is a ${template.services.join(' + ')} template, not ${templateService}`);
      }
    } else if (templateSchema) {
      template = this.templateByName(templateSchema) ?? this.missingTemplate(templateSchema);
    } else {
      throw new ApiError(400, 'provide testId, templateId, or templateService and templateName');
    }
    const record = await this.createEnv({
      template: template.name,
      actingUserId: impersonateUserId,
      actingUsers: impersonateUsers,
      actingEmail: impersonateEmail,
      test,
      ttlSeconds: ttlSeconds as number | undefined,
    });
    return json(this.envJson(record), 201);
  }

  /**
   * Agent-Diff's initEnv answer (its one `service` and `environmentUrl` are the template's first service), plus
   * every service of the environment with its URL and the identity requests to it act as.
   */
  envJson(record: EnvRecord) {
    const url = (service: string) => `/api/env/${record.id}/services/${this.servicePathOf(service)}`;
    const { env } = record;
    return {
      environmentId: record.id,
      templateSchema: record.template,
      schemaName: `env_${env.id}`,
      service: record.service,
      environmentUrl: url(record.service),
      expiresAt: record.expiresAt === null ? null : new Date(record.expiresAt).toISOString(),
      impersonateUserId: env.actingUserId,
      services: env.services,
      environmentUrls: Object.fromEntries(env.services.map((svc) => [svc, url(svc)])),
      impersonateUsers: Object.fromEntries(env.services.map((svc) => [svc, env.actingUserFor(svc)])),
      token: environmentToken(record.id),
    };
  }

  private missingTemplate(name: string): never {
    const why = this.skippedSeeds.get(name);
    throw new ApiError(400, why ? `template "${name}" cannot be served: ${why}` : `template "${name}" not found`);
  }

  private async deleteEnv(_req: Request, p: Record<string, string>): Promise<Response> {
    const record = this.requireEnv(p.id);
    // Deleting it would leave every request at the service's real API path with no environment until a restart.
    if (record.shared) throw new ApiError(403, `environment ${record.id} is the server's default ${record.service} environment and cannot be deleted`);
    await this.dropEnv(record);
    return json({ environmentId: record.id, status: 'deleted' });
  }

  private async dropEnv(record: EnvRecord): Promise<void> {
    this.envs.delete(record.id);
    await record.env.dispose();
  }

  /** Drops expired environments (Agent-Diff's maintenance does this on a timer; here each initEnv does). */
  private async sweep(): Promise<void> {
    const now = this.now();
    for (const r of [...this.envs.values()]) if (r.expiresAt !== null && r.expiresAt <= now) await this.dropEnv(r);
  }

  async close(): Promise<void> {
    for (const r of [...this.envs.values()]) await this.dropEnv(r).catch(() => {});
  }

  // ── runs ─────────────────────────────────────────────────────────────────────────────────────────────────

  private async startRun(req: Request): Promise<Response> {
    const body = await readBody(req);
    const record = this.requireEnv(str(body, 'envId', true));
    const testId = str(body, 'testId');
    const test = testId ? this.findTest(testId) : record.test;
    const startSeq = await record.env.journalPosition();
    const run: RunRecord = {
      id: newUuid(),
      envId: record.id,
      test,
      startSeq,
      status: 'running',
      createdAt: new Date(this.now()).toISOString(),
      result: null,
    };
    this.runs.set(run.id, run);
    return json({ runId: run.id, status: run.status, beforeSnapshot: snapshotName(startSeq) }, 201);
  }

  private findRun(id: unknown): RunRecord {
    if (typeof id !== 'string' || !id) throw new ApiError(400, 'runId: required string');
    const run = this.runs.get(id.toLowerCase());
    if (!run) throw new ApiError(404, 'run not found');
    return run;
  }

  private async evaluateRun(req: Request): Promise<Response> {
    const body = await readBody(req);
    const run = this.findRun(str(body, 'runId', true));
    const record = this.environment(run.envId);
    if (!record) throw new ApiError(404, 'environment not found (deleted or expired)');
    let spec: AssertionSpec;
    let closedWorld = false;
    const given = body.expectedOutput ?? body.expected_output;
    if (given !== undefined && given !== null) {
      const s = readSpec(given);
      if (!s.ok) throw new ApiError(400, s.issues.map((i) => `expectedOutput${i.path.replace(/^\$/, '')}: ${i.message}`).join('; '));
      spec = s.spec;
    } else if (run.test) {
      spec = run.test.scenario.spec;
      closedWorld = run.test.scenario.closedWorld;
    } else {
      spec = { assertions: [] } as unknown as AssertionSpec;
    }
    const { diff, verdict: v, error } = await record.env.evaluate(run.startSeq, spec, closedWorld);
    if (v) {
      run.status = v.passed ? 'passed' : 'failed';
      run.result = { ...v, diff };
    } else {
      run.status = 'error';
      run.result = {
        passed: false,
        agent_diff_passed: false,
        score: { passed: 0, total: 0, percent: 0 },
        failures: [`Runtime error during evaluation: ${error}`],
        unexplained: [],
        diff,
      };
    }
    const r = run.result;
    return json({ runId: run.id, status: run.status, passed: r.passed, score: r.score, agent_diff_passed: r.agent_diff_passed });
  }

  private async results(_req: Request, p: Record<string, string>): Promise<Response> {
    const run = this.findRun(p.id);
    const r = run.result;
    return json({
      runId: run.id,
      status: run.status,
      passed: r?.passed ?? false,
      score: r?.score ?? null,
      failures: r?.failures ?? [],
      diff: r?.diff ?? null,
      createdAt: run.createdAt,
      agent_diff_passed: r?.agent_diff_passed ?? false,
      unexplained: r?.unexplained ?? [],
    });
  }

  private async diffRun(req: Request): Promise<Response> {
    const body = await readBody(req);
    const runId = str(body, 'runId');
    const envId = str(body, 'envId');
    if (!!runId === !!envId) throw new ApiError(400, 'provide exactly one of runId or envId (with an optional beforeSuffix)');
    let record: EnvRecord;
    let since: number;
    if (runId) {
      const run = this.findRun(runId);
      const env = this.environment(run.envId);
      if (!env) throw new ApiError(404, 'environment not found (deleted or expired)');
      record = env;
      since = run.startSeq;
    } else {
      record = this.requireEnv(envId);
      const suffix = str(body, 'beforeSuffix') ?? '';
      const m = /^(?:journal:)?(\d+)$/.exec(suffix);
      if (suffix && !m) throw new ApiError(400, `beforeSuffix: expected a beforeSnapshot of startRun ("journal:N"), got "${suffix}"`);
      since = m ? Number(m[1]) : 0;
    }
    const after = await record.env.journalPosition();
    if (!Number.isSafeInteger(since) || since > after) {
      throw new ApiError(400, `beforeSuffix: journal:${since} is past the environment's journal (now ${snapshotName(after)}); pass a beforeSnapshot of startRun`);
    }
    const diff = await record.env.diffSince(since);
    return json({ beforeSnapshot: snapshotName(since), afterSnapshot: snapshotName(after), diff });
  }
}

// ── helpers ────────────────────────────────────────────────────────────────────────────────────────────────

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

async function readBody(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (!text.trim()) return {};
  try {
    checkJson(text);
  } catch (err) {
    throw err instanceof ParseBoundExceeded ? new ApiError(413, err.message) : err;
  }
  const body = jsonObjectBody(text, (problem) => new ApiError(400, problem === 'invalid_json' ? 'invalid JSON in request body' : 'the request body must be a JSON object'));
  // As the services refuse it: text the database would not store as sent (a NUL in `impersonateEmail` was a 500).
  const bad = findUnstorable(body);
  if (bad) throw new ApiError(400, `${bad.path} contains ${bad.character}`);
  return body;
}

/** A string field; JSON null counts as absent (pydantic's model_dump sends every optional field). */
function str(body: Record<string, unknown>, key: string, required = false): string | undefined {
  const v = body[key];
  if (v === undefined || v === null || v === '') {
    if (required) throw new ApiError(400, `${key}: field required`);
    return undefined;
  }
  if (typeof v !== 'string') throw new ApiError(400, `${key}: must be a string`);
  return v;
}

/** An optional object of strings (`{ "slack": "U…", "box": "…" }`). */
function stringMap(body: Record<string, unknown>, key: string): Record<string, string> | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) throw new ApiError(400, `${key}: must be an object of service name → user id`);
  for (const [k, x] of Object.entries(v)) if (typeof x !== 'string' || !x) throw new ApiError(400, `${key}.${k}: must be a non-empty string`);
  return v as Record<string, string>;
}
