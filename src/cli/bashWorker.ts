import { parentPort, type TransferListItem } from 'node:worker_threads';
import { bashRunner } from '../sandbox/bash/bashRunner.ts';
import { startSandboxWorker } from '../sandbox/worker.ts';

// The Node entry of the Bash sandbox worker (started by createNodeWorker.ts, usually from a bundle of this file).
if (!parentPort) throw new Error('bashWorker.ts must run in a worker_thread');
const port = parentPort;

startSandboxWorker(
  {
    postMessage: (message, transfer) => port.postMessage(message, transfer as TransferListItem[] | undefined),
    onMessage: (listener) => port.on('message', listener),
  },
  bashRunner(),
);
