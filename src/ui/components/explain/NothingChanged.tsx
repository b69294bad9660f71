import '../../styles/explain.css';
import { describeNeeds } from '../../../evaluation/index.ts';
import { useApp } from '../../hooks/useApp.ts';
import { entryByKey } from '../../stores/catalogSlice.ts';

/**
 * Before the verdict of a run that changed nothing (a read-only script, the starter): that it changed nothing, and
 * what the task needs, read from its assertions — so exploring does not read as a wrong answer.
 */
export function NothingChanged() {
  const unchanged = useApp((s) => {
    const d = s.run.last?.runDiff;
    return d !== undefined && !s.run.last?.verdict.passed && d.inserts.length + d.updates.length + d.deletes.length === 0;
  });
  const scenario = useApp((s) => entryByKey(s.catalog.entries, s.run.openKey ?? s.catalog.selectedKey)?.scenario ?? null);
  if (!unchanged || !scenario) return null;
  const needs = describeNeeds(scenario.spec, { answerChecks: scenario.answerChecks.length });
  return (
    <section className="nothing-changed" role="status" data-testid="nothing-changed">
      <p className="nothing-changed-word">Nothing changed yet</p>
      <p>{needs[0].toUpperCase() + needs.slice(1)}.</p>
      <p className="muted">The verdict below judges the state as it is: no row was added, changed or removed, so it cannot pass yet.</p>
    </section>
  );
}
