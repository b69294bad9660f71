import { useMemo } from 'react';
import { useApp } from '../hooks/useApp.ts';
import { activeFilterCount, facetOptions } from '../stores/filters.ts';
import { FacetFilter } from './FacetFilter.tsx';
import { HorizonFilter } from './HorizonFilter.tsx';
import { termProps } from '../glossary/Term.tsx';
import type { FacetName } from '../stores/filters.ts';

/** Filters on the scenarios' metadata, each facet with how many scenarios its values would show. */
export function ScenarioFilters() {
  const entries = useApp((s) => s.catalog.entries);
  const filters = useApp((s) => s.catalog.filters);
  const clear = useApp((s) => s.catalog.clearFilters);
  const options = useMemo(() => facetOptions(entries, filters), [entries, filters]);
  const active = activeFilterCount({ ...filters, query: '' });
  return (
    <details className="scenario-filters">
      <summary>
        Filters
        {active > 0 && (
          <span className="badge" {...termProps('filters', false)}>
            {active}
          </span>
        )}
        {active > 0 && (
          <button
            type="button"
            className="btn btn-ghost btn-small clear-filters"
            onClick={(e) => {
              e.preventDefault();
              clear();
            }}
          >
            Clear
          </button>
        )}
      </summary>
      <div className="filter-body">
        {(Object.keys(options) as FacetName[]).map((facet) => (
          <FacetFilter key={facet} facet={facet} options={options[facet]!} selected={filters.facets[facet] ?? []} />
        ))}
        <HorizonFilter />
      </div>
    </details>
  );
}
