import { useApp } from '../hooks/useApp.ts';

/** A plain textarea over the editor's text: usable at once, and the fallback if Monaco cannot load. */
export function PlainEditor() {
  const text = useApp((s) => s.editor.text);
  const setText = useApp((s) => s.editor.setText);
  return (
    <textarea
      className="plain-editor"
      aria-label="Script"
      spellCheck={false}
      value={text}
      onChange={(e) => setText(e.target.value)}
      data-testid="plain-editor"
    />
  );
}
