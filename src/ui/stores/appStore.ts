import { createStore } from 'zustand/vanilla';
import type { AppDeps, AppState, AppStore, SliceContext } from './appState.ts';
import { createAgentSlice } from './agentSlice.ts';
import { createCatalogSlice, entryByKey, type CatalogInit } from './catalogSlice.ts';
import { createDiffViewSlice } from './diffViewSlice.ts';
import { createEditorSlice } from './editorSlice.ts';
import { createPrefsSlice } from './prefsSlice.ts';
import { createRunSlice } from './runSlice.ts';
import { createStateBrowserSlice } from './stateBrowserSlice.ts';
import { createStudioSlice } from './studioSlice.ts';
import { createLayoutSlice } from './layoutSlice.ts';
import { createTeachSlice } from './teachSlice.ts';
import { createExplorerSlice } from './explorerSlice.ts';

/** The playground's one store: plain zustand, no React, so tests and scripts can drive it. */
export function createAppStore(deps: AppDeps, init: CatalogInit): AppStore {
  return createStore<AppState>()((set, get) => {
    const ctx: SliceContext = { set, get, deps };
    const catalog = createCatalogSlice(ctx, init);
    return {
      catalog,
      run: createRunSlice(ctx),
      editor: createEditorSlice(ctx, entryByKey(catalog.entries, catalog.selectedKey)),
      diffView: createDiffViewSlice(ctx),
      stateBrowser: createStateBrowserSlice(ctx),
      prefs: createPrefsSlice(ctx),
      agent: createAgentSlice(ctx, deps.runHistory),
      studio: createStudioSlice(ctx),
      layout: createLayoutSlice(ctx),
      teach: createTeachSlice(ctx),
      explorer: createExplorerSlice(ctx),
    };
  });
}

export type { AppState, AppStore, AppDeps } from './appState.ts';
