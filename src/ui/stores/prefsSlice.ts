import { patch, readJson, storageKeys, writeJson, type SliceContext } from './appState.ts';

export type ThemeChoice = 'system' | 'light' | 'dark';

export interface PrefsSlice {
  theme: ThemeChoice;
  setTheme(theme: ThemeChoice): void;
}

export function createPrefsSlice({ set, deps }: SliceContext): PrefsSlice {
  const stored = readJson<ThemeChoice>(deps.storage, storageKeys.theme, 'system');
  return {
    theme: stored === 'light' || stored === 'dark' ? stored : 'system',
    setTheme(theme) {
      patch(set, 'prefs', { theme });
      writeJson(deps.storage, storageKeys.theme, theme);
    },
  };
}
