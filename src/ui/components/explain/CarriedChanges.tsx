import { useEffect, useMemo, useState } from 'react';
import { evaluateDiffBounded } from '../../../evaluation/index.ts';
import { useApp } from '../../hooks/useApp.ts';
import { entryByKey } from '../../stores/catalogSlice.ts';
import { carriedChanges } from '../../stores/carriedChanges.ts';
import { schemaFromTables } from '../studio/schemaFromTables.ts';

/**
 * Says so when the verdict judges changes an earlier step left in the state (a script run after another without
 * Reset), whether this step alone would have passed, and offers Reset. Script mode only: an agent's run is meant to
 * build up over its steps.
 */
export function CarriedChanges() {
  // Only a step of this environment's own run: not an agent run's step shown in the pane (a replay).
  const last = useApp((s) => (s.agent.open || s.run.last?.step !== s.run.steps ? null : s.run.last));
  const tables = useApp((s) => s.run.tables);
  const ready = useApp((s) => s.run.status === 'ready');
  const reset = useApp((s) => s.run.reset);
  const scenario = useApp((s) => entryByKey(s.catalog.entries, s.run.openKey)?.scenario ?? null);
  const carried = useMemo(() => (last && last.step >= 2 ? carriedChanges(last.runDiff, last.stepDiff, tables) : 0), [last, tables]);
  // Whether this step alone would pass: judged again on its own diff, every pattern bounded in time (the script wrote
  // the texts they match). A hybrid-graded scenario's pass needs its grade too, so only a plain verdict is judged.
  const [alone, setAlone] = useState<boolean | null>(null);
  useEffect(() => {
    setAlone(null);
    const plain = scenario && !scenario.rubrics.length && !scenario.criticalAssertions?.length;
    if (!last || carried === 0 || !plain) return;
    let current = true;
    void evaluateDiffBounded(scenario.spec, last.stepDiff, { schema: schemaFromTables(tables), closedWorld: scenario.closedWorld, answerChecks: scenario.answerChecks }).then(
      (v) => current && setAlone(v.passed),
    );
    return () => {
      current = false;
    };
  }, [last, carried, tables, scenario]);
  if (!last || carried === 0) return null;
  const info = { carried, alone };
  const earlier = last.step === 2 ? 'step 1' : `steps 1–${last.step - 1}`;
  return (
    <div className="carried-note" role="status" data-testid="carried-changes">
      <p>
        ⚠ The state still holds {info.carried} change{info.carried === 1 ? '' : 's'} from {earlier}: this verdict judges the whole run since the last
        Reset, not this step alone.
        {info.alone === true && !last.verdict.passed ? ' On its own, this step’s changes would pass.' : ''}
      </p>
      <button type="button" className="btn btn-small" onClick={() => void reset()} disabled={!ready} data-testid="carried-reset">
        Reset to the seed
      </button>
    </div>
  );
}
