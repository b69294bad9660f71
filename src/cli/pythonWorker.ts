import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort, workerData, type TransferListItem } from 'node:worker_threads';
import { loadPyodide } from 'pyodide';
import type { LoadPyodide, PyodideLike } from '../sandbox/python/pyodideApi.ts';
import { pythonRunner } from '../sandbox/python/pythonRunner.ts';
import { startSandboxWorker } from '../sandbox/worker.ts';
import { closeNodeRealm } from './closeNodeRealm.ts';
import { readZoneinfo } from './zoneinfo.ts';

// The Node entry of the Python sandbox worker (started by createNodeWorker.ts from a bundle of this file). Pyodide
// finds its wasm and standard library next to its own module in node_modules.
if (!parentPort) throw new Error('pythonWorker.ts must run in a worker_thread');
const port = parentPort;
const { denyImportsHook, zoneinfoFile, snapshotFile } = workerData as { denyImportsHook: string; zoneinfoFile: string | null; snapshotFile: string | null };

/** The snapshot in the CLI's cache (pythonSnapshot.ts names it); a cold start writes it, atomically, when it can. */
const snapshots = snapshotFile
  ? {
      load: async () => {
        try {
          return { bytes: Promise.resolve(new Uint8Array(readFileSync(snapshotFile))) };
        } catch {
          return null;
        }
      },
      save: (bytes: Uint8Array) => {
        try {
          mkdirSync(dirname(snapshotFile), { recursive: true });
          const temporary = `${snapshotFile}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
          writeFileSync(temporary, bytes);
          renameSync(temporary, snapshotFile);
        } catch {
          // A read-only install: every start stays cold.
        }
      },
    }
  : undefined;

const load: LoadPyodide = async (options) => (await loadPyodide(options)) as unknown as PyodideLike;

startSandboxWorker(
  {
    postMessage: (message, transfer) => port.postMessage(message, transfer as TransferListItem[] | undefined),
    onMessage: (listener) => port.on('message', listener),
  },
  pythonRunner({
    loadPyodide: load,
    loadZoneinfo: async () => (zoneinfoFile ? readZoneinfo(zoneinfoFile) : {}),
    snapshots,
    lockdown: () => closeNodeRealm(denyImportsHook),
  }),
);
