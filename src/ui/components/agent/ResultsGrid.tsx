import { useMemo } from 'react';
import { useApp } from '../../hooks/useApp.ts';
import { summarizeRun, type AgentRunRecord } from '../../../agent/record.ts';
import { groupKeysOf, groupStats, type GroupKey } from '../../../agent/stats.ts';
import { cellLabel, inCell } from '../../../agent/explore.ts';
import { pct } from './format.ts';

/** Models down, the values of `by` (services, faults…) across: each cell's pass rate over its runs, opening them. */
export function ResultsGrid({ records, by }: { records: AgentRunRecord[]; by: GroupKey }) {
  const openCell = useApp((s) => s.explorer.openCell);
  const { models, columns, cells } = useMemo(() => {
    const runs = records.map(summarizeRun);
    const models = [...new Set(runs.map((r) => r.model))].sort();
    const columns = [...new Set(runs.flatMap((r) => groupKeysOf(r, by)))].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
    const cells = new Map(models.flatMap((model) => columns.map((key) => [`${model}\n${key}`, groupStats(runs.filter((r) => inCell(r, { by, key, model })))] as const)));
    return { models, columns, cells };
  }, [records, by]);
  return (
    <table className="agent-table results-grid" data-testid={`results-grid-${by}`}>
      <caption className="visually-hidden">Pass rate by model and {by}</caption>
      <thead>
        <tr>
          <th>model × {by}</th>
          {columns.map((c) => (
            <th key={c}>{c}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {models.map((model) => (
          <tr key={model}>
            <td>{model}</td>
            {columns.map((key) => {
              const s = cells.get(`${model}\n${key}`)!;
              return s.runs === 0 ? (
                <td key={key} className="empty">–</td>
              ) : (
                <td key={key}>
                  <button type="button" className="cell-open" onClick={() => openCell(records, { by, key, model })} title={`Open the ${s.runs} runs of ${cellLabel({ by, key, model })} in the explorer`} data-testid="grid-cell">
                    {pct(s.passRate)} of {s.judged}
                    {s.errored > 0 && <span className="muted"> +{s.errored} errored</span>}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
