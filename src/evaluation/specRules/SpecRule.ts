/** What every spec rule gets: the spec (an object) and a way to report a bad field by its JSON path. */
export interface SpecRuleContext {
  report(path: string, message: string): void;
}

export type SpecRule = (spec: Record<string, unknown>, context: SpecRuleContext) => void;

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `$.where.channel_id`, or `$.where["start.dateTime"]` for keys that are not identifiers. */
export function keyPath(base: string, key: string): string {
  return IDENTIFIER.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
}

export function indexPath(base: string, index: number): string {
  return `${base}[${index}]`;
}

/** A value's JSON type, as messages name it. */
export function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** Calls `visit` for each assertion that is an object; other shapes are `assertionListRule`'s to report. */
export function forEachAssertion(
  spec: Record<string, unknown>,
  visit: (assertion: Record<string, unknown>, path: string, index: number) => void,
): void {
  if (!Array.isArray(spec.assertions)) return;
  spec.assertions.forEach((a, i) => {
    if (isRecord(a)) visit(a, indexPath('$.assertions', i), i);
  });
}

export function reportUnknownKeys(
  value: Record<string, unknown>,
  known: readonly string[],
  path: string,
  context: SpecRuleContext,
  hint = '',
): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      context.report(keyPath(path, key), `unknown field "${key}"; expected one of: ${known.join(', ')}${hint}`);
    }
  }
}

/** The closest known name within two edits, for "did you mean" hints. */
export function closest(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const c of candidates) {
    const d = editDistance(name, c);
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}
