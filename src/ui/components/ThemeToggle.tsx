import { useApp } from '../hooks/useApp.ts';
import type { ThemeChoice } from '../stores/prefsSlice.ts';

const next: Record<ThemeChoice, ThemeChoice> = { system: 'light', light: 'dark', dark: 'system' };
const icons: Record<ThemeChoice, string> = { system: '◐', light: '☀', dark: '☾' };

export function ThemeToggle() {
  const theme = useApp((s) => s.prefs.theme);
  const setTheme = useApp((s) => s.prefs.setTheme);
  return (
    <button
      type="button"
      className="btn btn-ghost theme-toggle"
      onClick={() => setTheme(next[theme])}
      aria-label={`Theme: ${theme}. Switch to ${next[theme]}`}
      title={`Theme: ${theme} (click for ${next[theme]})`}
    >
      <span aria-hidden="true">{icons[theme]}</span> {theme}
    </button>
  );
}
