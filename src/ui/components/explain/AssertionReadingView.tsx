import type { AssertionReading } from '../../stores/describeAssertion.ts';

/** What an assertion asks, laid out: the rows it counts and how many, each where condition, each expected change. */
export function AssertionReadingView({ reading }: { reading: AssertionReading }) {
  return (
    <dl className="assertion-reading" data-testid="assertion-reading">
      <dt>counts</dt>
      <dd>
        <span className="mono">{reading.what}</span> · {reading.count}
      </dd>
      {reading.where.length > 0 && (
        <>
          <dt>where</dt>
          <dd>
            <ul className="reading-list">
              {reading.where.map((w) => (
                <li key={w.field}>
                  <span className="mono reading-field">{w.field}</span> {w.equality ? '= ' : ''}
                  <span className="mono">{w.condition}</span>
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
      {reading.changes.length > 0 && (
        <>
          <dt>changes</dt>
          <dd>
            <ul className="reading-list">
              {reading.changes.map((c) => (
                <li key={c.field}>
                  <span className="mono reading-field">{c.field}</span> <span className="mono">{c.change}</span>
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
    </dl>
  );
}
