import { useApp } from '../hooks/useApp.ts';
import { facetLabels, type FacetName, type FacetOption } from '../stores/filters.ts';
import { Term, termProps } from '../glossary/Term.tsx';
import { facetTerm, valueTerm } from '../glossary/scenarioChips.ts';

/** Operation letters as words; only the Operations facet's values are letters (a category `search` stays `search`). */
const operationLabels: Record<string, string> = { C: 'Create', R: 'Read', U: 'Update', D: 'Delete', search: 'Search' };

/** One facet: a row of toggle chips, each with its count. */
export function FacetFilter({ facet, options, selected }: { facet: FacetName; options: FacetOption[]; selected: string[] }) {
  const toggle = useApp((s) => s.catalog.toggleFacet);
  return (
    <fieldset className="facet">
      <legend>
        <Term id={facetTerm[facet]}>{facetLabels[facet]}</Term>
      </legend>
      <div className="chips">
        {options.map((o) => {
          const on = selected.includes(o.value);
          return (
            <button
              key={o.value}
              type="button"
              className={`chip chip-toggle ${on ? 'on' : ''}`}
              aria-pressed={on}
              disabled={!on && o.count === 0}
              onClick={() => toggle(facet, o.value)}
              {...termProps(valueTerm(facetTerm[facet], o.value), false)}
            >
              {(facet === 'operations' ? operationLabels[o.value] : undefined) ?? o.value} <span className="chip-count">{o.count}</span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
