/**
 * Every literal value an assertion compares a column with: a bare value, or the operand of eq, ne, in, not_in (and
 * from/to of an expected change). The suite tests use it to check that the ids a suite names exist in its seed.
 */
export function idValues(where: Record<string, unknown>, column: string): string[] {
  const p = where[column];
  if (p === undefined) return [];
  if (typeof p === 'string') return [p];
  const op = p as Record<string, unknown>;
  const v = op.eq ?? op.ne ?? op.in ?? op.not_in ?? op.from ?? op.to;
  return (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is string => typeof x === 'string');
}
