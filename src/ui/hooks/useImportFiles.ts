import { useCallback } from 'react';
import { useApp } from './useApp.ts';
import { splitRunFiles } from '../components/studio/openShared.ts';
import { pickedFiles, readImported, type PathedFile } from './importedFiles.ts';

/**
 * Reads picked or dropped files (and folders: a seed with its `filesystem/` folder) and gives them to the catalog.
 */
export function useImportFiles(): (files: FileList | File[] | PathedFile[]) => Promise<void> {
  const importFiles = useApp((s) => s.catalog.importFiles);
  const viewRun = useApp((s) => s.studio.viewRun);
  return useCallback(
    async (files) => {
      const list: PathedFile[] = [...files].map((f) => (f instanceof File ? pickedFiles([f])[0] : f));
      if (!list.length) return;
      const texts = await readImported(list);
      // Recorded runs (JSON or an exported page) open in the studio; suites and seeds go to the catalog.
      const { runs, rest } = splitRunFiles(texts);
      runs.forEach((run) => viewRun(run));
      if (rest.length) await importFiles(rest);
    },
    [importFiles, viewRun],
  );
}
