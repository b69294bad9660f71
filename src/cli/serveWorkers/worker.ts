// The entry of one of `serve`'s environment workers (started by workers.ts, usually from a bundle of this file): its
// own PGlite with every template, the router and the replicas' handlers. It holds the environments the main thread
// places here for their whole life and answers the main thread's calls about them (protocol.ts).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { openWorkbench } from '../nodeEngine.ts';
import { installNodePatternWorker } from '../patternWorker.ts';
import { ClientError, WorkerEnvironments } from './environments.ts';
import type { Call, Notice, Operation, Operations, Reply, WorkerInit, WorkerMemory } from './protocol.ts';

const port = parentPort!;
const init = workerData as WorkerInit;

installNodePatternWorker();
const workbench = await openWorkbench(init.seedsDir);
const { engine } = workbench;
engine.pool.limit = init.poolLimit;
engine.pool.size = init.poolSize;
const environments = new WorkerEnvironments(workbench);

const ready = () => engine.pool.stats().ready;
engine.pool.onChange = () => port.postMessage({ kind: 'ready', ready: ready() } satisfies Notice);

type Handlers = { [O in Operation]: (args: Operations[O]['args']) => Promise<Operations[O]['result']> };

const handlers: Handlers = {
  create: (args) => environments.create(args),
  route: (args) => environments.route(args),
  tool: (args) => environments.tool(args),
  position: (args) => environments.position(args),
  diff: (args) => environments.diff(args),
  evaluate: (args) => environments.evaluate(args),
  dispose: (args) => environments.dispose(args),
  warm: async ({ templates }) => (engine.pool.warm(templates), null),
  pool: async ({ size, limit }) => {
    if (limit !== undefined) engine.pool.limit = limit;
    engine.pool.size = size;
    return null;
  },
  settled: async () => (await engine.pool.settled(), null),
  poolStats: async () => engine.pool.stats(),
  memory: async ({ collect }) => memory(collect),
};

port.on('message', (call: Call) => void answer(call));

async function answer(call: Call): Promise<void> {
  let reply: Reply;
  const transfer: ArrayBuffer[] = [];
  try {
    const value = await (handlers[call.op] as (args: unknown) => Promise<unknown>)(call.args);
    const body = (value as { body?: unknown } | null)?.body;
    if (call.op === 'route' && body instanceof ArrayBuffer) transfer.push(body);
    reply = { id: call.id, ok: true, value, ready: ready() };
  } catch (err) {
    reply = { id: call.id, ok: false, error: (err as Error)?.message ?? String(err), status: err instanceof ClientError ? err.status : undefined, ready: ready() };
  }
  port.postMessage(reply, transfer);
}

/** The V8 heap, PGlite's WebAssembly memory and the bytes of its in-memory files (its data directory and WAL). */
async function memory(collect: boolean): Promise<WorkerMemory> {
  if (collect) {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
  }
  const { heapUsed, external } = process.memoryUsage();
  const mod = (engine.db as PGlite).Module;
  return { heapUsed, external, wasmBytes: mod.HEAPU8.buffer.byteLength, fileBytes: fileBytes(mod.FS, '/'), environments: environments.count };
}

type EmFS = { readdir(path: string): string[]; stat(path: string): { mode: number; size: number } };

function fileBytes(fs: EmFS, dir: string): number {
  let total = 0;
  for (const name of fs.readdir(dir)) {
    if (name === '.' || name === '..' || (dir === '/' && (name === 'dev' || name === 'proc'))) continue;
    const path = dir === '/' ? `/${name}` : `${dir}/${name}`;
    const st = fs.stat(path);
    // S_IFDIR
    if ((st.mode & 0o170000) === 0o040000) total += fileBytes(fs, path);
    else total += st.size;
  }
  return total;
}

port.postMessage({ kind: 'started', schemaInfo: engine.schemaInfo(), ready: ready() } satisfies Notice);
