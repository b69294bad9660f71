import { useEffect, useMemo, useRef } from 'react';
import { useApp } from '../../hooks/useApp.ts';
import { compareRuns, diffEntries, differenceLabels, requestSignature, type ExplorerRun } from '../../../agent/explore.ts';
import { failureLabels } from '../../../agent/failures.ts';
import { stepDiffOf, type AgentStep } from '../../../agent/record.ts';
import { Chip, Term } from '../../glossary/Term.tsx';
import { termOr } from '../../glossary/glossary.ts';
import { OutcomeBadge, SourceChip } from './ExplorerView.tsx';

const shortValue = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
};

/** One side of an aligned step: its requests, its change to the state (rows the other side lacks marked), its verdict. */
function StepSide({ step, other, run, slot }: { step: AgentStep | null; other: AgentStep | null; run: ExplorerRun; slot: 'A' | 'B' }) {
  const openReplay = useApp((s) => s.agent.openReplay);
  const shown = useApp((s) => step !== null && s.agent.replay?.id === run.id && s.agent.step === step.index);
  if (!step) return <div className="compare-side compare-none muted">no such step</div>;
  const requests = requestSignature(step);
  const otherRequests = new Set(other ? requestSignature(other) : []);
  const entries = diffEntries(stepDiffOf(step));
  const otherRows = new Set(other ? diffEntries(stepDiffOf(other)).map((e) => e.signature) : []);
  const failed = step.actions.find((a) => !a.ok);
  return (
    <div className={`compare-side ${shown ? 'shown' : ''}`}>
      <div className="compare-verdict">
        <button
          type="button"
          className="btn btn-ghost btn-small"
          aria-pressed={shown}
          onClick={() => void openReplay(run.id, step.index, true)}
          title="Show this step's diff and assertions in the verdict pane"
          data-testid={`compare-show-${slot}`}
        >
          {shown ? '● shown' : 'Show'}
        </button>{' '}
        <Chip term="step-verdict" className={`badge ${step.verdict.passed ? 'pass' : 'fail'}`}>
          {step.verdict.passed ? 'passing' : 'failing'}
        </Chip>{' '}
        {step.verdict.score.passed}/{step.verdict.score.total}
        {failed && <span className="compare-error"> · script error</span>}
      </div>
      {requests.length > 0 ? (
        <ol className="compare-requests mono">
          {requests.map((q, i) => (
            <li key={i} className={otherRequests.has(q) ? '' : 'only-here'}>
              {q}
            </li>
          ))}
        </ol>
      ) : (
        <div className="muted">no requests</div>
      )}
      {entries.length > 0 ? (
        <ul className="compare-diff mono">
          {entries.map((e, i) => (
            <li key={i} className={`${e.mark === '+' ? 'ins' : e.mark === '~' ? 'upd' : 'del'} ${otherRows.has(e.signature) ? '' : 'only-here'}`}>
              <span className="compare-mark">{e.mark}</span> {e.table}{' '}
              <span className="muted">
                {Object.entries(e.fields)
                  .filter(([, v]) => v !== null && v !== '<time>')
                  .slice(0, 4)
                  .map(([k, v]) => `${k}: ${shortValue(v)}`)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <div className="muted">no change to the state</div>
      )}
    </div>
  );
}

function RunHead({ run, slot, step }: { run: ExplorerRun; slot: 'A' | 'B'; step: number | null }) {
  const openReplay = useApp((s) => s.agent.openReplay);
  const steps = run.record.steps.length;
  // A step this run does not have (the other run went further) opens it where it ended.
  const at = step !== null && step < steps ? step : null;
  return (
    <div className="compare-head" data-testid={`compare-head-${slot}`}>
      <div>
        <strong>{slot}</strong> {run.model} <SourceChip run={run} /> <OutcomeBadge run={run} />
      </div>
      {run.failure && (
        <div>
          <Term id={termOr(`failure:${run.failure}`, 'failure-class')}>{failureLabels[run.failure]}</Term>
        </div>
      )}
      <div className="muted explorer-sub">
        {steps} step{steps === 1 ? '' : 's'}{run.faults ? ` · faults ${run.faults}` : ''} · {run.record.batch ?? run.id}
      </div>
      <button type="button" className="btn btn-small" onClick={() => void openReplay(run.id, at ?? (step === null ? 0 : 'last'))} data-testid={`compare-open-${slot}`}>
        {at === null ? 'Open in run viewer' : `Open at step ${at + 1}`}
      </button>
    </div>
  );
}

/**
 * Two runs side by side, step n beside step n, with the first divergent step marked: the first step whose requests,
 * change to the state (times left out) or verdict differ, or that only one run has (see compareRuns).
 */
export function RunCompare({ a, b, onSwap }: { a: ExplorerRun; b: ExplorerRun; onSwap: () => void }) {
  const comparison = useMemo(() => compareRuns(a.record, b.record), [a.record, b.record]);
  const { divergence, steps } = comparison;
  const differs = a.scenarioKey !== b.scenarioKey;
  const section = useRef<HTMLElement>(null);
  // The comparison opens below the list, which can be long: bring it into view when a new pair is chosen. (Braces:
  // Chromium's scrollIntoView returns a promise, which React would take for the effect's cleanup.)
  useEffect(() => {
    section.current?.scrollIntoView({ block: 'start' });
  }, [a.id, b.id]);
  return (
    <section ref={section} className="run-compare" aria-label="Two runs side by side" data-testid="run-compare" data-divergence={divergence ?? 'none'}>
      <h4>
        {a.title}: A beside B{' '}
        <button type="button" className="btn btn-ghost btn-small" onClick={onSwap}>
          Swap
        </button>
      </h4>
      {differs && <p className="agent-note">These runs are of two different scenarios ({a.scenarioKey}, {b.scenarioKey}): their steps are compared all the same.</p>}
      <p className={`compare-summary ${divergence === null ? 'same' : 'diverged'}`} data-testid="compare-summary">
        {divergence === null ? (
          <>
            No divergence: {steps.length === 1 ? 'at their one step' : `at every one of ${steps.length} steps`} both runs made the same requests, the same change to the state and had the same verdict.
          </>
        ) : (
          <>
            <Term id="divergence">First divergent step</Term>: <strong>step {divergence + 1}</strong> — {steps[divergence].differences.map((d) => differenceLabels[d]).join(', ')}.{' '}
            {divergence === 1 ? 'Step 1 matches. ' : divergence > 1 ? `Steps 1–${divergence} match. ` : ''}
          </>
        )}
        <span className="muted">
          {' '}
          A divergence is the first step whose requests (method, URL, status), change to the state (rows and values, times left out) or verdict differ, or that only one run has; the
          reply text is not compared. Show puts a step’s diff and assertions in the verdict pane.
        </span>
      </p>
      <div className="compare-grid">
        <RunHead run={a} slot="A" step={divergence} />
        <RunHead run={b} slot="B" step={divergence} />
      </div>
      <ol className="compare-steps">
        {steps.map((s) => (
          <li key={s.index} className={`compare-step ${s.index === divergence ? 'divergence' : ''} ${s.differences.length ? 'differs' : ''}`} data-step={s.index} data-testid={s.index === divergence ? 'compare-divergence' : undefined}>
            <div className="compare-step-head">
              Step {s.index + 1}
              {s.index === divergence && <span className="compare-flag">◆ first divergence</span>}
              {s.differences.length > 0 && <span className="muted"> · {s.differences.map((d) => differenceLabels[d]).join(', ')}</span>}
            </div>
            <div className="compare-grid">
              <StepSide step={s.a} other={s.b} run={a} slot="A" />
              <StepSide step={s.b} other={s.a} run={b} slot="B" />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
