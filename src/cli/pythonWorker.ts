import { register } from 'node:module';
import { parentPort, receiveMessageOnPort, workerData, type MessagePort as NodePort, type TransferListItem } from 'node:worker_threads';
import { loadPyodide } from 'pyodide';
import type { LoadPyodide, PyodideLike } from '../sandbox/python/pyodideApi.ts';
import { pythonRunner } from '../sandbox/python/pythonRunner.ts';
import { removeNetworkAndStorage } from '../sandbox/python/pythonRealm.ts';
import { startSandboxWorker } from '../sandbox/worker.ts';
import { readZoneinfo } from './zoneinfo.ts';

// The Node entry of the Python sandbox worker (started by createNodeWorker.ts from a bundle of this file). Pyodide
// finds its wasm and standard library next to its own module in node_modules.
if (!parentPort) throw new Error('pythonWorker.ts must run in a worker_thread');
const port = parentPort;
const { denyImportsHook, zoneinfoFile } = workerData as { denyImportsHook: string; zoneinfoFile: string | null };

const load: LoadPyodide = async (options) => (await loadPyodide(options)) as unknown as PyodideLike;

startSandboxWorker(
  {
    postMessage: (message, transfer) => port.postMessage(message, transfer as TransferListItem[] | undefined),
    onMessage: (listener) => port.on('message', listener),
  },
  pythonRunner({
    loadPyodide: load,
    loadZoneinfo: async () => (zoneinfoFile ? readZoneinfo(zoneinfoFile) : {}),
    lockdown: () => {
      // From here on this thread imports nothing: JavaScript reached from Python could not load node:fs & co.
      register(denyImportsHook);
      removeNetworkAndStorage();
      // The worker's process object reaches the host's files and native bindings (process.binding, dlopen).
      delete (globalThis as { process?: unknown }).process;
    },
  }),
  { receiveSync: (channel) => receiveMessageOnPort(channel as unknown as NodePort) },
);
