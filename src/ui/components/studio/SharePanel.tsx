import { useState } from 'react';
import { runFileName, shareLink, type SharedState } from '../../../studio/permalink.ts';
import { runRecordToHtml } from '../../../studio/runHtml.ts';
import { draftToSuiteFile } from '../../../studio/scenarioDraft.ts';
import { useApp, useAppStore } from '../../hooks/useApp.ts';
import { download } from './download.ts';

/** Links (scenario, script or run in the URL fragment) and single-file exports. */
export function SharePanel() {
  const store = useAppStore();
  const [link, setLink] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const hasRun = useApp((s) => s.run.last !== null);

  const share = async (state: SharedState | null, what: string) => {
    if (!state) return;
    const made = await shareLink(location.href, state);
    if ('url' in made) {
      setLink(made.url);
      setNote(`Link to this ${what} (${made.url.length} characters).`);
      await navigator.clipboard?.writeText(made.url).catch(() => undefined);
    } else {
      setLink(null);
      const saved = download(made.fileName, made.text, made.fileName.endsWith('.js') ? 'text/javascript' : 'application/json');
      setNote(`The ${what} is too large for a link: ${saved} Share the file (it imports by drop).`);
    }
  };
  const scriptState = (): SharedState | null => {
    const { editor, catalog } = store.getState();
    const entry = catalog.entries.find((e) => e.key === catalog.selectedKey);
    return { kind: 'script', code: editor.text, suiteId: entry?.suite.id, testId: entry?.scenario.id };
  };
  const scenarioState = (): SharedState | null => {
    const made = store.getState().studio.suiteDraft();
    if (!made.ok) {
      setNote(made.error);
      return null;
    }
    return { kind: 'scenario', suite: draftToSuiteFile(made.draft), script: made.draft.solution };
  };
  const runState = (): SharedState | null => {
    const run = store.getState().studio.runRecord();
    if (!run) setNote('Run a step first: the run so far is what is shared.');
    return run ? { kind: 'run', run } : null;
  };
  const exportHtml = () => {
    const run = store.getState().studio.runRecord();
    if (!run) return setNote('Run a step first.');
    setNote(download(runFileName(run, 'html'), runRecordToHtml(run), 'text/html'));
  };
  const exportJson = () => {
    const run = store.getState().studio.runRecord();
    if (!run) return setNote('Run a step first.');
    setNote(download(runFileName(run, 'json'), JSON.stringify(run, null, 2)));
  };
  return (
    <section className="studio-section" data-testid="studio-share">
      <div className="studio-actions">
        <button type="button" className="btn" data-testid="share-script" onClick={() => void share(scriptState(), 'script')}>
          Link to script
        </button>
        <button type="button" className="btn" onClick={() => void share(scenarioState(), 'scenario')}>
          Link to scenario draft
        </button>
        <button type="button" className="btn" disabled={!hasRun} onClick={() => void share(runState(), 'run')}>
          Link to run
        </button>
      </div>
      <div className="studio-actions">
        <button type="button" className="btn" disabled={!hasRun} onClick={exportHtml}>
          Export run as HTML
        </button>
        <button type="button" className="btn" disabled={!hasRun} onClick={exportJson}>
          Export run as JSON
        </button>
      </div>
      {note ? <p className="studio-muted">{note}</p> : null}
      {link ? <input className="studio-link mono" readOnly value={link} data-testid="share-link" onFocus={(e) => e.target.select()} /> : null}
    </section>
  );
}
