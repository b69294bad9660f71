import type { FaultPlan } from '../../../session/faults.ts';
import { useApp } from '../../hooks/useApp.ts';

const number = (v: string) => (v.trim() === '' ? undefined : Math.max(0, Math.floor(Number(v)) || 0));

/** Faults for the next runs: off by default; the run record says which were on. */
export function FaultControls() {
  const plan = useApp((s) => s.studio.faults);
  const setFaults = useApp((s) => s.studio.setFaults);
  const change = (next: FaultPlan) => void setFaults(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as FaultPlan);
  return (
    <section className="studio-section studio-form" data-testid="studio-faults">
      <p className="studio-muted wide">
        Injected between the script’s fetch() and the replica, in the real API’s shapes (Slack: HTTP 429 <code>ratelimited</code> with <code>Retry-After</code>). A faulted
        request never reaches the replica. Counts restart when a scenario opens.
      </p>
      <label>
        rate limit every N requests
        <input inputMode="numeric" value={plan.rateLimit?.every ?? ''} onChange={(e) => {
          const every = number(e.target.value);
          change({ ...plan, rateLimit: every ? { every, retryAfterSeconds: plan.rateLimit?.retryAfterSeconds ?? 1 } : undefined });
        }} />
      </label>
      <label>
        Retry-After (s)
        <input inputMode="numeric" value={plan.rateLimit?.retryAfterSeconds ?? ''} disabled={!plan.rateLimit} onChange={(e) => {
          if (plan.rateLimit) change({ ...plan, rateLimit: { ...plan.rateLimit, retryAfterSeconds: number(e.target.value) ?? 1 } });
        }} />
      </label>
      <label>
        503 every N requests
        <input inputMode="numeric" value={plan.serverErrors?.every ?? ''} onChange={(e) => {
          const every = number(e.target.value);
          change({ ...plan, serverErrors: every ? { every } : undefined });
        }} />
      </label>
      <label>
        latency (ms)
        <input inputMode="numeric" value={plan.latencyMs ?? ''} onChange={(e) => change({ ...plan, latencyMs: number(e.target.value) || undefined })} />
      </label>
      <label>
        page size (forces cursors)
        <input inputMode="numeric" value={plan.pageSize ?? ''} onChange={(e) => change({ ...plan, pageSize: number(e.target.value) || undefined })} />
      </label>
      <button type="button" className="btn btn-small" onClick={() => change({})} disabled={Object.keys(plan).length === 0}>
        Faults off
      </button>
    </section>
  );
}
