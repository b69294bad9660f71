import { quickjsRunner } from '../sandbox/quickjsRunner.ts';
import { startSandboxWorker } from '../sandbox/worker.ts';

// The browser entry of the sandbox worker (started by createBrowserWorker.ts). The script inside QuickJS sees
// none of this scope: only the globals the prelude defines.
interface DedicatedScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}
const scope = self as unknown as DedicatedScope;

startSandboxWorker(
  {
    postMessage: (message, transfer) => scope.postMessage(message, transfer ?? []),
    onMessage: (listener) => scope.addEventListener('message', (event) => listener(event.data)),
  },
  quickjsRunner(),
);
