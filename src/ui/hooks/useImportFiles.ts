import { useCallback } from 'react';
import { useApp } from './useApp.ts';

/** Reads picked or dropped files as text and gives them to the catalog. */
export function useImportFiles(): (files: FileList | File[]) => Promise<void> {
  const importFiles = useApp((s) => s.catalog.importFiles);
  return useCallback(
    async (files) => {
      const list = [...files];
      if (!list.length) return;
      const texts = await Promise.all(list.map(async (f) => ({ name: f.name, text: await f.text() })));
      await importFiles(texts);
    },
    [importFiles],
  );
}
