/**
 * What the workbench worker does (workbenchWorker.ts is its entry): one PGlite, the replicas' router and the sandbox
 * host, off the main thread. It answers the calls of WorkbenchClient one at a time, in order; an abort message
 * bypasses the queue to stop a script. Besides the open scenario's session (the playground's), it holds the sessions
 * of agent attempts under way, by id.
 */
import type { SeedFile } from '../../engine/index.ts';
import type { Judge, Judgement } from '../../evaluation/index.ts';
import { checkSuiteNames } from '../../scenarios/index.ts';
import { NO_FAULTS, Workbench, hasFaults, type FaultPlan, type Session } from '../../session/index.ts';
import { lintScenarioIn } from '../../studio/lintIn.ts';
import { replayRecordedRun } from '../../agent/recorded/replayRun.ts';
import type { ConsoleEntry } from '../../sandbox/types.ts';
import { installBrowserPatternWorker } from '../patternWorker.ts';
import { pageSandboxFactory } from './pageSandboxFactory.ts';
import { sessionWorld } from '../../agent/world.ts';
import type { FromWorker, OpName, ToWorker, WorkbenchOps } from './protocol.ts';
import { takePostgres } from './bootPostgres.ts';

installBrowserPatternWorker();

const scope = self as unknown as {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
};
const sandboxes = pageSandboxFactory((message, transfer) => scope.postMessage(message, transfer ?? []));

// The project's seeds are in the prebuilt data directory; these lazy chunks are the fallback when it is missing
// or older than a seed (a dev server started before `build-pgdata`).
const projectSeeds = import.meta.glob<SeedFile>('/scenarios/*/seeds/*.json', { import: 'default' });
const importedSeeds = new Map<string, SeedFile>();

async function resolveSeed(name: string): Promise<SeedFile> {
  const own = importedSeeds.get(name);
  if (own) return own;
  const key = Object.keys(projectSeeds).find((k) => k.endsWith(`/seeds/${name}.json`));
  if (key) return projectSeeds[key]();
  throw new Error(`seed "${name}" is not loaded: import ${name}.json together with the suite that uses it`);
}

let workbench: Workbench | null = null;
let session: Session | null = null;
const attempts = new Map<number, Session>();
let nextAttempt = 1;
/** The stop switch of each `run` call from its arrival (an abort may come while it waits in the queue). */
const runs = new Map<number, { attemptId?: number; controller: AbortController }>();
let faults: FaultPlan = NO_FAULTS;
let judging = false;

const judgements = new Map<number, { resolve: (j: Judgement) => void; reject: (e: Error) => void }>();
let nextJudgement = 1;
/** Rubrics are judged on the main thread, which holds the model's key: the key never enters this worker. */
const mainThreadJudge: Judge = (request) =>
  new Promise((resolve, reject) => {
    const id = nextJudgement++;
    judgements.set(id, { resolve, reject });
    scope.postMessage({ kind: 'judge', id, request });
  });

function needWorkbench(): Workbench {
  if (!workbench) throw new Error('the environment is still starting');
  return workbench;
}

function needSession(): Session {
  if (!session) throw new Error('no scenario is open');
  return session;
}

/** The attempt's session, or without an id the open scenario's. */
function sessionOf(attemptId: number | undefined): Session {
  if (attemptId === undefined) return needSession();
  const s = attempts.get(attemptId);
  if (!s) throw new Error(`agent attempt ${attemptId} is not open`);
  return s;
}

async function openSession(scenario: Session['scenario']): Promise<Session> {
  const s = await needWorkbench().open(scenario);
  if (hasFaults(faults)) s.setFaults(faults);
  return s;
}

/** The workbench, once: on the PGlite that began at the page's `boot` message (bootPostgres.ts), with the replicas. */
let booting: Promise<{ workbench: Workbench; prebuilt: boolean; ms: number }> | null = null;

function boot(dataDirUrl: string | null) {
  booting ??= (async () => {
    const postgres = takePostgres(dataDirUrl);
    const options = { seeds: resolveSeed, createWorker: sandboxes.createWorker, judge: judging ? mainThreadJudge : null };
    const loadDataDir = await postgres.dataDir;
    let wb: Workbench;
    let prebuilt = Boolean(loadDataDir);
    try {
      wb = await Workbench.create({ ...options, loadDataDir, opening: postgres.opening });
    } catch (err) {
      prebuilt = false;
      if (!loadDataDir) throw err;
      // A damaged or incompatible data directory: start from an empty cluster, which is slower but works.
      console.warn('DiffLab: the prebuilt data directory could not be loaded, starting empty', err);
      wb = await Workbench.create(options);
    }
    // One ready copy of each template in use, refilled between requests: a scenario click or Reset after the
    // first gets its environment without waiting for a copy (src/engine/pool.ts; identical to a fresh one).
    wb.engine.pool.size = 1;
    return { workbench: wb, prebuilt, ms: Math.round(performance.now() - postgres.startedAt) };
  })();
  booting.catch(() => (booting = null)); // a later start (Retry) tries again
  return booting;
}

const handlers: { [K in OpName]: (args: WorkbenchOps[K]['args']) => Promise<WorkbenchOps[K]['result']> } = {
  async start({ dataDir }) {
    const started = await boot(dataDir);
    workbench = started.workbench;
    workbench.judge = judging ? mainThreadJudge : null;
    return {
      templates: workbench.engine.listTemplates().map((t) => t.name),
      services: [...workbench.engine.services.keys()],
      prebuilt: started.prebuilt,
      ms: started.ms,
    };
  },

  async registerSeed({ name, seed }) {
    const wb = needWorkbench();
    const template = await wb.engine.loadTemplate(name, seed);
    importedSeeds.set(name, seed);
    const counts = Object.values(template.rowCounts);
    return { tables: counts.length, rows: counts.reduce((a, b) => a + b, 0) };
  },

  async open({ scenario }) {
    needWorkbench();
    const started = performance.now();
    const previous = session;
    session = null;
    await previous?.dispose();
    session = await openSession(scenario);
    const tables = session.env.template.schemaInfo.tables.map((t) => ({
      service: t.service,
      name: t.name,
      primaryKey: t.primaryKey,
      columns: t.columns.map((c) => c.name),
    }));
    return { tables, ms: Math.round(performance.now() - started) };
  },

  async run({ source, runId, attemptId, language }) {
    const s = sessionOf(attemptId);
    const { signal } = runs.get(runId)?.controller ?? new AbortController();
    let batch: ConsoleEntry[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      if (batch.length) scope.postMessage({ kind: 'console', runId, entries: batch });
      batch = [];
    };
    try {
      return await s.runStep(source, {
        language,
        signal,
        onConsole: (entry) => {
          batch.push(entry);
          timer ??= setTimeout(flush, 50);
        },
      });
    } finally {
      if (timer) clearTimeout(timer);
      flush();
    }
  },

  async reset() {
    await needSession().reset();
    return null;
  },

  async tables() {
    const rows = await needSession().env.tables();
    return rows.map((t) => ({ service: t.service, table: t.table, rows: t.rows }));
  },

  async rows({ service, table, offset, limit }) {
    return needSession().env.rows(service, table, { offset, limit });
  },

  async checkSuite({ suite }) {
    // Against the services it names that this build serves (all of them when it names none): a suite that did not
    // load is checked for its names too.
    return checkSuiteNames({ services: suite.services, tests: suite.tests.map((t) => ({ assertions: t.spec.assertions })) }, needWorkbench().engine.schemaInfo());
  },

  async agentTool({ service, name, args, attemptId }) {
    return sessionWorld(sessionOf(attemptId)).callTool(service, name, args);
  },

  async agentFinish({ answer, trace, attemptId }) {
    return sessionWorld(sessionOf(attemptId)).finish(answer, trace);
  },

  async openAttempt({ scenario }) {
    const s = await openSession(scenario);
    const attemptId = nextAttempt++;
    attempts.set(attemptId, s);
    return { attemptId };
  },

  async closeAttempt({ attemptId }) {
    const s = attempts.get(attemptId);
    attempts.delete(attemptId);
    await s?.dispose();
    return null;
  },

  async setFaults({ plan }) {
    faults = plan;
    for (const s of [session, ...attempts.values()]) s?.setFaults(plan);
    return null;
  },

  async setJudging({ on }) {
    judging = on;
    if (workbench) workbench.judge = on ? mainThreadJudge : null;
    return null;
  },

  async explain({ diff }) {
    return needSession().judge(diff);
  },

  async lint({ scenario, solution }) {
    return lintScenarioIn(needWorkbench(), scenario, solution, resolveSeed);
  },

  async replay({ scenario, run }) {
    await resolveSeed(scenario.seed);
    return replayRecordedRun(needWorkbench(), scenario, run);
  },
};

let queue: Promise<unknown> = Promise.resolve();

/** One message from the page (workbenchWorker.ts hands over each, in order, those that came while this loaded too). */
export function handleMessage(msg: ToWorker): void {
  if (msg.kind === 'abort') {
    for (const [runId, run] of runs) {
      if (msg.runId === undefined ? run.attemptId === undefined : runId === msg.runId) run.controller.abort();
    }
    return;
  }
  if (msg.kind === 'boot') {
    boot(msg.dataDir).catch(() => undefined); // its failure is start's answer
    return;
  }
  if (msg.kind === 'sandboxFailed') {
    sandboxes.failed(msg.id, msg.message);
    return;
  }
  // Judgements answer a call that is running now, so they bypass the queue.
  if (msg.kind === 'judged') {
    const waiting = judgements.get(msg.id);
    judgements.delete(msg.id);
    if (msg.ok) waiting?.resolve(msg.judgement);
    else waiting?.reject(new Error(msg.error));
    return;
  }
  if (msg.op === 'run') runs.set(msg.args.runId, { attemptId: msg.args.attemptId, controller: new AbortController() });
  const handler = handlers[msg.op] as (args: unknown) => Promise<unknown>;
  const result = queue.then(() => handler(msg.args));
  queue = result.catch(() => undefined);
  if (msg.op === 'run') {
    const { runId } = msg.args;
    const forget = () => void runs.delete(runId);
    result.then(forget, forget);
  }
  result.then(
    (value) => scope.postMessage({ kind: 'result', id: msg.id, ok: true, value }),
    (err: unknown) => scope.postMessage({ kind: 'result', id: msg.id, ok: false, error: errorText(err) }),
  );
}

function errorText(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
