import { namedValues, type PredicateCheck } from '../../../evaluation/index.ts';
import { useApp } from '../../hooks/useApp.ts';
import type { AssertionView, NearestRowView } from '../../stores/verdictView.ts';
import { elideShared } from './sideBySide.ts';

const WHERE: Record<NearestRowView['source'], string> = {
  diff: 'in this part of the diff',
  touched: 'touched by the run',
  seed: 'in the seed, unchanged',
};

/** One check: ✓/✗, the field, the row's value and, where they differ, the value wanted beside it; ids with their names. */
function CheckLine({ check }: { check: PredicateCheck }) {
  const named = namedValues(check);
  const shown = check.equality && !check.passed ? elideShared(named.actual, named.expected) : named;
  const field = check.part === 'part' ? 'part of diff' : check.part === 'strict' ? `also changed: ${check.field}` : check.field;
  return (
    <li className={`check-line ${check.passed ? 'pass' : 'fail'}`} data-passed={check.passed}>
      <span className="check-mark" aria-label={check.passed ? 'holds' : 'does not hold'}>
        {check.passed ? '✓' : '✗'}
      </span>
      <span className="mono check-field">{field}</span>
      {check.part === 'strict' ? (
        <span className="check-wants">the assertion is strict: only its expected_changes may change</span>
      ) : (
        <>
          <span className="mono check-actual" title={named.actual}>
            {shown.actual}
          </span>
          {!check.passed &&
            (check.equality ? (
              <>
                <span className="check-ne" aria-label="is not">
                  ≠
                </span>
                <span className="mono check-expected">{shown.expected}</span>
              </>
            ) : (
              <span className="check-wants">
                wants <span className="mono">{check.expected}</span>
              </span>
            ))}
        </>
      )}
    </li>
  );
}

/** A failed assertion's nearest rows: each row's key and where it was found, then its checks. */
export function NearestRowsView({ assertion }: { assertion: AssertionView }) {
  const pin = useApp((s) => s.diffView.pin);
  const setTab = useApp((s) => s.diffView.setTab);
  const selectTable = useApp((s) => s.stateBrowser.selectTable);
  const tables = useApp((s) => s.run.tables);
  const nearest = assertion.nearest;
  if (!nearest) return null;
  if (nearest.rows.length === 0) {
    return <p className="nearest-none muted">No row of this table was added, changed or removed, and none in the seed is close.</p>;
  }
  return (
    <div className="nearest" data-testid="nearest">
      <p className="nearest-title">{nearest.why === 'matched' ? 'Rows it matched (more than it allows):' : nearest.rows.length === 1 ? 'Nearest row:' : 'Nearest rows:'}</p>
      <ol className="nearest-rows">
        {nearest.rows.map((r) => (
          <li key={`${r.source}:${r.table}:${r.key}`} className="nearest-row" data-source={r.source} data-testid="nearest-row">
            <div className="nearest-head">
              <span className="mono nearest-key">
                {r.table} {r.key}
              </span>
              <span className="nearest-actions">
                {r.id && (
                  <button type="button" className="btn btn-small btn-ghost" onClick={() => pin(assertion.index)} title="Highlight this row in the diff below">
                    show row
                  </button>
                )}
                {r.source === 'seed' && (
                  <button
                    type="button"
                    className="btn btn-small btn-ghost"
                    onClick={() => {
                      const service = r.service ?? tables.find((t) => t.name === r.table)?.service;
                      setTab('state');
                      if (service) void selectTable({ service, table: r.table });
                    }}
                    title="Open this table in the State tab"
                  >
                    show in State
                  </button>
                )}
              </span>
              <span className="nearest-where muted">
                {WHERE[r.source]}
                {r.failed > 0 && (
                  <span className="nearest-count">
                    {' '}
                    · {r.failed} of {r.checks.length} check{r.checks.length === 1 ? '' : 's'} fail
                  </span>
                )}
              </span>
            </div>
            <ul className="check-lines">
              {r.checks.map((c, i) => (
                <CheckLine key={i} check={c} />
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}
