import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventLoopUtilization } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { ActingUsers, Diff, SchemaInfo } from '../../engine/index.ts';
import type { PoolStats } from '../../engine/pool.ts';
import type { AssertionSpec } from '../../evaluation/index.ts';
import { cliCacheDir, dataCacheDir } from '../cacheDir.ts';
import { bundleEntry, pickWorkerEntry } from '../createNodeWorker.ts';
import type { McpToolAnswer } from '../mcpAnswer.ts';
import type { Call, CreatedEnv, CreateOptions, Evaluation, Notice, Operation, Operations, Reply, WireRequest, WireResponse, WorkerInit, WorkerMemory } from './protocol.ts';

/** An answer about an environment that is not a server fault: the client's (400, 404) or its worker's end (503). */
export class EnvironmentError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(detail);
  }
}

export const defaultWorkerCount = (): number => availableParallelism();

const WORKER_SOURCE = new URL('./worker.ts', import.meta.url);

let entry: URL | undefined;

/** The worker's module: a bundle of worker.ts (once per process), else the TypeScript through tsx. */
function workerEntry(): URL {
  entry ??= pickWorkerEntry(
    () => bundleEntry(fileURLToPath(WORKER_SOURCE), cliCacheDir),
    (line) => process.stderr.write(`${line.replace('the sandbox worker', "serve's environment worker")}\n`),
  );
  return entry;
}

/** One environment worker as the main thread sees it: its calls in flight, the environments it holds, its ready copies. */
class ServeWorker {
  inFlight = 0;
  /** Environments it holds for clients, the server's default ones not counted (see `ServeWorkers.create`). */
  environments = 0;
  ready: Record<string, number> = {};
  /** Why it stopped, once it has: its environments answer this. */
  gone: string | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();

  constructor(
    readonly index: number,
    private readonly thread: Worker,
    private readonly onGone: (worker: ServeWorker) => void,
  ) {
    thread.on('message', (m: Reply | Notice) => {
      if ('kind' in m) return void (this.ready = m.ready);
      const waiting = this.pending.get(m.id);
      if (!waiting) return;
      this.pending.delete(m.id);
      this.inFlight--;
      this.ready = m.ready;
      if (m.ok) waiting.resolve(m.value);
      else waiting.reject(m.status ? new EnvironmentError(m.status, m.error) : new Error(m.error));
    });
    thread.on('error', (err) => this.stop(`it failed: ${err.message}`));
    thread.on('exit', (code) => this.stop(`it exited with code ${code}`));
  }

  call<O extends Operation>(op: O, args: Operations[O]['args'], transfer: ArrayBuffer[] = []): Promise<Operations[O]['result']> {
    if (this.gone) return Promise.reject(this.goneError());
    const id = this.nextId++;
    this.inFlight++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.thread.postMessage({ id, op, args } satisfies Call<O>, transfer);
    });
  }

  goneError(): EnvironmentError {
    return new EnvironmentError(503, `the worker thread holding this environment stopped (${this.gone}); its environments are gone: create a new one`);
  }

  private stop(why: string): void {
    if (this.gone) return;
    this.gone = why;
    for (const { reject } of this.pending.values()) reject(this.goneError());
    this.pending.clear();
    this.inFlight = 0;
    this.onGone(this);
  }

  eventLoopUtilization(since?: EventLoopUtilization): EventLoopUtilization {
    return this.thread.performance.eventLoopUtilization(since);
  }

  /** Stops the thread: on close, or (tests) as a crash would. */
  terminate(): Promise<number> {
    return this.thread.terminate();
  }
}

/** An environment held by one worker, for its life: every call about it goes there. */
export class RemoteEnv {
  readonly id: string;
  readonly services: string[];
  readonly actingUserId: string | null;
  private readonly actingUsers: ActingUsers;
  private disposed = false;

  constructor(
    readonly worker: ServeWorker,
    created: CreatedEnv,
    private readonly counted: boolean,
  ) {
    this.id = created.id;
    this.services = created.services;
    this.actingUserId = created.actingUserId;
    this.actingUsers = created.actingUsers;
  }

  actingUserFor(service: string): string | null {
    return this.actingUsers[service] ?? this.actingUserId;
  }

  /** A service request, answered in the worker; its body moves there (`request.body` is detached after). */
  route(service: string, path: string, request: WireRequest): Promise<WireResponse> {
    return this.worker.call('route', { env: this.id, service, path, request }, request.body ? [request.body] : []);
  }

  callTool(service: string, tool: string, args: Record<string, unknown>, token: string): Promise<McpToolAnswer> {
    return this.worker.call('tool', { env: this.id, service, tool, args, token });
  }

  journalPosition(): Promise<number> {
    return this.worker.call('position', { env: this.id });
  }

  diffSince(since: number): Promise<Diff> {
    return this.worker.call('diff', { env: this.id, since });
  }

  evaluate(since: number, spec: AssertionSpec, closedWorld: boolean): Promise<Evaluation> {
    return this.worker.call('evaluate', { env: this.id, since, spec, closedWorld });
  }

  /** Drops its copy in its worker; an environment whose worker stopped is gone already. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    if (this.counted) this.worker.environments--;
    if (!this.worker.gone) await this.worker.call('dispose', { env: this.id });
  }
}

export interface WorkersOptions {
  seedsDir: string;
  /** Threads to start; default one per core (os.availableParallelism()). */
  count?: number;
  /** Ready copies each worker keeps per template in use at rest (see EnvironmentPool.size). */
  poolSize: number;
  /** Most ready copies per template a worker keeps while demand is high (EnvironmentPool.limit). */
  poolLimit: number;
}

/**
 * `serve`'s environment workers: each a thread with its own PGlite, holding the environments placed in it for their
 * life. A new environment goes where it will wait least: the worker with the fewest calls in flight, then the fewest
 * environments (the server's default ones not counted), then one with a copy of its template ready. A worker that
 * stops is replaced for new environments; its own environments answer 503.
 */
export class ServeWorkers {
  private readonly live: ServeWorker[] = [];
  private readonly warmed = new Set<string>();
  private closed = false;
  /** Workers started so far, the first included: the next one's index. */
  private spawned = 1;

  private constructor(
    private readonly init: WorkerInit,
    readonly schemaInfo: SchemaInfo,
  ) {}

  /**
   * Starts the first worker (it builds the data directory if none is cached yet) and resolves once it is up; the
   * others start from that data directory meanwhile and take environments as they come up (`started`).
   */
  static async start(options: WorkersOptions): Promise<ServeWorkers> {
    const init: WorkerInit = { seedsDir: resolve(options.seedsDir), poolSize: options.poolSize, poolLimit: options.poolLimit };
    const count = Math.max(1, options.count ?? defaultWorkerCount());
    const first = await spawn(init, 0);
    const workers = new ServeWorkers(init, first.schemaInfo);
    workers.adopt(first);
    workers.started = Promise.all(Array.from({ length: count - 1 }, () => workers.spawnMore())).then(() => {});
    return workers;
  }

  /** Resolves when every worker asked for has started (or failed to, which is reported on stderr). */
  started: Promise<void> = Promise.resolve();

  private async spawnMore(): Promise<void> {
    try {
      const s = await spawn(this.init, this.spawned++);
      if (this.closed) return void (await s.thread.terminate());
      const fresh = this.adopt(s);
      if (this.warmed.size) await fresh.call('warm', { templates: [...this.warmed] }).catch(() => {});
    } catch (err) {
      process.stderr.write(`difflab serve: an environment worker failed to start: ${(err as Error).message}\n`);
    }
  }

  private adopt(s: Spawned): ServeWorker {
    const worker = new ServeWorker(s.index, s.thread, (w) => this.replace(w));
    worker.ready = s.ready;
    this.live.push(worker);
    return worker;
  }

  /** A stopped worker's place goes to a new one (its environments are not moved: their state was in it). */
  private replace(worker: ServeWorker): void {
    const i = this.live.indexOf(worker);
    if (i >= 0) this.live.splice(i, 1);
    if (!this.closed) void this.spawnMore();
  }

  get count(): number {
    return this.live.length;
  }

  /**
   * Creates an environment in the worker where it will wait least; the other workers keep its template warm. A
   * `shared` one (the server's defaults, made while only the first worker is up) is not counted against its worker:
   * counted, they sent the next environments all to the other workers (6 of 8 in one worker in the throughput bench).
   */
  async create(options: CreateOptions, { shared = false } = {}): Promise<RemoteEnv> {
    const worker = this.place(options.template);
    if (!this.warmed.has(options.template)) void this.warm([options.template]);
    const counted = !shared;
    if (counted) worker.environments++;
    try {
      return new RemoteEnv(worker, await worker.call('create', options), counted);
    } catch (err) {
      if (counted) worker.environments--;
      throw err;
    }
  }

  private place(template: string): ServeWorker {
    if (this.live.length === 0) throw new EnvironmentError(503, 'no environment worker is running (one is being restarted): try again');
    const key = (w: ServeWorker) => [w.inFlight, w.environments, (w.ready[template] ?? 0) > 0 ? 0 : 1, w.index];
    return this.live.reduce((best, w) => {
      const [a, b] = [key(w), key(best)];
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? w : best;
      return best;
    });
  }

  /** Keeps these templates' copies ready in every worker from now on. */
  async warm(templates: string[]): Promise<void> {
    for (const t of templates) this.warmed.add(t);
    await Promise.all(this.live.map((w) => w.call('warm', { templates }).catch(() => null)));
  }

  /** Each worker's pool figures. */
  poolStats(): Promise<PoolStats[]> {
    return Promise.all(this.live.map((w) => w.call('poolStats', {})));
  }

  /** Every worker's pool: `size` ready copies per template at rest, growing with demand up to `limit`. */
  async setPool(size: number, limit?: number): Promise<void> {
    await Promise.all(this.live.map((w) => w.call('pool', { size, limit })));
  }

  /** Resolves when every worker's pool holds what it should. */
  async settled(): Promise<void> {
    await Promise.all(this.live.map((w) => w.call('settled', {})));
  }

  /** Ready copies per template, summed over the workers. */
  ready(): Record<string, number> {
    const sum: Record<string, number> = {};
    for (const w of this.live) for (const [t, n] of Object.entries(w.ready)) sum[t] = (sum[t] ?? 0) + n;
    return sum;
  }

  /** Each worker thread's event-loop utilisation (since `since`, the value an earlier call returned). */
  eventLoopUtilization(since?: EventLoopUtilization[]): EventLoopUtilization[] {
    return this.live.map((w, i) => w.eventLoopUtilization(since?.[i]));
  }

  /** Each worker's memory (after a collection when `collect`). */
  memory(collect = false): Promise<WorkerMemory[]> {
    return Promise.all(this.live.map((w) => w.call('memory', { collect })));
  }

  /** Which worker holds an environment (by the order the workers were started). */
  static workerOf(env: RemoteEnv): number {
    return env.worker.index;
  }

  /** Stops a worker as a crash would (tests): its environments answer 503, a new one takes its place. */
  async crash(index: number): Promise<void> {
    await this.live.find((w) => w.index === index)?.terminate();
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.live.splice(0).map((w) => w.terminate()));
    // Workers still starting stop as soon as they are up.
    await this.started;
  }
}

interface Spawned {
  index: number;
  thread: Worker;
  schemaInfo: SchemaInfo;
  ready: Record<string, number>;
}

function spawn(init: WorkerInit, index: number): Promise<Spawned> {
  const url = workerEntry();
  const cache = dataCacheDir();
  const thread = new Worker(url, {
    execArgv: [],
    // The bundle's own place is the cache folder, not src/cli: the data directories' folder is given, not found.
    env: { ...process.env, ...(cache ? { DIFFLAB_CACHE_DIR: cache } : {}) },
    workerData: { ...init, entry: WORKER_SOURCE.href },
    name: `difflab-env-${index}`,
  });
  return new Promise((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`environment worker ${index} exited with code ${code} while starting`));
    thread.once('error', reject);
    thread.once('exit', onExit);
    thread.once('message', (m: Notice) => {
      thread.off('error', reject);
      thread.off('exit', onExit);
      if (m.kind === 'started') resolve({ index, thread, schemaInfo: m.schemaInfo, ready: m.ready });
      else reject(new Error(`environment worker ${index} said ${m.kind} before it started`));
    });
  });
}
