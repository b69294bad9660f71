import { quickjsRunner } from '../sandbox/quickjsRunner.ts';
import { startSandboxWorker } from '../sandbox/worker.ts';

// The browser entry of the sandbox worker, started by the page (createBrowserWorker.ts). Its first message brings
// the port to the sandbox host in the workbench worker; everything after goes over that port. The script inside
// QuickJS sees none of this scope: only the globals the prelude defines.
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
      quickjsRunner(),
    );
    port.start();
  },
  { once: true },
);
