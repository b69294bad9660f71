import { useEffect } from 'react';
import { useAppStore } from './useApp.ts';

/**
 * Ctrl/Cmd+Enter runs the script from anywhere on the page. The listener captures on window, so it sees the key
 * before Monaco (whose own Ctrl+Enter inserts a line) and before the textarea.
 */
export function useRunShortcut(): void {
  const store = useAppStore();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      e.preventDefault();
      e.stopPropagation();
      void store.getState().run.execute();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [store]);
}
