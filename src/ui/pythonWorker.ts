import { loadPyodide } from 'pyodide';
import type { LoadPyodide, PyodideLike } from '../sandbox/python/pyodideApi.ts';
import { removeNetworkAndStorage } from '../sandbox/python/pythonRealm.ts';
import { pythonRunner } from '../sandbox/python/pythonRunner.ts';
import { base64ToBytes } from '../sandbox/python/pythonWire.ts';
import { startSandboxWorker } from '../sandbox/worker.ts';
import { PYODIDE_ASSET_DIR, ZONEINFO_FILE } from './pythonAssets.ts';

// The browser entry of the Python sandbox worker (started by createBrowserWorker.ts). Pyodide's files come from the
// site: in a build this chunk sits in assets/, beside assets/pyodide-<version>/; the dev server answers that path
// under any prefix.
interface DedicatedScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}
const scope = self as unknown as DedicatedScope;
// Relative to this worker's own URL (self.location), not `new URL(…, import.meta.url)`: Vite would rewrite that
// pattern as an asset import.
const indexURL = new URL(`${PYODIDE_ASSET_DIR}/`, self.location.href).href;
// Captured now: the lockdown removes fetch from this scope once Pyodide has loaded.
const siteFetch = fetch.bind(globalThis);

const load: LoadPyodide = async (options) => (await loadPyodide({ ...options, indexURL })) as unknown as PyodideLike;

startSandboxWorker(
  {
    postMessage: (message, transfer) => scope.postMessage(message, transfer ?? []),
    onMessage: (listener) => scope.addEventListener('message', (event) => listener(event.data)),
  },
  pythonRunner({
    loadPyodide: load,
    loadZoneinfo: async () => {
      const data = (await (await siteFetch(new URL(ZONEINFO_FILE, indexURL))).json()) as Record<string, string>;
      return Object.fromEntries(Object.entries(data).map(([zone, b64]) => [zone, base64ToBytes(b64)]));
    },
    lockdown: () => removeNetworkAndStorage(),
  }),
);
