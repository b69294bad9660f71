/**
 * Two values that differ only near their end (`"2026-03-26T19:00:00Z"` and `"2026-03-26T19:30:00Z"`) read better
 * with their shared start left out: `…T19:00:00Z` ≠ `…T19:30:00Z`. The cut falls just before a separator — a
 * major one (`T`, a space, `/`, `_`) when there is one in the shared start, else `-`, `:` or `.` — so a part is never
 * split, and only when the shared start is long enough to be worth it.
 */
const MIN_SHARED = 8;

function lastIndexOf(text: string, end: number, chars: RegExp): number {
  for (let i = end - 1; i >= 0; i--) if (chars.test(text[i])) return i;
  return -1;
}

export function elideShared(actual: string, expected: string): { actual: string; expected: string } {
  let n = 0;
  while (n < actual.length && n < expected.length && actual[n] === expected[n]) n++;
  if (n < MIN_SHARED || n === actual.length || n === expected.length) return { actual, expected };
  const major = lastIndexOf(actual, n, /[T /_]/);
  const cut = major >= MIN_SHARED - 1 ? major : lastIndexOf(actual, n, /[-:.]/);
  if (cut < MIN_SHARED - 1) return { actual, expected };
  return { actual: `…${actual.slice(cut)}`, expected: `…${expected.slice(cut)}` };
}
