import type { WorkerFactory, WorkerLike } from '../../sandbox/types.ts';
import type { FromWorker } from './protocol.ts';

/**
 * The workbench worker's WorkerFactory: each script's sandbox worker is started by the page, which hands it one end
 * of a MessageChannel; the sandbox host here keeps the other. The page owns the workers because a worker that
 * starts nested workers stalls for good in Firefox under WebDriver BiDi (its remote agent's worker-debugger
 * listener), and workers started from the page's thread do not. Messages sent before the worker is up wait in
 * the channel.
 */
export function pageSandboxFactory(post: (message: FromWorker, transfer?: Transferable[]) => void) {
  const failures = new Map<number, (error: Error) => void>();
  let nextId = 1;
  const createWorker: WorkerFactory = (_limits, language) => {
    const id = nextId++;
    const channel = new MessageChannel();
    const port = channel.port1;
    const errorListeners: ((error: unknown) => void)[] = [];
    failures.set(id, (error) => errorListeners.forEach((l) => l(error)));
    post({ kind: 'spawnSandbox', id, language, port: channel.port2 }, [channel.port2]);
    const worker: WorkerLike = {
      postMessage: (message, transfer) => port.postMessage(message, transfer ?? []),
      onMessage: (listener) => {
        port.onmessage = (e) => listener(e.data);
      },
      onError: (listener) => {
        errorListeners.push(listener);
        port.onmessageerror = () => listener(new Error('a message from the sandbox worker could not be read'));
      },
      terminate: () => {
        failures.delete(id);
        port.close();
        post({ kind: 'terminateSandbox', id });
      },
    };
    return worker;
  };
  return {
    createWorker,
    /** The page reports that sandbox worker `id` failed to load or crashed. */
    failed(id: number, message: string) {
      failures.get(id)?.(new Error(message));
    },
  };
}
