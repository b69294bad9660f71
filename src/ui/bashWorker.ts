import { bashRunner } from '../sandbox/bash/bashRunner.ts';
import { startSandboxWorker } from '../sandbox/worker.ts';

// The browser entry of the Bash sandbox worker, started by the page (createBrowserWorker.ts). Its first message
// brings the port to the sandbox host in the workbench worker; everything after goes over that port. The shell runs
// in this realm, which the runner closes (no fetch, storage or workers) before the script starts.
interface DedicatedScope {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void, options?: { once: boolean }): void;
}
const scope = self as unknown as DedicatedScope;

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
      bashRunner(),
    );
    port.start();
  },
  { once: true },
);
