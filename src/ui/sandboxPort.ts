import type { WorkerPort } from '../sandbox/types.ts';

interface DedicatedScope {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void, options?: { once: boolean }): void;
}

/**
 * The worker side's channel of a sandbox worker the page started (createBrowserWorker.ts): its first message brings
 * the port to the sandbox host in the workbench worker, and everything after goes over that port. The harness can
 * start before the port comes — so a spare worker prepares its runner while it waits — since its listeners are
 * attached once the port is there, and it sends nothing before its script arrives over that port.
 */
export function portFromFirstMessage(): WorkerPort {
  const listeners: ((message: unknown) => void)[] = [];
  let port: MessagePort | null = null;
  (self as unknown as DedicatedScope).addEventListener(
    'message',
    (event) => {
      const given = (event.data as { port?: MessagePort } | null)?.port;
      if (!given) return;
      port = given;
      for (const listener of listeners) port.addEventListener('message', (e) => listener(e.data));
      port.start();
    },
    { once: true },
  );
  return {
    postMessage: (message, transfer) => port?.postMessage(message, transfer ?? []),
    onMessage: (listener) => {
      listeners.push(listener);
      port?.addEventListener('message', (e) => listener(e.data));
    },
  };
}
