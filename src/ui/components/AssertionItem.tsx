import '../styles/explain.css';
import { useApp } from '../hooks/useApp.ts';
import type { AssertionView } from '../stores/verdictView.ts';
import { AssertionReadingView } from './explain/AssertionReadingView.tsx';
import { NearestRowsView } from './explain/NearestRowsView.tsx';

/**
 * One assertion: passed or not, its one-line reason; hovering or clicking highlights the rows it matched (and, for
 * a failed one, the rows that came nearest). Below: what it checks, and for a failed one its nearest rows.
 */
export function AssertionItem({ assertion: a }: { assertion: AssertionView }) {
  const pinned = useApp((s) => s.diffView.pinned === a.index);
  const hover = useApp((s) => s.diffView.hover);
  const pin = useApp((s) => s.diffView.pin);
  return (
    <li className={`assertion ${a.passed ? 'pass' : 'fail'} ${pinned ? 'pinned' : ''}`} data-passed={a.passed} data-testid="assertion">
      <button
        type="button"
        aria-pressed={pinned}
        onMouseEnter={() => hover(a.index)}
        onMouseLeave={() => hover(null)}
        onFocus={() => hover(a.index)}
        onBlur={() => hover(null)}
        onClick={() => pin(a.index)}
        title={pinned ? 'Click to stop highlighting its rows' : 'Click to keep its rows highlighted'}
      >
        <span className="assertion-mark" aria-label={a.passed ? 'passed' : 'failed'}>
          {a.passed ? '✓' : '✕'}
        </span>
        <span className="assertion-tag">A{a.index + 1}</span>
        <span className="assertion-body">
          <span className="assertion-label">{a.label}</span>
          <span className="assertion-reason">{a.reason}</span>
        </span>
        <span className="assertion-matches muted" title="Rows matched">
          {a.matched.length} row{a.matched.length === 1 ? '' : 's'}
        </span>
      </button>
      {a.reading &&
        (a.passed ? (
          <details className="assertion-detail">
            <summary>what it checks</summary>
            <AssertionReadingView reading={a.reading} />
          </details>
        ) : (
          <div className="assertion-detail open">
            <AssertionReadingView reading={a.reading} />
            <NearestRowsView assertion={a} />
          </div>
        ))}
    </li>
  );
}
