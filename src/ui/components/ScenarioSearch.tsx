import { useApp } from '../hooks/useApp.ts';

export function ScenarioSearch() {
  const query = useApp((s) => s.catalog.filters.query);
  const setQuery = useApp((s) => s.catalog.setQuery);
  const shown = useApp((s) => s.catalog.visibleKeys.length);
  const total = useApp((s) => s.catalog.entries.length);
  return (
    <div className="scenario-search">
      <label className="visually-hidden" htmlFor="scenario-search">
        Search scenarios
      </label>
      <input
        id="scenario-search"
        type="search"
        placeholder="Search scenarios"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <span className="muted count" aria-live="polite">
        {shown === total ? `${total} scenarios` : `${shown} of ${total}`}
      </span>
    </div>
  );
}
