import { describe, expect, it } from 'vitest';
import { activeFilterCount, emptyFilters, facetOptions, filterEntries, horizonBounds } from '../../../src/ui/stores/filters.ts';
import { loadedSuite, scenario } from './fixtures.ts';

const entries = [
  ...loadedSuite('a', [
    scenario('post', { title: 'Post hello', metadata: { horizon: 2, operations: ['C', 'R'], ambiguity: 'low', difficulty: 'easy' } }),
    scenario('topic', { title: 'Set the topic', metadata: { horizon: 4, operations: ['U'], ambiguity: 'high', difficulty: 'hard' } }),
  ]).entries,
  ...loadedSuite('b', [scenario('archive', { title: 'Archive old channels', prompt: 'archive #random', metadata: { horizon: 6, operations: ['U', 'R'] } })]).entries,
];

const ids = (f = emptyFilters) => filterEntries(entries, f).map((e) => e.scenario.id);

describe('scenario filters', () => {
  it('matches every word of the query against title, prompt and id', () => {
    expect(ids({ ...emptyFilters, query: 'topic' })).toEqual(['topic']);
    expect(ids({ ...emptyFilters, query: 'ARCHIVE random' })).toEqual(['archive']);
    expect(ids({ ...emptyFilters, query: 'hello nothing' })).toEqual([]);
  });

  it('ORs values within a facet and ANDs facets', () => {
    expect(ids({ ...emptyFilters, facets: { operations: ['C', 'U'] } })).toEqual(['post', 'topic', 'archive']);
    expect(ids({ ...emptyFilters, facets: { operations: ['U'], suite: ['Suite a'] } })).toEqual(['topic']);
    expect(ids({ ...emptyFilters, facets: { difficulty: ['easy'] } })).toEqual(['post']);
  });

  it('filters on the number of services a scenario spans', () => {
    const cross = [...entries, ...loadedSuite('c', [scenario('handover', { title: 'Hand over', services: ['slack', 'box', 'linear'] })]).entries];
    expect(filterEntries(cross, { ...emptyFilters, facets: { span: ['3 services'] } }).map((e) => e.scenario.id)).toEqual(['handover']);
    expect(facetOptions(cross, emptyFilters).span).toEqual([
      { value: '1 service', count: 3 },
      { value: '3 services', count: 1 },
    ]);
  });

  it('filters on a horizon range and leaves out scenarios without a horizon', () => {
    expect(ids({ ...emptyFilters, horizon: { min: 3, max: null } })).toEqual(['topic', 'archive']);
    expect(ids({ ...emptyFilters, horizon: { min: null, max: 4 } })).toEqual(['post', 'topic']);
    expect(horizonBounds(entries)).toEqual({ min: 2, max: 6 });
  });

  it('counts each facet value against the other filters only', () => {
    const options = facetOptions(entries, { ...emptyFilters, facets: { suite: ['Suite a'], operations: ['U'] } });
    // Operations are counted within suite a, ignoring the operations filter itself.
    expect(options.operations).toEqual([
      { value: 'C', count: 1 },
      { value: 'R', count: 1 },
      { value: 'U', count: 1 },
    ]);
    // Suites are counted among scenarios with a U.
    expect(options.suite).toEqual([
      { value: 'Suite a', count: 1 },
      { value: 'Suite b', count: 1 },
    ]);
    expect(options.category).toBeUndefined();
    expect(activeFilterCount({ ...emptyFilters, facets: { suite: ['Suite a'], operations: [] }, horizon: { min: 1, max: null } })).toBe(2);
  });
});
