import { neverStarted } from '../../sandbox/types.ts';
import { useApp } from '../hooks/useApp.ts';
import { useVerdictView } from '../hooks/useVerdictView.ts';
import { runScenarioKey } from '../../studio/humanBaseline.ts';
import { isScriptRun } from '../../studio/playgroundRun.ts';

/** Before a run: not run yet, and where this scenario's kept runs are when it has some (the verdict pane lists them). */
function KeptRunHint() {
  const kept = useApp((s) => s.agent.history.filter((r) => isScriptRun(r) && runScenarioKey(r) === s.catalog.selectedKey).length);
  const showTab = useApp((s) => s.layout.showTab);
  if (!kept) return <span className="run-summary muted">not run yet</span>;
  return (
    <button type="button" className="btn btn-ghost run-summary" onClick={() => showTab('verdict')} title="Your earlier runs of this scenario are listed in the verdict pane">
      not run yet · {kept} kept run{kept === 1 ? '' : 's'} →
    </button>
  );
}

/** The last step in a few words: which step, whether the script finished, how long it took. */
export function RunSummary() {
  const last = useApp((s) => s.run.last);
  const status = useApp((s) => s.run.status);
  const solutionError = useApp((s) => s.editor.solutionError);
  const verdict = useVerdictView();
  if (solutionError) return <span className="run-summary error">{solutionError}</span>;
  if (status === 'running') return <span className="run-summary muted">running…</span>;
  if (!last) return <KeptRunHint />;
  const s = last.script;
  const notRun = neverStarted(s);
  return (
    <span className={`run-summary ${s.ok ? '' : 'error'}`} data-testid="run-summary">
      {notRun && <span className="mini-verdict not-run">NOT RUN</span>}
      {verdict && (
        <span className={`mini-verdict ${verdict.passed ? 'pass' : 'fail'}`}>
          {verdict.passed ? 'PASS' : 'FAIL'} {verdict.score.passed}/{verdict.score.total}
        </span>
      )}
      step {last.step} · {s.ok ? 'finished' : s.reason === 'syntax' ? 'does not parse' : notRun ? 'not started' : (s.reason ?? 'failed')} · {s.requests.length} request{s.requests.length === 1 ? '' : 's'} · {Math.round(s.durationMs)} ms
    </span>
  );
}
