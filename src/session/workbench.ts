import { Engine, type ActingUsers, type Diff, type EngineOptions, type Environment, type Row, type SeedFile } from '../engine/index.ts';
import { loadReplicas } from '../replicas/catalog.ts';
import { createRouter, type Router } from '../replicas/router.ts';
import type { Replica } from '../replicas/types.ts';
import { runScript } from '../sandbox/runScript.ts';
import type { LanguageId } from '../sandbox/languages.ts';
import type { ConsoleEntry, SandboxLimits, ScratchFile, ScriptResult, WorkerFactory } from '../sandbox/types.ts';
import { requestTrace } from './trace.ts';
import {
  answerFromConsole,
  evaluateDiffBounded,
  gradeHybrid,
  seedProbes,
  withSeedCandidates,
  type HybridVerdict,
  type Judge,
  type TraceEntry,
  type Verdict,
} from '../evaluation/index.ts';
import type { Scenario } from '../scenarios/index.ts';
import { NO_FAULTS, withFaults, type FaultEvent, type FaultPlan } from './faults.ts';
import { nameIds } from './nameIds.ts';

/** Seed rows looked up per `where` field of a failed assertion, at most. */
const SEED_LOOKUP_LIMIT = 20;

/** Finds a seed file by its template name (the CLI reads a folder, the site reads its bundle or an import). */
export type SeedResolver = (name: string) => Promise<SeedFile>;

export interface WorkbenchOptions {
  seeds: SeedResolver;
  createWorker: WorkerFactory;
  engine?: Engine;
  loadDataDir?: Blob;
  /** The PGlite to build the engine on, already starting (see EngineOptions.opening). */
  opening?: EngineOptions['opening'];
  /**
   * The replicas to load (default every one). With fewer, the others are loaded only if a script calls one of their
   * hosts, so it is answered as it would be with all of them.
   */
  replicas?: Replica[];
  /** Grades the rubrics of scenarios that have them (EmailBench's hybrid grading); without one they stay "not judged". */
  judge?: Judge | null;
  /**
   * Check each template already in the engine (from a prebuilt data directory) against its seed file once, and
   * reload it when the seed changed. The CLI sets it: seed files can change after the dump; the site's dump and its
   * seed chunks come from the same build.
   */
  verifyTemplates?: boolean;
  /** Templates known to hold their seed file as it is now (the CLI's data directory was built from those bytes). */
  verifiedTemplates?: Iterable<string>;
}

export interface StepResult {
  script: ScriptResult;
  /** The answer the script gave (its last `Answer: …` console line), if any. */
  answer: string | null;
  stepDiff: Diff;
  runDiff: Diff;
  verdict: Verdict;
  /** The hybrid verdict, for scenarios with rubrics or critical assertions; its `passed` is the scenario's pass. */
  grade: HybridVerdict | null;
}

/**
 * Everything a shell needs to run scenarios: one engine, the router, the sandbox's worker factory and a seed
 * resolver. The UI, the CLI and the agent loop all drive it.
 */
export class Workbench {
  readonly router: Router;
  /** The rubric judge; a shell sets it when the user configures a model for judging. */
  judge: Judge | null;
  private constructor(
    readonly engine: Engine,
    private readonly options: WorkbenchOptions,
    replicas: Replica[],
  ) {
    this.router = createRouter(replicas, { loadOthers: options.replicas ? () => loadReplicas() : undefined });
    this.verified = new Set(options.verifiedTemplates);
    this.judge = options.judge ?? null;
  }

  static async create(options: WorkbenchOptions): Promise<Workbench> {
    // The replicas' modules load while PGlite starts.
    const loading = options.replicas ?? loadReplicas();
    const engine = options.engine ?? (await Engine.create({ services: loading, loadDataDir: options.loadDataDir, opening: options.opening }));
    return new Workbench(engine, options, await loading);
  }

  private readonly verified: Set<string>;

  /** Loads a seed as a template unless it is loaded already (and, with `verifyTemplates`, still that seed). */
  async ensureTemplate(name: string): Promise<void> {
    if (this.engine.getTemplate(name) && (!this.options.verifyTemplates || this.verified.has(name))) return;
    // loadTemplate reuses a template whose seed and schemas are unchanged.
    await this.engine.loadTemplate(name, await this.options.seeds(name));
    this.verified.add(name);
  }

  /** A fresh environment for a scenario: its seed, acting user and clock. */
  async open(scenario: Scenario): Promise<Session> {
    await this.ensureTemplate(scenario.seed);
    const env = await this.engine.createEnvironment(scenario.seed, {
      actingUserId: scenario.actingUserId,
      actingUsers: scenario.actingUsers,
      clockStart: scenario.clock ? Date.parse(scenario.clock) : undefined,
    });
    return new Session(this, env, scenario);
  }

  /** An environment of a seed alone, for free play without a scenario. */
  async openSeed(seed: string, options: { actingUserId?: string | null; actingUsers?: ActingUsers; clockStart?: number } = {}): Promise<Environment> {
    await this.ensureTemplate(seed);
    return this.engine.createEnvironment(seed, options);
  }

  get createWorker(): WorkerFactory {
    return this.options.createWorker;
  }
}

/** One scenario attempt: an environment, the steps run in it, and its evaluation. */
export class Session {
  steps = 0;
  /** The final answer so far: the last one a step gave, or one set by the agent loop. */
  answer: string | null = null;
  /** What the judge of a rubric sees of the run: each step's requests and console output, whole. */
  readonly trace: TraceEntry[] = [];
  /** Faults active in this run (none by default) and those that fired so far. */
  faults: FaultPlan = NO_FAULTS;
  readonly faultEvents: FaultEvent[] = [];
  /** The run's scratch directory: files a script wrote, handed to the run's next scripts (reset empties it). */
  scratch: ScratchFile[] = [];
  private fetch: (request: Request) => Promise<Response>;
  /**
   * Headers every request gets when it has none of that name: a replay of a recording whose server asked for no
   * token adds one here (`Authorization`), since the replicas ask for one as the real APIs do.
   */
  defaultHeaders: [string, string][] = [];
  constructor(
    readonly workbench: Workbench,
    readonly env: Environment,
    readonly scenario: Scenario,
  ) {
    this.fetch = (request) => this.workbench.router.route(this.withDefaults(request), this.env);
  }

  private withDefaults(request: Request): Request {
    const missing = this.defaultHeaders.filter(([name]) => !request.headers.has(name));
    if (!missing.length) return request;
    const headers = new Headers(request.headers);
    for (const [name, value] of missing) headers.set(name, value);
    return new Request(request, { headers });
  }

  /** Turns fault injection on for the rest of the run; request counts start from here. */
  setFaults(plan: FaultPlan): void {
    this.faults = plan;
    this.fetch = withFaults((request) => this.workbench.router.route(this.withDefaults(request), this.env), plan, this.workbench.router, (e) => this.faultEvents.push(e));
  }

  /** Sends one request as the sandbox's fetch would: to this environment's replicas, through the active faults. */
  handle(request: Request): Promise<Response> {
    return this.fetch(request);
  }

  /** Runs one script as a step: the sandbox's fetch goes to the router bound to this environment. */
  async runStep(
    source: string,
    options: { language?: LanguageId; limits?: Partial<SandboxLimits>; onConsole?: (e: ConsoleEntry) => void; signal?: AbortSignal } = {},
  ): Promise<StepResult> {
    await this.env.beginStep();
    this.steps++;
    const script = await runScript(source, {
      fetch: this.fetch,
      createWorker: this.workbench.createWorker,
      language: options.language,
      files: this.scratch,
      onFiles: (files) => (this.scratch = files),
      limits: options.limits,
      onConsole: options.onConsole,
      signal: options.signal,
      // The script's Date and Math.random follow the environment, so a step is reproducible byte for byte.
      now: this.env.clock.peek(),
      randomSeed: (this.env.ids.seed + this.steps) >>> 0,
    });
    const { step: stepDiff, run: runDiff } = await this.env.diffs();
    this.answer = answerFromConsole(script.console) ?? this.answer;
    this.trace.push(...traceOf(script));
    const verdict = await this.judge(runDiff);
    return { script, answer: this.answer, stepDiff, runDiff, verdict, grade: await this.grade(verdict, runDiff) };
  }

  /**
   * The hybrid verdict (static checks plus judged rubrics, critical checks gating the pass) for scenarios that ask
   * for it; null for plain state-diff scenarios, whose verdict is the pass.
   */
  async grade(verdict: Verdict, runDiff: Diff, trace: readonly TraceEntry[] = this.trace): Promise<HybridVerdict | null> {
    const s = this.scenario;
    if (!s.rubrics.length && !s.criticalAssertions?.length) return null;
    return gradeHybrid({
      scenario: { id: s.id, title: s.title, prompt: s.prompt },
      verdict,
      closedWorld: s.closedWorld,
      criticalAssertions: s.criticalAssertions,
      rubrics: s.rubrics,
      answer: this.answer,
      trace,
      diff: runDiff,
      referenceAnswer: s.referenceAnswer,
      judge: this.workbench.judge,
    });
  }

  /** The verdict of a diff, every pattern bounded in time (the agent controls the texts matched), each failed
   * assertion with its nearest rows in the diff. */
  evaluate(diff: Diff): Promise<Verdict> {
    return evaluateDiffBounded(this.scenario.spec, diff, {
      schema: this.env.template.schemaInfo,
      closedWorld: this.scenario.closedWorld,
      answerChecks: this.scenario.answerChecks,
      answer: this.answer,
      nearest: true,
    });
  }

  /**
   * `evaluate`, and for a failed assertion whose part of the diff has no row of its table, the nearest rows of the
   * seed too (bounded lookups by the assertion's equality fields; see `Engine.templateRows`); the ids their checks
   * compare are named by their rows (`"120000100" (Finance)`).
   */
  async judge(diff: Diff): Promise<Verdict> {
    const verdict = await this.evaluate(diff);
    const probes = seedProbes(verdict.assertions);
    const { engine } = this.workbench;
    const template = this.env.template.name;
    const tables = this.env.template.schemaInfo.tables;
    const rows = new Map<number, Row[]>();
    for (const p of probes) {
      const service = p.service ?? tables.find((t) => t.name === p.table && this.env.services.includes(t.service))?.service;
      if (service === undefined) continue;
      const found = await engine.templateRows(template, service, p.table, p.column, p.values, SEED_LOOKUP_LIMIT);
      rows.set(p.assertion, [...(rows.get(p.assertion) ?? []), ...found]);
    }
    const assertions = withSeedCandidates(this.scenario.spec, verdict.assertions, rows, diff, this.env.template.schemaInfo);
    const replicas = this.workbench.router.replicas;
    const named = await nameIds(assertions, {
      rowNames: (service) => replicas.find((r) => r.name === service)?.rowNames,
      current: (service, table, column, ids) => this.env.findRows(service, table, column, ids, ids.length),
      seed: (service, table, column, ids) => engine.templateRows(template, service, table, column, ids, ids.length),
    });
    return { ...verdict, assertions: named };
  }

  async reset(): Promise<void> {
    await this.env.reset();
    this.steps = 0;
    this.scratch = [];
    this.answer = null;
    this.trace.length = 0;
  }

  dispose(): Promise<void> {
    return this.env.dispose();
  }
}

/** A step's requests and console lines as judge trace entries. */
function traceOf(script: ScriptResult): TraceEntry[] {
  return [...requestTrace(script.requests), ...script.console.map((c): TraceEntry => ({ kind: 'console', text: c.text }))];
}
