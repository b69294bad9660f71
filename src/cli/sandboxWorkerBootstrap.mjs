// The fallback entry of the sandbox worker, used when createNodeWorker cannot bundle a language's entry with esbuild.
// Plain JavaScript on purpose: Node 20 workers do not inherit the parent's module hooks, and
// `execArgv: ['--import', 'tsx']` is not applied to a worker's entry module (measured on Node 20.20 under vitest,
// tsx and plain node alike: ERR_UNKNOWN_FILE_EXTENSION). So the worker registers tsx itself, then loads the
// TypeScript entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData?.entry ?? new URL('./sandboxWorker.ts', import.meta.url).href);
