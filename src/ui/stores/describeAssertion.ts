import type { Assertion, Condition } from '../../evaluation/index.ts';

const verbs: Record<Assertion['diff_type'], string> = { added: 'added', removed: 'removed', changed: 'changed' };

function condition(c: Condition | undefined): string {
  if (c === undefined) return '';
  if (c === null || typeof c !== 'object') return `= ${JSON.stringify(c)}`;
  const [op, v] = Object.entries(c)[0] ?? ['?', undefined];
  return `${op === 'eq' ? '=' : op === 'ne' ? '≠' : op.replace(/_/g, ' ')} ${JSON.stringify(v)}`;
}

function count(a: Assertion): string {
  const c = a.expected_count;
  if (c === undefined) return '';
  if (typeof c === 'number') return ` ×${c}`;
  if (c.min !== undefined && c.max !== undefined) return ` ×${c.min}–${c.max}`;
  return c.min !== undefined ? ` ×≥${c.min}` : ` ×≤${c.max}`;
}

/** A one-line reading of an assertion, for when its author gave no description. */
export function describeAssertion(a: Assertion): string {
  const where = Object.entries(a.where ?? {}).map(([k, v]) => `${k} ${condition(v)}`);
  const changes = Object.entries(a.expected_changes ?? {}).map(([k, v]) => {
    if (v === null || typeof v !== 'object' || !('from' in v || 'to' in v)) return `${k} → ${condition(v as Condition)}`;
    const e = v as { from?: Condition; to?: Condition };
    return `${k}${e.from !== undefined ? ` from ${condition(e.from)}` : ''}${e.to !== undefined ? ` to ${condition(e.to)}` : ''}`;
  });
  return [`${verbs[a.diff_type]} ${a.entity}${count(a)}`, where.length ? `where ${where.join(', ')}` : '', changes.length ? `: ${changes.join(', ')}` : '']
    .filter(Boolean)
    .join(' ');
}
