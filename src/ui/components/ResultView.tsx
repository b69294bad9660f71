import { neverStarted } from '../../sandbox/types.ts';
import { useApp } from '../hooks/useApp.ts';
import { AssertionList } from './AssertionList.tsx';
import { DiffPanel } from './DiffPanel.tsx';
import { VerdictSummary } from './VerdictSummary.tsx';
import { LessonNotes } from '../teach/LessonNotes.tsx';
import { CarriedChanges } from './explain/CarriedChanges.tsx';
import { NotRunNotice, StepNotRunNotice } from './explain/NotRunNotice.tsx';
import { KeptRuns } from './KeptRuns.tsx';
import { NothingChanged } from './explain/NothingChanged.tsx';

export function ResultView() {
  const hasRun = useApp((s) => s.run.last !== null);
  const status = useApp((s) => s.run.status);
  const error = useApp((s) => s.run.error);
  const notRun = useApp((s) => s.agent.open && s.agent.notRun !== null && s.agent.status === 'idle');
  const notStarted = useApp((s) => (s.run.last && neverStarted(s.run.last.script) ? s.run.last.script : null));
  if (status === 'failed') {
    return (
      <div className="empty-state">
        <p className="error-note">{error}</p>
        <p className="muted">Pick another scenario, import what is missing, or use Retry at the top.</p>
      </div>
    );
  }
  if (!hasRun && notRun) return <NotRunNotice />;
  if (notStarted) return <StepNotRunNotice reason={notStarted.reason} message={notStarted.error ?? ''} />;
  if (!hasRun) {
    return (
      <div className="empty-state">
        <p>{status === 'running' ? 'Running…' : 'Run a script to see the verdict and the state diff.'}</p>
        <p className="muted">
          The verdict checks the rows your script changed against the scenario's assertions; every change that no
          assertion explains is flagged as a side effect.
        </p>
        <KeptRuns />
      </div>
    );
  }
  return (
    <>
      <LessonNotes />
      <NothingChanged />
      <VerdictSummary />
      <CarriedChanges />
      <AssertionList />
      <DiffPanel />
    </>
  );
}
