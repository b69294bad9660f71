/**
 * One value per meaning in the metadata people filter by: `Cleanup`, `clean_up` and `clean-up` are one category,
 * `Create`, `create`, `creation` one operation. Values are lower-cased, their separators made one, and then matched by
 * their letters alone (`cleanup` = `clean-up`) and a few word forms (`creation` = `create`) to one spelling: the
 * project's own where it has one, else the value as written, tidied.
 */

/** The facets of a scenario's metadata that the catalog filters by. */
export const METADATA_FACETS = ['operations', 'ambiguity', 'information_availability', 'entity_scope', 'category', 'difficulty'] as const;
export type MetadataFacet = (typeof METADATA_FACETS)[number];

/** Agent-Diff's operation letters; the words people also write map to them. */
const OPERATIONS: Record<string, string> = {
  c: 'C', create: 'C', r: 'R', read: 'R', u: 'U', update: 'U', d: 'D', delete: 'D', search: 'search',
};

/** Spellings that win when a value matches them by letters: the ones the project's suites use. */
const CANONICAL = ['clean-up', 'all-day', 'to-do', 'time zones', 'calendar list', 'dm', 'hubs'];

/** Word forms of one meaning, by their letters-only key. */
const SAME_MEANING: Record<string, string> = {
  creation: 'create', creating: 'create', created: 'create', creates: 'create',
  deletion: 'delete', deleting: 'delete', deleted: 'delete', deletes: 'delete',
  updating: 'update', updated: 'update', updates: 'update',
  reading: 'read', searching: 'search', searches: 'search',
  organize: 'organise', organizing: 'organise', organising: 'organise', organisation: 'organise', organization: 'organise',
};

const tidy = (v: string) => v.trim().toLowerCase().replace(/[\s_]+/g, ' ');
const letters = (v: string) => v.replace(/[^a-z0-9]+/g, '');
const canonicalByLetters = new Map(CANONICAL.map((c) => [letters(c), c]));

/** The one spelling of a facet value. */
export function normaliseFacetValue(facet: MetadataFacet | string, value: string): string {
  const t = tidy(value);
  const key = letters(t);
  const meaning = SAME_MEANING[key] ?? key;
  if (facet === 'operations') return OPERATIONS[meaning] ?? t;
  return canonicalByLetters.get(meaning) ?? (SAME_MEANING[key] ? meaning : t);
}
