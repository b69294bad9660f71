import { parentPort, type TransferListItem } from 'node:worker_threads';
import { loadQuickJS } from '../sandbox/loadQuickJS.ts';
import { startSandboxWorker } from '../sandbox/worker.ts';
import { NODE_WORKER_STACK_MB } from './createNodeWorker.ts';

// The Node entry of the sandbox worker (started by createNodeWorker.ts).
if (!parentPort) throw new Error('sandboxWorker.ts must run in a worker_thread');
const port = parentPort;

startSandboxWorker(
  {
    postMessage: (message, transfer) => port.postMessage(message, transfer as TransferListItem[] | undefined),
    onMessage: (listener) => port.on('message', listener),
  },
  loadQuickJS,
  // A 4 MB worker stack leaves room for QuickJS's 512 KB (measured: 512 KB overflows only a 1 MB stack).
  { maxStackBytes: (NODE_WORKER_STACK_MB * 1024 * 1024) / 8 },
);
