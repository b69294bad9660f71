import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort, resourceLimits, type TransferListItem } from 'node:worker_threads';
import { preparedQuickJS } from '../sandbox/preparedQuickJS.ts';
import { quickjsRunner } from '../sandbox/quickjsRunner.ts';
import { startSandboxWorker } from '../sandbox/worker.ts';

// The Node entry of the sandbox worker (started by createNodeWorker.ts, usually from a bundle of this file). It
// reads its stack size from its own resource limits rather than importing createNodeWorker.ts, so the bundle does
// not carry the host side.
if (!parentPort) throw new Error('sandboxWorker.ts must run in a worker_thread');
const port = parentPort;
const stackMb = resourceLimits.stackSizeMb ?? 4;
// A spare worker compiles QuickJS and warms it up while it waits (`difflab run`: while PGlite starts).
const quickjs = preparedQuickJS(() => readFile(createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm')));

startSandboxWorker(
  {
    postMessage: (message, transfer) => port.postMessage(message, transfer as TransferListItem[] | undefined),
    onMessage: (listener) => port.on('message', listener),
  },
  // A 4 MB worker stack leaves room for QuickJS's 512 KB (measured: 512 KB overflows only a 1 MB stack).
  quickjsRunner(quickjs.load, { maxStackBytes: (stackMb * 1024 * 1024) / 8, prepare: quickjs.prepare }),
);
