import { useEffect } from 'react';
import { useApp } from './useApp.ts';

/** Puts the theme choice on <html data-theme>; the stylesheet follows the system when it is "system". */
export function useThemeAttribute(): void {
  const theme = useApp((s) => s.prefs.theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}
