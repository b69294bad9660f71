/**
 * The workbench worker's entry. A module worker runs only once its whole static graph has loaded, and the workbench's
 * (the engine, the replicas' router, the evaluator, the sandbox host: workbenchHandlers.ts) is large: so this entry
 * holds only PGlite, starts PostgreSQL at the page's `boot` message, and loads the rest meanwhile. Messages that
 * come before it has loaded wait here, in order.
 */
import { beginPostgres } from './bootPostgres.ts';
import type { ToWorker } from './protocol.ts';

const scope = self as unknown as { onmessage: ((e: MessageEvent<ToWorker>) => void) | null };
const waiting: ToWorker[] = [];

scope.onmessage = (e) => {
  if (e.data.kind === 'boot') beginPostgres(e.data.dataDir);
  waiting.push(e.data);
};

import('./workbenchHandlers.ts').then(
  ({ handleMessage }) => {
    scope.onmessage = (e) => handleMessage(e.data);
    for (const message of waiting.splice(0)) handleMessage(message);
  },
  (error: unknown) => {
    // Thrown outside the promise, so that the page's Worker gets an 'error' event, as for a module that cannot load.
    setTimeout(() => {
      throw error;
    });
  },
);
