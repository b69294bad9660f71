import { useRef } from 'react';
import { useApp } from '../hooks/useApp.ts';
import { useImportFiles } from '../hooks/useImportFiles.ts';

/** Picks suite and seed files, or a folder of them, from disk (dropping them anywhere on the page does the same). */
export function ImportButton() {
  const input = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const importing = useApp((s) => s.catalog.importing);
  const importFiles = useImportFiles();
  return (
    <>
      <button
        type="button"
        className="btn"
        onClick={() => input.current?.click()}
        disabled={importing}
        title="Load a suite (DiffLab or Agent-Diff JSON) and its seed files, Agent-Diff docs files (<service>_api_full_docs.json), a scripted model's replies ({&quot;<test id>&quot;: [&quot;<reply>&quot;, …]}) or Agent-Diff results files of recorded runs; you can also drop them on the page"
      >
        {importing ? 'Importing…' : 'Import suite…'}
      </button>
      <button
        type="button"
        className="btn"
        onClick={() => folder.current?.click()}
        disabled={importing}
        title="Load a folder: its suites and seeds, and a Box seed's file contents from the filesystem/ folder beside it (as Agent-Diff's seeds folder holds them)"
      >
        Import folder…
      </button>
      <input
        ref={folder}
        type="file"
        multiple
        hidden
        // Not in React's types: the browser's folder picker (every file gets its webkitRelativePath).
        {...{ webkitdirectory: '' }}
        aria-label="A folder of suites and seeds"
        data-testid="import-folder-input"
        onChange={(e) => {
          const files = e.currentTarget.files;
          if (files) void importFiles(files).finally(() => (e.target.value = ''));
        }}
      />
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        multiple
        hidden
        aria-label="Suite, seed, docs, replies and results files"
        data-testid="import-input"
        onChange={(e) => {
          const files = e.currentTarget.files;
          if (files) void importFiles(files).finally(() => (e.target.value = ''));
        }}
      />
    </>
  );
}
