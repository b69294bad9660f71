import { useEffect } from 'react';
import { useAppStore } from './useApp.ts';

/** `#glossary` opens the glossary's page, and the page's own changes write the hash back (shares keep theirs). */
export function usePageHash(): void {
  const store = useAppStore();
  useEffect(() => {
    const read = () => store.getState().teach.setPage(location.hash === '#glossary' ? 'glossary' : 'playground');
    if (location.hash === '#glossary') read();
    window.addEventListener('hashchange', read);
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.teach.page === prev.teach.page) return;
      if (s.teach.page === 'glossary' && location.hash !== '#glossary') history.pushState(null, '', '#glossary');
      else if (s.teach.page === 'playground' && location.hash === '#glossary') history.pushState(null, '', location.pathname + location.search);
    });
    return () => {
      window.removeEventListener('hashchange', read);
      unsubscribe();
    };
  }, [store]);
}
