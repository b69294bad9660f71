import { useRef, type InputHTMLAttributes } from 'react';
import { useApp } from '../hooks/useApp.ts';
import { useImportFiles } from '../hooks/useImportFiles.ts';

/** Picks suite and seed files, or a folder of them, from disk (dropping them anywhere on the page does the same). */
export function ImportButton() {
  const importing = useApp((s) => s.catalog.importing);
  return (
    <>
      <Picker
        label={importing ? 'Importing…' : 'Import suite…'}
        title="Load a suite (DiffLab or Agent-Diff JSON) and its seed files, Agent-Diff docs files (<service>_api_full_docs.json), a scripted model's replies ({&quot;<test id>&quot;: [&quot;<reply>&quot;, …]}) or Agent-Diff results files of recorded runs; you can also drop them on the page"
        input={{ accept: '.json,application/json', 'aria-label': 'Suite, seed, docs, replies and results files', 'data-testid': 'import-input' } as InputHTMLAttributes<HTMLInputElement>}
      />
      <Picker
        label="Import folder…"
        title="Load a folder: its suites and seeds, and a Box seed's file contents from the filesystem/ folder beside it (as Agent-Diff's seeds folder holds them)"
        // webkitdirectory is not in React's types: the browser's folder picker (every file gets its webkitRelativePath).
        input={{ webkitdirectory: '', 'aria-label': 'A folder of suites and seeds', 'data-testid': 'import-folder-input' } as InputHTMLAttributes<HTMLInputElement>}
      />
    </>
  );
}

/** A button that opens a hidden file input and imports what is picked. */
function Picker({ label, title, input }: { label: string; title: string; input: InputHTMLAttributes<HTMLInputElement> }) {
  const ref = useRef<HTMLInputElement>(null);
  const importing = useApp((s) => s.catalog.importing);
  const importFiles = useImportFiles();
  return (
    <>
      <button type="button" className="btn" onClick={() => ref.current?.click()} disabled={importing} title={title}>
        {label}
      </button>
      <input
        ref={ref}
        type="file"
        multiple
        hidden
        {...input}
        onChange={(e) => {
          const files = e.currentTarget.files;
          if (files) void importFiles(files).finally(() => (e.target.value = ''));
        }}
      />
    </>
  );
}
