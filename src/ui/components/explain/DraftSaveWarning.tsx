import '../../styles/explain.css';
import { useApp } from '../../hooks/useApp.ts';
import { download } from '../studio/download.ts';

/** Says so when the script in the editor could not be saved (storage full or blocked), with a way to keep it. */
export function DraftSaveWarning() {
  const error = useApp((s) => s.editor.saveError);
  const text = useApp((s) => s.editor.text);
  const key = useApp((s) => s.catalog.selectedKey);
  if (!error) return null;
  const name = `${(key ?? 'script').split('/').pop()}.js`;
  return (
    <div className="draft-warning" role="alert" data-testid="draft-save-warning">
      <p>⚠ {error}</p>
      <button type="button" className="btn btn-small" onClick={() => download(name, text, 'text/javascript')}>
        Download {name}
      </button>
    </div>
  );
}
