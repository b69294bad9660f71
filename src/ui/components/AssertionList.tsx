import { useVerdictView } from '../hooks/useVerdictView.ts';
import { AssertionItem } from './AssertionItem.tsx';

export function AssertionList() {
  const v = useVerdictView();
  if (!v) return null;
  return (
    <section className="assertions" aria-labelledby="assertions-heading">
      <h3 id="assertions-heading" className="section-heading">
        Assertions <span className="muted">hover or click to see the rows each one matched</span>
      </h3>
      {v.assertions.length === 0 ? (
        <p className="empty-note">This scenario has no assertions.</p>
      ) : (
        <ol className="assertion-list" data-testid="assertions">
          {v.assertions.map((a) => (
            <AssertionItem key={a.index} assertion={a} />
          ))}
        </ol>
      )}
    </section>
  );
}
