import type { Scenario } from '../../scenarios/index.ts';
import type { FacetName } from '../stores/filters.ts';
import { isTermId, type TermId } from './glossary.ts';

export interface ChipView {
  label: string;
  term: TermId;
  className?: string;
  /** What this chip's value is in detail (the glossary says what the chip means). */
  detail?: string;
}

const opNames: Record<string, string> = { C: 'create', R: 'read', U: 'update', D: 'delete', search: 'search' };

/** The id of a facet value's own entry, or the facet's entry when the value has none (a category is free text). */
export function valueTerm(facet: TermId, value: string): TermId {
  const id = `${facet}:${value}`;
  return isTermId(id) ? id : facet;
}

/** The glossary entry of each filter facet (its values are `facet:value` entries where they have one). */
export const facetTerm: Record<FacetName, TermId> = {
  suite: 'suite',
  service: 'service',
  span: 'services-spanned',
  operations: 'operations',
  ambiguity: 'ambiguity',
  information_availability: 'information-availability',
  entity_scope: 'entity-scope',
  category: 'category',
  difficulty: 'difficulty',
};

/** The chips of a scenario's prompt: its services, metadata, seed, acting user and verdict rule. */
export function scenarioChips(s: Pick<Scenario, 'services' | 'metadata' | 'seed' | 'actingUserId' | 'actingUsers' | 'closedWorld'>): ChipView[] {
  const m = s.metadata;
  return [
    ...s.services.map((svc) => ({ label: svc, term: valueTerm('service', svc), className: 'chip-service' })),
    ...(s.services.length > 1 ? [{ label: `${s.services.length} services`, term: 'services-spanned' as const }] : []),
    ...(m.horizon !== undefined ? [{ label: `horizon ${m.horizon}`, term: 'horizon' as const }] : []),
    ...(m.operations?.length ? [{ label: m.operations.map((o) => opNames[o] ?? o).join(' + '), term: 'operations' as const }] : []),
    ...(m.entity_scope ? [{ label: `${m.entity_scope} entity`, term: valueTerm('entity-scope', m.entity_scope) }] : []),
    ...(m.information_availability ? [{ label: `${m.information_availability} info`, term: valueTerm('information-availability', m.information_availability) }] : []),
    ...(m.ambiguity ? [{ label: `${m.ambiguity} ambiguity`, term: valueTerm('ambiguity', m.ambiguity) }] : []),
    ...(m.category ? [{ label: m.category, term: 'category' as const }] : []),
    ...(m.difficulty ? [{ label: m.difficulty, term: valueTerm('difficulty', m.difficulty), className: `difficulty-${m.difficulty}` }] : []),
    { label: `seed ${s.seed}`, term: 'seed', className: 'chip-quiet' },
    ...(s.actingUserId ? [{ label: `as ${s.actingUserId}`, term: 'acting-user' as const, className: 'chip-quiet' }] : []),
    ...(s.actingUsers && Object.keys(s.actingUsers).length ? [actingPerson(s.actingUsers)] : []),
    { label: s.closedWorld ? 'closed world' : 'open world', term: s.closedWorld ? 'closed-world' : 'open-world', className: 'chip-quiet' },
  ];
}

/** One person with an id in each service: named by the most readable of them (a mailbox or an address). */
function actingPerson(ids: Record<string, string>): ChipView {
  const name = ids.mail ?? ids.calendar ?? Object.values(ids)[0];
  return {
    label: `as ${name.split('@')[0]}`,
    term: 'acting-user',
    className: 'chip-quiet',
    detail: `Acting user, by service: ${Object.entries(ids).map(([svc, id]) => `${svc} ${id}`).join(', ')}`,
  };
}

/** The fault names of a plan's text form (`rate-limit=3/1,5xx=4` → rate-limit, 5xx), as the glossary knows them. */
export function faultNamesOf(text: string): string[] {
  return text
    .split(',')
    .map((p) => p.split('=')[0].trim())
    .filter(Boolean);
}

/** The entry of a code action's kind: its language, or a tool call. */
export function actionTerm(kind: 'js' | 'bash' | 'python' | 'curl' | 'tool'): TermId {
  return kind === 'tool' ? 'action:tool' : kind === 'curl' ? 'action:curl' : kind === 'js' ? 'lang:javascript' : kind === 'bash' ? 'lang:bash' : 'lang:python';
}
