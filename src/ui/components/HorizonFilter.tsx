import { useMemo } from 'react';
import { useApp } from '../hooks/useApp.ts';
import { horizonBounds } from '../stores/filters.ts';

function parse(value: string): number | null {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : null;
}

/** The task horizon (how many calls a solution needs) as a min–max range. */
export function HorizonFilter() {
  const entries = useApp((s) => s.catalog.entries);
  const range = useApp((s) => s.catalog.filters.horizon);
  const setHorizon = useApp((s) => s.catalog.setHorizon);
  const bounds = useMemo(() => horizonBounds(entries), [entries]);
  if (!bounds) return null;
  return (
    <fieldset className="facet horizon">
      <legend>Horizon (calls)</legend>
      <label>
        <span className="visually-hidden">Minimum horizon</span>
        <input
          type="number"
          min={bounds.min}
          max={bounds.max}
          placeholder={String(bounds.min)}
          value={range.min ?? ''}
          onChange={(e) => setHorizon({ ...range, min: parse(e.target.value) })}
        />
      </label>
      <span aria-hidden="true">–</span>
      <label>
        <span className="visually-hidden">Maximum horizon</span>
        <input
          type="number"
          min={bounds.min}
          max={bounds.max}
          placeholder={String(bounds.max)}
          value={range.max ?? ''}
          onChange={(e) => setHorizon({ ...range, max: parse(e.target.value) })}
        />
      </label>
    </fieldset>
  );
}
