import { normaliseFacetValue } from '../../scenarios/facets.ts';
import type { CatalogEntry } from './catalogTypes.ts';
import { spanLabel } from '../../agent/stats.ts';

export const facetNames = [
  'suite',
  'service',
  'span',
  'operations',
  'ambiguity',
  'information_availability',
  'entity_scope',
  'category',
  'difficulty',
] as const;

export type FacetName = (typeof facetNames)[number];

export const facetLabels: Record<FacetName, string> = {
  suite: 'Suite',
  service: 'Service',
  span: 'Services spanned',
  operations: 'Operations',
  ambiguity: 'Ambiguity',
  information_availability: 'Information',
  entity_scope: 'Entity scope',
  category: 'Category',
  difficulty: 'Difficulty',
};

export interface HorizonRange {
  min: number | null;
  max: number | null;
}

export interface Filters {
  query: string;
  /** Selected values per facet: a scenario matches a facet when it has any selected value (OR), and must match every facet (AND). */
  facets: Partial<Record<FacetName, string[]>>;
  horizon: HorizonRange;
}

export const emptyFilters: Filters = { query: '', facets: {}, horizon: { min: null, max: null } };

/** The values an entry has for a facet, one spelling per meaning (`cleanup` and `clean-up` are one value). */
export function facetValues(entry: CatalogEntry, facet: FacetName): string[] {
  const m = entry.scenario.metadata;
  const one = (v: string | undefined) => (v ? [normaliseFacetValue(facet, v)] : []);
  switch (facet) {
    case 'suite':
      return [entry.suite.name];
    case 'service':
      return entry.scenario.services;
    case 'span':
      return [spanLabel(entry.scenario.services.length)];
    case 'operations':
      return [...new Set((m.operations ?? []).map((o) => normaliseFacetValue(facet, o)))];
    case 'ambiguity':
      return one(m.ambiguity);
    case 'information_availability':
      return one(m.information_availability);
    case 'entity_scope':
      return one(m.entity_scope);
    case 'category':
      return one(m.category);
    case 'difficulty':
      return one(m.difficulty);
  }
}

function matchesQuery(entry: CatalogEntry, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const s = entry.scenario;
  const haystack = [s.id, s.title, s.prompt, entry.suite.name, ...(s.metadata.tools ?? [])].join('\n').toLowerCase();
  return words.every((w) => haystack.includes(w));
}

function matchesHorizon(entry: CatalogEntry, range: HorizonRange): boolean {
  if (range.min === null && range.max === null) return true;
  const h = entry.scenario.metadata.horizon;
  if (h === undefined) return false;
  return (range.min === null || h >= range.min) && (range.max === null || h <= range.max);
}

function matchesFacet(entry: CatalogEntry, facet: FacetName, selected: string[] | undefined): boolean {
  if (!selected || selected.length === 0) return true;
  const values = facetValues(entry, facet);
  return selected.some((v) => values.includes(v));
}

export function matchesFilters(entry: CatalogEntry, filters: Filters, except?: FacetName): boolean {
  if (!matchesQuery(entry, filters.query) || !matchesHorizon(entry, filters.horizon)) return false;
  return facetNames.every((f) => f === except || matchesFacet(entry, f, filters.facets[f]));
}

export function filterEntries(entries: CatalogEntry[], filters: Filters): CatalogEntry[] {
  return entries.filter((e) => matchesFilters(e, filters));
}

export interface FacetOption {
  value: string;
  /** Entries that would match with this value selected, given every other filter. */
  count: number;
}

const valueOrder: Record<string, number> = { C: 0, R: 1, U: 2, D: 3, search: 4, low: 0, medium: 1, high: 2, easy: 0, hard: 2, explicit: 0, implicit: 1, single: 0, multi: 1 };

/** Each facet's values present in the catalog, with faceted counts; facets with no values are left out. */
export function facetOptions(entries: CatalogEntry[], filters: Filters): Partial<Record<FacetName, FacetOption[]>> {
  const out: Partial<Record<FacetName, FacetOption[]>> = {};
  for (const facet of facetNames) {
    const counts = new Map<string, number>();
    for (const e of entries) for (const v of facetValues(e, facet)) counts.set(v, 0);
    if (counts.size === 0) continue;
    for (const e of entries) {
      if (!matchesFilters(e, filters, facet)) continue;
      for (const v of new Set(facetValues(e, facet))) counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    out[facet] = [...counts]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => (valueOrder[a.value] ?? 9) - (valueOrder[b.value] ?? 9) || a.value.localeCompare(b.value));
  }
  return out;
}

/** The smallest and largest horizon in the catalog, or null when no scenario has one. */
export function horizonBounds(entries: CatalogEntry[]): { min: number; max: number } | null {
  const hs = entries.map((e) => e.scenario.metadata.horizon).filter((h): h is number => typeof h === 'number');
  return hs.length ? { min: Math.min(...hs), max: Math.max(...hs) } : null;
}

export function activeFilterCount(filters: Filters): number {
  const facets = Object.values(filters.facets).reduce((n, v) => n + (v?.length ? 1 : 0), 0);
  const horizon = filters.horizon.min !== null || filters.horizon.max !== null ? 1 : 0;
  return facets + horizon + (filters.query.trim() ? 1 : 0);
}
