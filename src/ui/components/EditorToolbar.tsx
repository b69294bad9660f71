import { useEffect } from 'react';
import { useApp } from '../hooks/useApp.ts';
import { warmSandbox } from '../createBrowserWorker.ts';
import { entryByKey } from '../stores/catalogSlice.ts';
import { RunSummary } from './RunSummary.tsx';
import { languages, type LanguageId } from '../../sandbox/languages.ts';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const runShortcut = isMac ? '⌘↵' : 'Ctrl+↵';

export function EditorToolbar() {
  const status = useApp((s) => s.run.status);
  const execute = useApp((s) => s.run.execute);
  const abort = useApp((s) => s.run.abort);
  const reset = useApp((s) => s.run.reset);
  const steps = useApp((s) => s.run.steps);
  const hasSolution = useApp((s) => Boolean(entryByKey(s.catalog.entries, s.catalog.selectedKey)?.solution));
  const solutionStatus = useApp((s) => s.editor.solutionStatus);
  const origin = useApp((s) => s.editor.origin);
  const showSolution = useApp((s) => s.editor.showSolution);
  const showStarter = useApp((s) => s.editor.showStarter);
  const backToDraft = useApp((s) => s.editor.backToDraft);
  const draftAway = useApp((s) => s.editor.origin !== 'draft' && s.catalog.selectedKey !== null && s.editor.drafts[s.catalog.selectedKey]?.[s.editor.language] !== undefined);
  const language = useApp((s) => s.editor.language);
  const setLanguage = useApp((s) => s.editor.setLanguage);
  const ready = status === 'ready';
  const running = status === 'running';
  // Picking a language that takes long to start (Pyodide: seconds) starts loading its sandbox before Run is pressed.
  useEffect(() => {
    if (language !== 'javascript') warmSandbox(language);
  }, [language]);

  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Script">
      {running ? (
        <button type="button" className="btn btn-danger" onClick={abort}>
          Stop
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void execute()}
          disabled={!ready}
          title={ready ? `Run the script (${runShortcut})` : 'The environment is not ready yet'}
          data-testid="run"
        >
          ▶ Run <kbd>{runShortcut}</kbd>
        </button>
      )}
      <button
        type="button"
        className="btn"
        onClick={() => void reset()}
        disabled={!ready || steps === 0}
        title="Put the environment back to its seed"
        data-testid="reset"
      >
        Reset
      </button>
      <span className="toolbar-sep" />
      <select
        className="language-picker"
        value={language}
        onChange={(e) => setLanguage(e.target.value as LanguageId)}
        disabled={running}
        aria-label="Script language"
        title="The language the script is written in"
        data-testid="language"
      >
        {languages.map((l) => (
          <option key={l.id} value={l.id}>
            {l.title}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-ghost"
        onClick={() => void showSolution()}
        disabled={!hasSolution || solutionStatus === 'loading'}
        title={hasSolution ? 'Show the reference solution (your draft is kept: “My draft” brings it back)' : 'This scenario has no reference solution'}
        data-testid="show-solution"
      >
        {solutionStatus === 'loading' ? 'Loading…' : 'Show solution'}
      </button>
      <button type="button" className="btn btn-ghost" onClick={showStarter} disabled={origin === 'starter'} title="Show the starter template (your draft is kept)">
        Starter
      </button>
      {draftAway && (
        <button type="button" className="btn" onClick={backToDraft} title="Put your own script back in the editor" data-testid="back-to-draft">
          ↩ My draft
        </button>
      )}
      <div className="spacer" />
      <RunSummary />
    </div>
  );
}
