// The app. Its first import starts the workbench worker; on the dev server boot.ts is the entry and loads this after.
import { dataDirUrl, earlyWorkerError, worker } from './boot.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/App.tsx';
import { StoreProvider } from './hooks/useApp.ts';
import { loadProjectCatalog, loadProjectSolution } from './projectCatalog.ts';
import { readJson, storageKeys, type KeyValueStore } from './stores/appState.ts';
import { createAppStore, type AppStore } from './stores/appStore.ts';
import { installBrowserPatternWorker } from './patternWorker.ts';
import { WorkbenchClient } from './workbench/WorkbenchClient.ts';
import { indexedDbRunHistory } from './agent/runHistory.ts';
import './styles.css';

declare global {
  interface Window {
    /** For tests, measurements and the curious: the store, and when the first environment became ready. */
    __difflab?: { store: AppStore; readyAt: number | null };
  }
}

function safeStorage(): KeyValueStore | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // Storage blocked (privacy settings, sandboxed iframe): drafts are not kept.
  }
}

installBrowserPatternWorker();
const storage = safeStorage();
// The worker, and PostgreSQL's start from the data directory, were begun by boot.ts.
const workbench = new WorkbenchClient(worker, dataDirUrl, earlyWorkerError());
const catalog = loadProjectCatalog();
const store = createAppStore(
  { workbench, loadSolution: loadProjectSolution, storage, runHistory: indexedDbRunHistory() },
  { ...catalog, initialKey: readJson<string | null>(storage, storageKeys.selected, null) },
);

window.__difflab = { store, readyAt: null };
const root = document.documentElement;
store.subscribe((s) => {
  root.dataset.env = s.run.status;
  if (s.run.readyAt !== null && window.__difflab!.readyAt === null) window.__difflab!.readyAt = s.run.readyAt;
});
root.dataset.env = store.getState().run.status;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StoreProvider store={store}>
      <App />
    </StoreProvider>
  </StrictMode>,
);

void store.getState().run.start();
