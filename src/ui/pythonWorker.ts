import { loadPyodide } from 'pyodide';
import type { LoadPyodide, PyodideLike } from '../sandbox/python/pyodideApi.ts';
import { keepComputationGlobals } from '../sandbox/python/pythonRealm.ts';
import { pythonRunner, type PythonSnapshots } from '../sandbox/python/pythonRunner.ts';
import { base64ToBytes } from '../sandbox/python/pythonWire.ts';
import { startSandboxWorker } from '../sandbox/worker.ts';
import { PYODIDE_ASSET_DIR, PYTHON_SNAPSHOT_FILE, SNAPSHOT_MAKER_NAME, ZONEINFO_FILE } from '../sandbox/python/pythonAssets.ts';

// The browser entry of the Python sandbox worker, started by the page (createBrowserWorker.ts); as the JavaScript
// one, its first message brings the port to the sandbox host. Pyodide starts loading at once, before that message,
// so a spare worker is warm. Pyodide's files come from the site: in a build this chunk sits in assets/, beside
// assets/pyodide-<version>/; the dev server answers that path under any prefix.
interface DedicatedScope {
  name: string;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void, options?: { once: boolean }): void;
  postMessage(message: unknown, transfer: Transferable[]): void;
}
const scope = self as unknown as DedicatedScope;
// Relative to this module's own URL: the worker's (self.location) is the blob: URL that imports it
// (workerUnderPagePolicy.ts). Read into a variable first: Vite rewrites `new URL(…, import.meta.url)` as an asset import.
const moduleUrl = import.meta.url;
const indexURL = new URL(`${PYODIDE_ASSET_DIR}/`, moduleUrl).href;
// Captured now: the lockdown removes fetch from this scope once Pyodide has loaded.
const siteFetch = fetch.bind(globalThis);

/** Bytes that start with gzip's magic number are gunzipped: a host may also have decoded them already (Content-Encoding). */
async function gunzipped(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
}

const snapshots: PythonSnapshots =
  scope.name === SNAPSHOT_MAKER_NAME
    ? { load: async () => null, save: (bytes) => scope.postMessage({ snapshot: bytes }, [bytes.buffer]) }
    : {
        load: async () => {
          const response = await siteFetch(new URL(PYTHON_SNAPSHOT_FILE, indexURL));
          if (!response.ok) return null;
          return { bytes: response.arrayBuffer().then((buffer) => gunzipped(new Uint8Array(buffer))) };
        },
      };

const load: LoadPyodide = async (options) => (await loadPyodide({ ...options, indexURL })) as unknown as PyodideLike;

const runner = pythonRunner({
  loadPyodide: load,
  loadZoneinfo: async () => {
    const data = (await (await siteFetch(new URL(ZONEINFO_FILE, indexURL))).json()) as Record<string, string>;
    return Object.fromEntries(Object.entries(data).map(([zone, b64]) => [zone, base64ToBytes(b64)]));
  },
  lockdown: () => keepComputationGlobals(),
  snapshots,
});

scope.addEventListener(
  'message',
  (event) => {
    const port = (event.data as { port?: MessagePort } | null)?.port;
    if (!port) return;
    startSandboxWorker(
      {
        postMessage: (message, transfer) => port.postMessage(message, transfer ?? []),
        onMessage: (listener) => port.addEventListener('message', (e) => listener(e.data)),
      },
      runner,
    );
    port.start();
  },
  { once: true },
);
