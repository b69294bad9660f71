import { bashRunner } from '../sandbox/bash/bashRunner.ts';
import { startSandboxWorker } from '../sandbox/worker.ts';

// The browser entry of the Bash sandbox worker (started by createBrowserWorker.ts). The shell runs in this realm,
// which the runner closes (no fetch, storage or workers) before the script starts.
interface DedicatedScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}
const scope = self as unknown as DedicatedScope;
const post = scope.postMessage.bind(scope);

startSandboxWorker(
  {
    postMessage: (message, transfer) => post(message, transfer ?? []),
    onMessage: (listener) => scope.addEventListener('message', (event) => listener(event.data)),
  },
  bashRunner(),
);
