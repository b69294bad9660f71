import type { AgentRunRecord } from '../../agent/record.ts';

/** Saved agent runs, in IndexedDB so that they survive reloads; a memory list when IndexedDB is unavailable. */
export interface RunHistory {
  list(): Promise<AgentRunRecord[]>;
  put(record: AgentRunRecord): Promise<void>;
  remove(id: string): Promise<void>;
}

const DB = 'difflab-agent';
const STORE = 'runs';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((ok, fail) => {
    r.onsuccess = () => ok(r.result);
    r.onerror = () => fail(r.error);
  });
}

export function memoryRunHistory(): RunHistory {
  const runs = new Map<string, AgentRunRecord>();
  return {
    list: async () => [...runs.values()],
    put: async (r) => void runs.set(r.id, r),
    remove: async (id) => void runs.delete(id),
  };
}

export function indexedDbRunHistory(): RunHistory {
  if (typeof indexedDB === 'undefined') return memoryRunHistory();
  let db: Promise<IDBDatabase> | null = null;
  const open = () =>
    (db ??= new Promise((ok, fail) => {
      const r = indexedDB.open(DB, 1);
      r.onupgradeneeded = () => r.result.createObjectStore(STORE, { keyPath: 'id' });
      r.onsuccess = () => ok(r.result);
      r.onerror = () => fail(r.error);
    }));
  const store = async (mode: IDBTransactionMode) => (await open()).transaction(STORE, mode).objectStore(STORE);
  return {
    list: async () => request((await store('readonly')).getAll() as IDBRequest<AgentRunRecord[]>),
    put: async (r) => void (await request((await store('readwrite')).put(r))),
    remove: async (id) => void (await request((await store('readwrite')).delete(id))),
  };
}
