import { useEffect, useState } from 'react';
import { droppedFiles } from '../hooks/importedFiles.ts';
import { useImportFiles } from '../hooks/useImportFiles.ts';

function hasFiles(e: DragEvent): boolean {
  return Boolean(e.dataTransfer?.types.includes('Files'));
}

/** While files are dragged over the window, an overlay says where they go; dropping imports them. */
export function ImportDropZone() {
  const [active, setActive] = useState(false);
  const importFiles = useImportFiles();

  useEffect(() => {
    // dragenter/dragleave fire for every child element; count them to know when the pointer left the window.
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth++;
      setActive(true);
    };
    const over = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setActive(false);
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setActive(false);
      if (e.dataTransfer?.files.length) void droppedFiles(e.dataTransfer).then(importFiles);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [importFiles]);

  if (!active) return null;
  return (
    <div className="drop-overlay" aria-hidden="true">
      <div className="drop-card">
        <strong>Drop suite and seed files</strong>
        <span>DiffLab or Agent-Diff suites (.json) and the seeds they name (a Box seed with its filesystem/ folder)</span>
      </div>
    </div>
  );
}
