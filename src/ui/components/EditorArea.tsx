import { lazy, Suspense } from 'react';
import { useAfterStart } from '../hooks/useAfterStart.ts';
import { useApp } from '../hooks/useApp.ts';
import { EditorErrorBoundary } from './EditorErrorBoundary.tsx';
import { PlainEditor } from './PlainEditor.tsx';
import { DraftSaveWarning } from './explain/DraftSaveWarning.tsx';

// Monaco is ~1 MB of script: it loads once the environment has started (see useAfterStart), and the textarea edits
// the same text until then.
const CodeEditor = lazy(() => import('./CodeEditor.tsx'));

export function EditorArea() {
  const monaco = useApp((s) => s.editor.monaco);
  const setMonaco = useApp((s) => s.editor.setMonaco);
  const loadMonaco = useAfterStart();
  return (
    <div className="editor-area" id="editor" data-editor={monaco}>
      <DraftSaveWarning />
      {monaco === 'failed' || !loadMonaco ? (
        <PlainEditor />
      ) : (
        <EditorErrorBoundary onError={() => setMonaco('failed')}>
          <Suspense fallback={<PlainEditor />}>
            <CodeEditor />
          </Suspense>
        </EditorErrorBoundary>
      )}
    </div>
  );
}
