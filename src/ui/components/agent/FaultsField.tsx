import { useEffect, useState } from 'react';
import { FAULT_SYNTAX, formatFaultPlan, parseFaultPlan } from '../../../session/faults.ts';
import { useApp } from '../../hooks/useApp.ts';

/**
 * The fault plan for agent runs, in `difflab eval --faults` syntax. It is the studio's plan (the workbench holds one),
 * so both places always show what the next run gets; each run record stores it.
 */
export function FaultsField() {
  const plan = useApp((s) => s.studio.faults);
  const setFaults = useApp((s) => s.studio.setFaults);
  const [text, setText] = useState(formatFaultPlan(plan));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setText(formatFaultPlan(plan)), [plan]);
  const apply = () => {
    try {
      void setFaults(parseFaultPlan(text));
      setProblem(null);
    } catch (err) {
      setProblem((err as Error).message);
    }
  };
  return (
    <label>
      Faults <span className="muted">(none by default; {FAULT_SYNTAX})</span>
      <input
        value={text}
        placeholder="rate-limit=3/1, 5xx=4, latency=200, short-pages=2"
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => e.key === 'Enter' && apply()}
        spellCheck={false}
        data-testid="agent-faults"
        aria-invalid={problem ? true : undefined}
      />
      {problem && <span className="fail">{problem}</span>}
    </label>
  );
}
