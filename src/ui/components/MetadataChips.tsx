import type { CatalogEntry } from '../stores/catalogTypes.ts';

const opNames: Record<string, string> = { C: 'create', R: 'read', U: 'update', D: 'delete', search: 'search' };

export function MetadataChips({ entry }: { entry: CatalogEntry }) {
  const s = entry.scenario;
  const m = s.metadata;
  const chips: { label: string; title: string; className?: string }[] = [
    ...s.services.map((svc) => ({ label: svc, title: 'Service', className: 'chip-service' })),
    ...(m.horizon !== undefined ? [{ label: `horizon ${m.horizon}`, title: 'Calls a solution needs' }] : []),
    ...(m.operations?.length ? [{ label: m.operations.map((o) => opNames[o] ?? o).join(' + '), title: 'Operations' }] : []),
    ...(m.entity_scope ? [{ label: `${m.entity_scope} entity`, title: 'Entity scope' }] : []),
    ...(m.information_availability ? [{ label: `${m.information_availability} info`, title: 'Information availability' }] : []),
    ...(m.ambiguity ? [{ label: `${m.ambiguity} ambiguity`, title: 'Prompt ambiguity' }] : []),
    ...(m.category ? [{ label: m.category, title: 'Category' }] : []),
    ...(m.difficulty ? [{ label: m.difficulty, title: 'Difficulty', className: `difficulty-${m.difficulty}` }] : []),
    { label: `seed ${s.seed}`, title: 'Seed (initial database state)', className: 'chip-quiet' },
    ...(s.actingUserId ? [{ label: `as ${s.actingUserId}`, title: 'Acting user', className: 'chip-quiet' }] : []),
    ...(s.actingUsers && Object.keys(s.actingUsers).length ? [actingPerson(s.actingUsers)] : []),
    { label: s.closedWorld ? 'closed world' : 'open world', title: s.closedWorld ? 'Every change must be explained by an assertion' : 'Changes no assertion mentions are reported, not failed', className: 'chip-quiet' },
  ];
  return (
    <ul className="chips metadata-chips" aria-label="Scenario metadata">
      {chips.map((c, i) => (
        <li key={i} className={`chip ${c.className ?? ''}`} title={c.title}>
          {c.label}
        </li>
      ))}
    </ul>
  );
}

/** One person with an id in each service: named by the most readable of them (a mailbox or an address). */
function actingPerson(ids: Record<string, string>): { label: string; title: string; className: string } {
  const name = ids.mail ?? ids.calendar ?? Object.values(ids)[0];
  return {
    label: `as ${name.split('@')[0]}`,
    title: `Acting user, by service: ${Object.entries(ids).map(([svc, id]) => `${svc} ${id}`).join(', ')}`,
    className: 'chip-quiet',
  };
}
