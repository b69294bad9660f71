import { useCallback } from 'react';
import { useApp } from './useApp.ts';
import { splitRunFiles } from '../components/studio/openShared.ts';

/** Reads picked or dropped files as text and gives them to the catalog. */
export function useImportFiles(): (files: FileList | File[]) => Promise<void> {
  const importFiles = useApp((s) => s.catalog.importFiles);
  const viewRun = useApp((s) => s.studio.viewRun);
  return useCallback(
    async (files) => {
      const list = [...files];
      if (!list.length) return;
      const texts = await Promise.all(list.map(async (f) => ({ name: f.name, text: await f.text() })));
      // Recorded runs (JSON or an exported page) open in the studio; suites and seeds go to the catalog.
      const { runs, rest } = splitRunFiles(texts);
      runs.forEach((run) => viewRun(run));
      if (rest.length) await importFiles(rest);
    },
    [importFiles, viewRun],
  );
}
