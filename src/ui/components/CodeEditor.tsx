import { Editor, loader } from '@monaco-editor/react';
import { useEffect, useState } from 'react';
import { monaco, releaseLanguageWorker } from '../editor/monaco.ts';
import { useApp } from '../hooks/useApp.ts';
import { useResolvedTheme } from '../hooks/useResolvedTheme.ts';
import { PlainEditor } from './PlainEditor.tsx';
import { languageById } from '../../sandbox/languages.ts';

// Without this, @monaco-editor/react fetches Monaco from a CDN.
loader.config({ monaco });

/** Monaco over the editor's text; loaded lazily (see EditorArea). */
export default function CodeEditor() {
  const text = useApp((s) => s.editor.text);
  const presenter = useApp((s) => s.teach.presenter);
  const setText = useApp((s) => s.editor.setText);
  const setMonaco = useApp((s) => s.editor.setMonaco);
  const language = languageById(useApp((s) => s.editor.language)) ?? languageById('javascript')!;
  const theme = useResolvedTheme();
  const environmentSettled = useApp((s) => s.run.readyAt !== null || s.run.status === 'failed');
  const scriptError = useApp((s) => s.run.last?.script.error ?? null);
  const [model, setModel] = useState<monaco.editor.ITextModel | null>(null);

  useEffect(() => {
    if (environmentSettled) releaseLanguageWorker();
  }, [environmentSettled]);

  // The sandbox names the line of an uncaught error ("… (line 7)"): underline it until the next run.
  useEffect(() => {
    if (!model) return;
    const line = scriptError ? Number(/\(line (\d+)\)/.exec(scriptError)?.[1]) : NaN;
    const markers: monaco.editor.IMarkerData[] = [];
    if (Number.isInteger(line) && line >= 1 && line <= model.getLineCount()) {
      markers.push({
        severity: monaco.MarkerSeverity.Error,
        message: scriptError!,
        startLineNumber: line,
        endLineNumber: line,
        startColumn: model.getLineFirstNonWhitespaceColumn(line) || 1,
        endColumn: model.getLineMaxColumn(line),
      });
    }
    monaco.editor.setModelMarkers(model, 'difflab-run', markers);
  }, [model, scriptError]);

  return (
    <Editor
      language={language.editorLanguage}
      path={`file:///script${language.fileExtension}`}
      value={text}
      theme={theme === 'dark' ? 'vs-dark' : 'vs'}
      loading={<PlainEditor />}
      onChange={(v) => setText(v ?? '')}
      onMount={(editor) => {
        setMonaco('ready');
        setModel(editor.getModel());
        editor.getContainerDomNode().setAttribute('data-testid', 'monaco');
      }}
      options={{
        fontSize: presenter ? 18 : 13,
        lineHeight: presenter ? 26 : 20,
        minimap: { enabled: false },
        scrollBeyondLastLine: false,
        automaticLayout: true,
        tabSize: 2,
        renderLineHighlight: 'line',
        fixedOverflowWidgets: true,
        padding: { top: 8 },
        ariaLabel: 'Script editor',
        wordWrap: 'on',
        // Monaco dims the last line's number to 1.75:1 contrast; plain numbers keep 4.5:1.
        renderFinalNewline: 'on',
      }}
    />
  );
}
