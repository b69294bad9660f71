import { useEffect } from 'react';
import { useApp, useAppStore } from './useApp.ts';

/** Where a key belongs to what has focus: text fields, the editor, lists and sliders keep their arrow keys. */
function ownsArrows(el: Element | null): boolean {
  return Boolean(el?.closest('input, textarea, select, [contenteditable="true"], .monaco-editor, [role="separator"], [role="listbox"], .scenario-list'));
}

/**
 * Presenter mode: → / ← (and a clicker's PageDown / PageUp) step through the replayed run or the lesson; Escape
 * leaves presenter mode. `P` with Alt toggles it from anywhere.
 */
export function usePresenterKeys(): void {
  const store = useAppStore();
  const presenter = useApp((s) => s.teach.presenter);
  // The root carries the mode, so teach.css can enlarge the type and show one pane at a time at any width.
  useEffect(() => {
    if (presenter) document.documentElement.dataset.presenter = '';
    else delete document.documentElement.dataset.presenter;
  }, [presenter]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const { teach } = store.getState();
      if (e.altKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyP') {
        e.preventDefault();
        teach.setPresenter(!teach.presenter);
        return;
      }
      if (!teach.presenter || e.ctrlKey || e.metaKey || e.altKey || ownsArrows(document.activeElement)) return;
      const delta = e.key === 'ArrowRight' || e.key === 'PageDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'PageUp' ? -1 : 0;
      if (delta) {
        e.preventDefault();
        teach.stepBy(delta);
      } else if (e.key === 'Escape' && !document.querySelector('[data-testid=glossary-tooltip]')) {
        teach.setPresenter(false);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
