import { useMemo } from 'react';
import { useApp } from '../../hooks/useApp.ts';
import { runState, summarizeRun, type AgentRunRecord } from '../../../agent/record.ts';
import { groupStats } from '../../../agent/stats.ts';
import { pct } from './format.ts';

function byScenario(records: AgentRunRecord[]) {
  const out = new Map<string, { title: string; passed: number; runs: number; ids: string[] }>();
  for (const r of records) {
    const key = `${r.scenario.suite ?? ''}/${r.scenario.id}`;
    const s = out.get(key) ?? { title: r.scenario.title, passed: 0, runs: 0, ids: [] };
    s.ids.push(r.id);
    // Errored runs (the provider failed) are not the model's: left out of the rate, as everywhere.
    const state = runState(r);
    if (state !== 'errored') s.runs++;
    if (state === 'passed') s.passed++;
    out.set(key, s);
  }
  return out;
}

/**
 * Two batches side by side: overall figures, then each scenario's pass rate in both, differences first. A pass rate
 * opens its runs in the explorer; "runs" puts the scenario's first run of A beside its first run of B.
 */
export function CompareView({ a, b }: { a: string; b: string }) {
  const history = useApp((s) => s.agent.history);
  const { openRuns, comparePair } = useApp((s) => s.explorer);
  const rate = (value: number, ids: string[], batch: string, title: string) =>
    ids.length ? (
      <button type="button" className="cell-open" onClick={() => openRuns(`${batch} × ${title}`, ids)} title={`Open these ${ids.length} runs in the explorer`}>
        {pct(value)}
      </button>
    ) : (
      pct(value)
    );
  const rows = useMemo(() => {
    const ra = history.filter((r) => (r.batch ?? '(none)') === a);
    const rb = history.filter((r) => (r.batch ?? '(none)') === b);
    const sa = byScenario(ra);
    const sb = byScenario(rb);
    const keys = [...new Set([...sa.keys(), ...sb.keys()])];
    const list = keys.map((k) => {
      const x = sa.get(k);
      const y = sb.get(k);
      const pa = x?.runs ? x.passed / x.runs : Number.NaN;
      const pb = y?.runs ? y.passed / y.runs : Number.NaN;
      return { key: k, title: x?.title ?? y?.title ?? k, pa, pb, ia: x?.ids ?? [], ib: y?.ids ?? [], delta: (Number.isNaN(pb) ? 0 : pb) - (Number.isNaN(pa) ? 0 : pa) };
    });
    list.sort((p, q) => Math.abs(q.delta) - Math.abs(p.delta));
    return { list, ga: groupStats(ra.map(summarizeRun)), gb: groupStats(rb.map(summarizeRun)) };
  }, [history, a, b]);
  return (
    <table className="agent-table" data-testid="compare-table">
      <thead>
        <tr>
          <th>scenario</th>
          <th>A: {a}</th>
          <th>B: {b}</th>
          <th>B − A</th>
        </tr>
      </thead>
      <tbody>
        <tr className="total">
          <td>all (pass rate · score)</td>
          <td>
            {pct(rows.ga.passRate)} · {pct(rows.ga.score.mean)}
            {rows.ga.errored > 0 && <div className="muted" data-testid="compare-errored">{rows.ga.errored} errored, left out</div>}
          </td>
          <td>
            {pct(rows.gb.passRate)} · {pct(rows.gb.score.mean)}
            {rows.gb.errored > 0 && <div className="muted" data-testid="compare-errored">{rows.gb.errored} errored, left out</div>}
          </td>
          <td>{pct(rows.gb.passRate - rows.ga.passRate)}</td>
        </tr>
        {rows.list.map((r) => (
          <tr key={r.key} className={r.delta > 0 ? 'better' : r.delta < 0 ? 'worse' : ''}>
            <td>{r.title}</td>
            <td>{rate(r.pa, r.ia, a, r.title)}</td>
            <td>{rate(r.pb, r.ib, b, r.title)}</td>
            <td>
              {r.delta === 0 ? '' : `${r.delta > 0 ? '+' : ''}${Math.round(r.delta * 100)}% `}
              {r.ia.length > 0 && r.ib.length > 0 && (
                <button type="button" className="btn btn-ghost btn-small" onClick={() => comparePair(r.ia[0], r.ib[0])} title="This scenario's first run of A beside its first run of B, step by step">
                  A beside B
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
