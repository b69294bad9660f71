import { useSyncExternalStore } from 'react';
import { useApp } from './useApp.ts';

const query = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

/** The theme in effect: the person's choice, or the system's when they chose "system". */
export function useResolvedTheme(): 'light' | 'dark' {
  const choice = useApp((s) => s.prefs.theme);
  const systemDark = useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
  if (choice !== 'system') return choice;
  return systemDark ? 'dark' : 'light';
}
