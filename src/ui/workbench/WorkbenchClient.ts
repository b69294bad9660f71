import type { LanguageId } from '../../sandbox/languages.ts';
import type { Diff, Row, SeedFile } from '../../engine/index.ts';
import type { ConsoleEntry } from '../../sandbox/types.ts';
import type { Scenario, Suite, SuiteIssue } from '../../scenarios/index.ts';
import type { Judge, JudgeRequest, TraceEntry } from '../../evaluation/index.ts';
import type { FromWorker, OpName, ToWorker, WorkbenchOps } from './protocol.ts';
import type { WorkbenchPort } from './WorkbenchPort.ts';
import type { FaultPlan } from '../../session/faults.ts';
import type { LintReport } from '../../studio/lint.ts';
import type { RecordedRun } from '../../agent/recorded/agentDiffResults.ts';
import type { ReplayResult } from '../../agent/recorded/replayRun.ts';
import { startSandboxWorker } from '../createBrowserWorker.ts';

/**
 * The main thread's side of the workbench worker. PGlite, the router and the sandbox's host all live in that
 * worker, so starting PostgreSQL and running SQL never blocks typing or painting.
 */
export class WorkbenchClient implements WorkbenchPort {
  private nextId = 1;
  private nextRunId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly consoleListeners = new Map<number, (entries: ConsoleEntry[]) => void>();
  private dead: Error | null = null;
  private judge: Judge | null = null;
  /** The sandbox workers this page started for the workbench worker's scripts, by the worker's id for them. */
  private readonly sandboxes = new Map<number, Worker>();

  /**
   * `dataDir` is the prebuilt data directory's URL (the page's first module already told the worker to start from
   * it); null, or a failed download, starts PostgreSQL from an empty cluster.
   */
  constructor(
    private readonly worker: Worker,
    private readonly dataDir: string | null,
    /** A failure the worker reported before this client listened (it may be started before the app loads). */
    earlyError: string | null = null,
  ) {
    worker.onmessage = (e: MessageEvent<FromWorker>) => this.receive(e.data);
    worker.onerror = (e) => this.fail(new Error(`the workbench worker failed: ${e.message || 'unknown error'}`));
    if (earlyError) this.fail(new Error(`the workbench worker failed: ${earlyError}`));
  }

  private receive(msg: FromWorker): void {
    if (msg.kind === 'console') {
      this.consoleListeners.get(msg.runId)?.(msg.entries);
      return;
    }
    if (msg.kind === 'judge') {
      void this.answerJudge(msg.id, msg.request);
      return;
    }
    if (msg.kind === 'spawnSandbox') {
      const { id } = msg;
      try {
        const report = (message: string) => this.worker.postMessage({ kind: 'sandboxFailed', id, message } satisfies ToWorker);
        this.sandboxes.set(id, startSandboxWorker(msg.language, msg.port, report));
      } catch (err) {
        this.worker.postMessage({ kind: 'sandboxFailed', id, message: (err as Error).message } satisfies ToWorker);
      }
      return;
    }
    if (msg.kind === 'terminateSandbox') {
      this.sandboxes.get(msg.id)?.terminate();
      this.sandboxes.delete(msg.id);
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (msg.ok) p.resolve(msg.value);
    else p.reject(new Error(msg.error));
  }

  private async answerJudge(id: number, request: JudgeRequest): Promise<void> {
    try {
      if (!this.judge) throw new Error('no judge model is set');
      this.worker.postMessage({ kind: 'judged', id, ok: true, judgement: await this.judge(request) } satisfies ToWorker);
    } catch (err) {
      this.worker.postMessage({ kind: 'judged', id, ok: false, error: (err as Error).message } satisfies ToWorker);
    }
  }

  private fail(error: Error): void {
    this.dead = error;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }

  private call<K extends OpName>(op: K, args: WorkbenchOps[K]['args'], transfer: Transferable[] = []): Promise<WorkbenchOps[K]['result']> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ kind: 'call', id, op, args } as ToWorker, transfer);
    });
  }

  start() {
    return this.call('start', { dataDir: this.dataDir });
  }

  explain(diff: Diff) {
    return this.call('explain', { diff });
  }

  registerSeed(name: string, seed: SeedFile) {
    return this.call('registerSeed', { name, seed });
  }

  open(scenario: Scenario) {
    return this.call('open', { scenario });
  }

  run(source: string, onConsole: (entries: ConsoleEntry[]) => void, language?: LanguageId) {
    return this.runScript(source, onConsole, undefined, undefined, language);
  }

  /** Stops the open scenario's running script (not agent attempts'). */
  abort(): void {
    this.worker.postMessage({ kind: 'abort' } satisfies ToWorker);
  }

  private async runScript(source: string, onConsole: (entries: ConsoleEntry[]) => void, attemptId?: number, signal?: AbortSignal, language?: LanguageId) {
    const runId = this.nextRunId++;
    this.consoleListeners.set(runId, onConsole);
    const stop = () => this.worker.postMessage({ kind: 'abort', runId } satisfies ToWorker);
    signal?.addEventListener('abort', stop);
    try {
      const outcome = this.call('run', { source, runId, attemptId, language });
      if (signal?.aborted) stop();
      return await outcome;
    } finally {
      signal?.removeEventListener('abort', stop);
      this.consoleListeners.delete(runId);
    }
  }

  /** A fresh environment for one agent attempt, beside the open scenario's; close it when the attempt ends. */
  async openAttempt(scenario: Scenario): Promise<number> {
    return (await this.call('openAttempt', { scenario })).attemptId;
  }

  async closeAttempt(attemptId: number): Promise<void> {
    await this.call('closeAttempt', { attemptId });
  }

  /** A script as a step of an attempt; `signal` stops it (and only it), even while it waits its turn. */
  runInAttempt(attemptId: number, source: string, onConsole: (entries: ConsoleEntry[]) => void, signal?: AbortSignal, language?: LanguageId) {
    return this.runScript(source, onConsole, attemptId, signal, language);
  }

  async reset() {
    await this.call('reset', {});
  }

  tables() {
    return this.call('tables', {});
  }

  rows(service: string, table: string, offset: number, limit: number): Promise<Row[]> {
    return this.call('rows', { service, table, offset, limit });
  }

  checkSuite(suite: Suite): Promise<SuiteIssue[]> {
    return this.call('checkSuite', { suite });
  }

  /** Without `attemptId`, in the open scenario's environment. */
  agentTool(service: string, name: string, args: Record<string, unknown>, attemptId?: number) {
    return this.call('agentTool', { service, name, args, attemptId });
  }

  agentFinish(answer: string | null, trace?: TraceEntry[], attemptId?: number) {
    return this.call('agentFinish', { answer, trace, attemptId });
  }

  async setFaults(plan: FaultPlan): Promise<void> {
    await this.call('setFaults', { plan });
  }

  /** The judge of rubrics for later runs, or null to leave them "not judged". It runs here, on the main thread. */
  async setJudge(judge: Judge | null): Promise<void> {
    this.judge = judge;
    await this.call('setJudging', { on: judge !== null });
  }

  lint(scenario: Scenario, solution: string | null): Promise<LintReport> {
    return this.call('lint', { scenario, solution });
  }

  replay(scenario: Scenario, run: RecordedRun): Promise<ReplayResult> {
    return this.call('replay', { scenario, run });
  }

  dispose(): void {
    this.worker.terminate();
    for (const w of this.sandboxes.values()) w.terminate();
    this.sandboxes.clear();
    this.fail(new Error('the workbench was closed'));
  }
}
