import type { StoreApi } from 'zustand/vanilla';
import type { WorkbenchPort } from '../workbench/WorkbenchPort.ts';
import type { AgentSlice } from './agentSlice.ts';
import type { RunHistory } from '../agent/runHistory.ts';
import type { CatalogSlice } from './catalogSlice.ts';
import type { DiffViewSlice } from './diffViewSlice.ts';
import type { EditorSlice } from './editorSlice.ts';
import type { PrefsSlice } from './prefsSlice.ts';
import type { RunSlice } from './runSlice.ts';
import type { StateBrowserSlice } from './stateBrowserSlice.ts';
import type { StudioSlice } from './studioSlice.ts';
import type { LayoutSlice } from './layoutSlice.ts';
import type { TeachSlice } from './teachSlice.ts';
import type { ExplorerSlice } from './explorerSlice.ts';

export interface AppState {
  catalog: CatalogSlice;
  run: RunSlice;
  editor: EditorSlice;
  diffView: DiffViewSlice;
  stateBrowser: StateBrowserSlice;
  prefs: PrefsSlice;
  agent: AgentSlice;
  studio: StudioSlice;
  layout: LayoutSlice;
  teach: TeachSlice;
  explorer: ExplorerSlice;
}

/** The part of localStorage the stores use; tests pass a Map-backed one. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** What the stores need from outside: the workbench, the solution files, storage and a clock. */
export interface AppDeps {
  workbench: WorkbenchPort;
  /** Loads a reference solution's text by the path a catalog entry names. */
  loadSolution: (path: string) => Promise<string>;
  storage?: KeyValueStore;
  now?: () => number;
  /** Where agent runs are saved (IndexedDB in the page); memory when absent. */
  runHistory?: RunHistory;
}

export type AppStore = StoreApi<AppState>;
export type SetApp = AppStore['setState'];
export type GetApp = AppStore['getState'];

/** Updates one slice, keeping the rest of the state (and the slice's actions) as they are. */
export function patch<K extends keyof AppState>(set: SetApp, key: K, partial: Partial<AppState[K]>): void {
  set((state) => ({ [key]: { ...state[key], ...partial } }) as unknown as Partial<AppState>);
}

/**
 * An updater for one slice that computes the change from the slice's current state. It is made per slice, so the
 * callback's literals are typed against that slice (`status: 'ready'` stays a RunStatus).
 */
export function sliceUpdater<K extends keyof AppState>(set: SetApp, key: K): (fn: (slice: AppState[K]) => Partial<AppState[K]>) => void {
  return (fn) => set((state) => ({ [key]: { ...state[key], ...fn(state[key]) } }) as unknown as Partial<AppState>);
}

export interface SliceContext {
  set: SetApp;
  get: GetApp;
  deps: AppDeps;
}

export const storageKeys = {
  /** Drafts per scenario and language; `draftsV1` (one JavaScript draft per scenario) is read once to migrate. */
  drafts: 'difflab.drafts.v2',
  draftsV1: 'difflab.drafts.v1',
  language: 'difflab.language.v1',
  selected: 'difflab.selected.v1',
  theme: 'difflab.theme.v1',
  paneSizes: 'difflab.paneSizes.v1',
} as const;

export function readJson<T>(storage: KeyValueStore | undefined, key: string, fallback: T): T {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** Writes a value as JSON; false when it could not be kept (no storage, storage full or disabled). Never throws. */
export function writeJson(storage: KeyValueStore | undefined, key: string, value: unknown): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}
