import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { glossary, glossaryEntry, termDescriptionId } from '../../../src/ui/glossary/glossary.ts';
import { facetTerm, scenarioChips, valueTerm } from '../../../src/ui/glossary/scenarioChips.ts';
import { loadProjectCatalog } from '../../../src/ui/projectCatalog.ts';
import { failureLabels } from '../../../src/agent/failures.ts';
import { emptyFilters, facetOptions, type FacetName } from '../../../src/ui/stores/filters.ts';

const uiRoot = join(import.meta.dirname, '../../../src/ui');

/** The classes that make an element a chip or badge on the page (containers such as `chips` are not chips). */
const chipClasses = new Set(['chip', 'badge', 'verdict-pill', 'format-badge', 'tag-assertion']);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? tsxFiles(join(dir, d.name)) : d.name.endsWith('.tsx') ? [join(dir, d.name)] : []));
}

interface RenderedChip {
  where: string;
  classes: string;
  /** `term="…"` on a Chip, a `termProps(…)` spread, or null when the element says nothing of its meaning. */
  term: string | null;
}

/**
 * Every element the UI's TSX renders with a chip class, read from the source (TypeScript's parser), with how it names
 * its glossary entry. This is the list the test checks: a new chip anywhere in src/ui joins it by itself.
 */
function renderedChips(): RenderedChip[] {
  const out: RenderedChip[] = [];
  for (const file of tsxFiles(uiRoot)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const visit = (node: ts.Node) => {
      if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
        let classes = '';
        let term: string | null = null;
        for (const attr of node.attributes.properties) {
          if (ts.isJsxAttribute(attr) && attr.name.getText(source) === 'className' && attr.initializer) classes = attr.initializer.getText(source);
          if (ts.isJsxAttribute(attr) && attr.name.getText(source) === 'term' && attr.initializer) term = attr.initializer.getText(source);
          if (ts.isJsxSpreadAttribute(attr) && ts.isCallExpression(attr.expression) && attr.expression.expression.getText(source) === 'termProps') term = attr.expression.arguments[0].getText(source);
        }
        const tokens = classes.match(/[\w-]+/g) ?? [];
        if (tokens.some((t) => chipClasses.has(t))) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          out.push({ where: `${relative(uiRoot, file)}:${line + 1}`, classes, term });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

describe('the glossary', () => {
  it('has an entry for every chip and badge the page renders', () => {
    const chips = renderedChips();
    // The scan finds the chips it should (the scenario chips, verdict pills, diff badges, facet toggles…).
    expect(chips.length).toBeGreaterThan(15);
    const silent = chips.filter((c) => c.term === null).map((c) => `${c.where} ${c.classes}`);
    expect(silent, 'chips that do not name a glossary entry (use <Chip term=…> or termProps(…))').toEqual([]);
    // Literal ids must be entries (TypeScript checks TermId too; this catches a cast).
    for (const c of chips) {
      const literal = c.term?.match(/^\{?['"]([^'"]+)['"]\}?$/);
      if (literal) expect(glossaryEntry(literal[1]), `${c.where}: ${literal[1]}`).toBeDefined();
    }
  });

  it("gives each of the project scenarios' chips, and each value the filters offer, an entry of its own", () => {
    const { suites } = loadProjectCatalog();
    const entries = suites.flatMap((s) => s.entries);
    expect(entries.length).toBeGreaterThan(20);
    for (const e of entries) for (const c of scenarioChips(e.scenario)) expect(glossaryEntry(c.term), `${e.key}: ${c.label}`).toBeDefined();
    // Facets with a closed set of values explain each value, not only the facet (category and suite are free text).
    const closed: FacetName[] = ['service', 'operations', 'ambiguity', 'information_availability', 'entity_scope', 'difficulty'];
    const options = facetOptions(entries, emptyFilters);
    for (const facet of closed) {
      expect(options[facet]?.length, facet).toBeGreaterThan(0);
      for (const o of options[facet] ?? []) {
        expect(valueTerm(facetTerm[facet], o.value), `${facet}=${o.value}`).toBe(`${facetTerm[facet]}:${o.value}`);
      }
    }
  });

  it('explains each failure class the results show, under the name they show it by', () => {
    for (const [k, label] of Object.entries(failureLabels)) {
      const e = glossaryEntry(`failure:${k}`);
      expect(e, k).toBeDefined();
      expect(label.startsWith(e!.term), `${k}: “${label}” / “${e!.term}”`).toBe(true);
    }
    expect(Object.keys(glossary).filter((id) => id.startsWith('failure:')).length).toBe(Object.keys(failureLabels).length);
  });

  it('names the element that holds each description with a valid, distinct id', () => {
    const ids = Object.keys(glossary).map(termDescriptionId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^glossary-[\w-]+$/);
  });
});
