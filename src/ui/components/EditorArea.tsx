import { lazy, Suspense } from 'react';
import { useApp } from '../hooks/useApp.ts';
import { EditorErrorBoundary } from './EditorErrorBoundary.tsx';
import { PlainEditor } from './PlainEditor.tsx';

// Monaco is ~1 MB of script: it loads after first paint, and the textarea edits the same text until then.
const CodeEditor = lazy(() => import('./CodeEditor.tsx'));

export function EditorArea() {
  const monaco = useApp((s) => s.editor.monaco);
  const setMonaco = useApp((s) => s.editor.setMonaco);
  return (
    <div className="editor-area" id="editor" data-editor={monaco}>
      {monaco === 'failed' ? (
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
