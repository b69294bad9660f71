import { loadQuickJS, newScriptMemory, type LoadQuickJS } from './loadQuickJS.ts';
import { isMessage, type HostToWorker, type WorkerToHost } from './protocol.ts';
import { ScriptSession } from './session.ts';
import { crashMessage } from './stopMessages.ts';
import type { WorkerPort } from './types.ts';

export interface SandboxWorkerOptions {
  /** QuickJS's recursion limit; the default suits a browser worker's stack (see session.ts). */
  maxStackBytes?: number;
}

/**
 * The worker side of the sandbox: waits for one `run` message, loads a fresh QuickJS instance on a capped
 * memory, runs the script and reports. One worker runs one script; the host terminates it afterwards.
 * The listener is attached synchronously, so messages sent while QuickJS loads are not lost.
 */
export function startSandboxWorker(
  port: WorkerPort,
  loadModule: LoadQuickJS = loadQuickJS,
  options: SandboxWorkerOptions = {},
): void {
  let session: ScriptSession | undefined;
  let running = false;
  const send = (message: WorkerToHost, transfer?: Transferable[]): void => port.postMessage(message, transfer);

  async function run({ source, limits, determinism }: Extract<HostToWorker, { type: 'run' }>): Promise<void> {
    try {
      const memory = newScriptMemory(limits);
      const quickjs = await loadModule(memory);
      session = new ScriptSession({ quickjs, memory, source, limits, determinism, send, maxStackBytes: options.maxStackBytes });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      send({ type: 'done', ok: false, reason: 'crash', error: crashMessage(`QuickJS could not be loaded: ${detail}`) });
      return;
    }
    session.start();
  }

  port.onMessage((message) => {
    if (!isMessage<HostToWorker>(message)) return;
    switch (message.type) {
      case 'run':
        if (running) return;
        running = true;
        void run(message);
        break;
      case 'fetchResult':
        session?.resolveFetch(message.id, message.response);
        break;
      case 'fetchError':
        session?.rejectFetch(message.id, message.message);
        break;
    }
  });
}
