import type { AgentRunRecord } from '../../../agent/record.ts';
import { costOf, type PriceTable } from '../../../agent/pricing.ts';
import { summarizeRun } from '../../../agent/record.ts';
import { erroredNote, groupKeysOf, statsBy, type GroupKey } from '../../../agent/stats.ts';
import { pct } from './format.ts';
import { Term } from '../../glossary/Term.tsx';
import { useApp } from '../../hooks/useApp.ts';
import { cellLabel } from '../../../agent/explore.ts';

/**
 * Pass rate, pass@k, pass^k, score with its 95% interval, closed-world rate, tokens and cost, per group, over the runs
 * that were judged (errored runs are counted apart and said so); a group's run count opens its runs in the explorer.
 */
export function ResultsTable({ records, by, prices }: { records: AgentRunRecord[]; by: GroupKey; prices: PriceTable }) {
  const openCell = useApp((s) => s.explorer.openCell);
  const runs = records.map(summarizeRun);
  const groups = statsBy(runs, by);
  const errored = runs.filter((r) => r.state === 'errored').length;
  const cost = (key: string) => {
    let total = 0;
    let known = false;
    records.forEach((r, i) => {
      if (!groupKeysOf(runs[i], by).includes(key)) return;
      const c = costOf(prices, r.model.model, r.usage);
      if (c !== null) {
        total += c;
        known = true;
      }
    });
    return known ? `$${total.toFixed(3)}` : '–';
  };
  return (
    <table className="agent-table" data-testid={`results-by-${by}`}>
      {errored > 0 && (
        <caption className="results-errored-note" data-testid="results-errored-note">
          {erroredNote(errored, runs.length)}
        </caption>
      )}
      <thead>
        <tr>
          <th>{by}</th>
          <th>runs</th>
          <th>
            <Term id="pass-rate">pass</Term>
          </th>
          <th>
            <Term id="pass-at-k">pass@k</Term>
          </th>
          <th>
            <Term id="pass-hat-k">pass^k</Term>
          </th>
          <th>
            <Term id="score-ci">score [95% CI]</Term>
          </th>
          <th>
            <Term id="closed-world-rate">closed world</Term>
          </th>
          <th>steps</th>
          <th>tokens</th>
          <th>cost</th>
          <th>
            <Term id="errored">errored</Term>
          </th>
        </tr>
      </thead>
      <tbody>
        {groups.map(({ key, stats: s }) => (
          <tr key={key}>
            <td>{key}</td>
            <td>
              <button type="button" className="cell-open" onClick={() => openCell(records, { by, key })} title={`Open the ${s.runs} runs of ${cellLabel({ by, key })} in the explorer`} data-testid="cell-open">
                {s.runs}
              </button>
            </td>
            <td>{pct(s.passRate)}</td>
            <td>{s.minTrials ? `${pct(s.passAtK[s.minTrials])} (k=${s.minTrials})` : '–'}</td>
            <td>{s.minTrials ? pct(s.passHatK[s.minTrials]) : '–'}</td>
            <td>
              {pct(s.score.mean)} [{pct(s.score.low)}, {pct(s.score.high)}]
            </td>
            <td>{pct(s.closedWorldPassRate)}</td>
            <td>{s.meanSteps.toFixed(1)}</td>
            <td>{(s.inputTokens + s.outputTokens).toLocaleString()}</td>
            <td>{cost(key)}</td>
            <td data-testid="errored-count">{s.errored || ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
