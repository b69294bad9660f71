import type { AgentStep } from '../../../agent/record.ts';

/** Whether a step met an injected or real API failure (rate limit or server error). */
function faulted(step: AgentStep): boolean {
  return step.actions.some((a) => a.requests.some((r) => r.status === 429 || r.status >= 500));
}

/**
 * The run as a trace waterfall: one row per step, its model time then its tool (harness) time, laid on the run's
 * clock; ▲ marks a step that met a 429 or 5xx. Clicking a row shows that step.
 */
export function RunTimeline({ steps, selected, onSelect }: { steps: AgentStep[]; selected: number | null; onSelect: (i: number) => void }) {
  const total = steps.reduce((t, s) => t + s.modelMs + s.harnessMs, 0);
  if (!steps.length || total <= 0) return null;
  let at = 0;
  const pct = (ms: number) => `${(100 * ms) / total}%`;
  return (
    <figure className="run-timeline" data-testid="run-timeline" aria-label="Run timeline">
      <figcaption>
        Timeline · {(total / 1000).toFixed(1)} s <span className="legend model">model</span> <span className="legend tool">tools</span> <span className="legend fault">▲ fault</span>
      </figcaption>
      {steps.map((s) => {
        const start = at;
        at += s.modelMs + s.harnessMs;
        return (
          <button key={s.index} type="button" className={`timeline-row ${selected === s.index ? 'selected' : ''}`} onClick={() => onSelect(s.index)} title={`Step ${s.index + 1}: model ${s.modelMs} ms, tools ${s.harnessMs} ms`}>
            <span className="timeline-label">{s.index + 1}</span>
            <span className="timeline-track">
              <span className="timeline-bar model" style={{ left: pct(start), width: pct(s.modelMs) }} />
              <span className="timeline-bar tool" style={{ left: pct(start + s.modelMs), width: pct(s.harnessMs) }} />
              {faulted(s) && (
                <span className="timeline-fault" style={{ left: pct(start + s.modelMs) }} aria-label="fault">
                  ▲
                </span>
              )}
            </span>
            <span className="timeline-ms">{((s.modelMs + s.harnessMs) / 1000).toFixed(1)} s</span>
          </button>
        );
      })}
    </figure>
  );
}
