import { useApp } from '../../hooks/useApp.ts';
import { draftToSuiteFile } from '../../../studio/scenarioDraft.ts';
import { AssertionEditor } from './AssertionEditor.tsx';
import { CallForm } from './CallForm.tsx';
import { DiffPicker } from './DiffPicker.tsx';
import { download } from './download.ts';
import { LintReportView } from './LintReportView.tsx';

/** Write a scenario from what you just did: prompt, picked diff rows → assertions, lint, save or export. */
export function AuthoringSection() {
  const draft = useApp((s) => s.studio.draft);
  const setDraft = useApp((s) => s.studio.setDraft);
  const diff = useApp((s) => s.run.last?.runDiff ?? null);
  const seed = useApp((s) => s.catalog.entries.find((e) => e.key === s.catalog.selectedKey)?.scenario.seed ?? null);
  const suiteDraft = useApp((s) => s.studio.suiteDraft);
  const say = useApp((s) => s.studio.say);
  const runLint = useApp((s) => s.studio.runLint);
  const saveDraft = useApp((s) => s.studio.saveDraft);
  const lintSelected = useApp((s) => s.studio.lintSelected);
  const linting = useApp((s) => s.studio.lint.status === 'running');
  const exportSuite = () => {
    const made = suiteDraft();
    if (!made.ok) return say(made.error);
    const suite = draftToSuiteFile(made.draft);
    download(`${suite.id}.json`, JSON.stringify(suite, null, 2) + '\n');
    if (made.draft.solution) download(`${made.draft.id}.js`, made.draft.solution, 'text/javascript');
  };
  return (
    <section className="studio-section">
      <p className="studio-muted">
        Starts from the open scenario’s seed{seed ? ` (${seed})` : ''}. Do the task by hand in the editor, run it, then click fields of the diff to build assertions.
        The editor’s script becomes the reference solution.
      </p>
      <div className="studio-form">
        <label>
          id <input value={draft.id} onChange={(e) => setDraft({ id: e.target.value })} />
        </label>
        <label>
          title <input value={draft.title} onChange={(e) => setDraft({ title: e.target.value })} />
        </label>
        <label className="wide">
          prompt
          <textarea value={draft.prompt} rows={3} data-testid="studio-prompt" onChange={(e) => setDraft({ prompt: e.target.value })} />
        </label>
      </div>
      <h4>Do it by hand</h4>
      <CallForm />
      <h4>Diff of this run</h4>
      {diff ? <DiffPicker diff={diff} /> : <p className="studio-muted">No run yet.</p>}
      <h4>Assertions</h4>
      <AssertionEditor />
      <div className="studio-actions">
        <button type="button" className="btn btn-primary" data-testid="studio-lint-button" onClick={() => void runLint()} disabled={linting}>
          Lint draft
        </button>
        <button type="button" className="btn" data-testid="studio-lint-open" onClick={() => void lintSelected()} disabled={linting}>
          Lint open scenario
        </button>
        <button type="button" className="btn" onClick={() => void saveDraft()}>
          Save to catalog
        </button>
        <button type="button" className="btn" onClick={exportSuite}>
          Export suite
        </button>
      </div>
      <LintReportView />
    </section>
  );
}
