import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuite, METADATA_FACETS, normaliseFacetValue, type Scenario } from '../../../src/scenarios/index.ts';
import { repoRoot } from '../../integration/cli/fixtures.ts';

describe('facet values: one per meaning', () => {
  it('makes spellings of one category one value', () => {
    for (const v of ['cleanup', 'clean-up', 'Clean Up', 'clean_up', ' CLEAN-UP ']) expect(normaliseFacetValue('category', v)).toBe('clean-up');
    for (const v of ['create', 'Create', 'creation', 'Creating']) expect(normaliseFacetValue('category', v)).toBe('create');
    expect(normaliseFacetValue('category', 'To Do')).toBe('to-do');
    expect(normaliseFacetValue('category', 'Time_Zones')).toBe('time zones');
    expect(normaliseFacetValue('category', 'Inbox  Triage')).toBe('inbox triage');
    expect(normaliseFacetValue('category', 'organize')).toBe('organise');
  });

  it('reads operations as Agent-Diff letters, whichever way they are written', () => {
    expect(['C', 'c', 'create', 'Create', 'creation'].map((v) => normaliseFacetValue('operations', v))).toEqual(['C', 'C', 'C', 'C', 'C']);
    expect(['R', 'read', 'U', 'updates', 'D', 'Deletion', 'search', 'Search'].map((v) => normaliseFacetValue('operations', v))).toEqual(['R', 'R', 'U', 'U', 'D', 'D', 'search', 'search']);
    expect(normaliseFacetValue('ambiguity', 'Low')).toBe('low');
  });
});

describe("the project suites' metadata", () => {
  const suites = ['slack', 'box', 'calendar', 'linear', 'mail'].map((svc) => {
    const loaded = loadSuite(readFileSync(join(repoRoot, 'scenarios', svc, 'suite.json'), 'utf8'));
    if (!loaded.ok) throw new Error(`${svc}: ${JSON.stringify(loaded.issues)}`);
    return loaded.suite;
  });
  const values = (t: Scenario, facet: (typeof METADATA_FACETS)[number]): string[] => {
    const v = t.metadata[facet];
    return v === undefined ? [] : Array.isArray(v) ? v : [v];
  };

  it('is written in its one spelling: no value a filter would merge with another', () => {
    const off: string[] = [];
    for (const suite of suites)
      for (const t of suite.tests)
        for (const facet of METADATA_FACETS) for (const v of values(t, facet)) if (normaliseFacetValue(facet, v) !== v) off.push(`${suite.id}/${t.id} ${facet}: ${v}`);
    expect(off).toEqual([]);
  });

  it('gives every scenario a value in each facet its suite uses', () => {
    const missing: string[] = [];
    for (const suite of suites) {
      const used = METADATA_FACETS.filter((f) => suite.tests.some((t) => values(t, f).length > 0));
      for (const t of suite.tests) for (const f of used) if (values(t, f).length === 0) missing.push(`${suite.id}/${t.id}: ${f}`);
    }
    expect(missing).toEqual([]);
  });

  it('uses every facet in every suite, so that a filter never hides a whole suite for want of metadata', () => {
    for (const suite of suites) expect(METADATA_FACETS.filter((f) => suite.tests.some((t) => values(t, f).length > 0)), suite.id).toEqual([...METADATA_FACETS]);
  });

  it('has no category that only repeats an operation (the Operations facet says that)', () => {
    const categories = new Set(suites.flatMap((s) => s.tests.map((t) => t.metadata.category)));
    // (Slack's `search` is an area of its API, search.messages, as well as an operation.)
    for (const op of ['create', 'read', 'update', 'delete']) expect(categories.has(op)).toBe(false);
  });
});
