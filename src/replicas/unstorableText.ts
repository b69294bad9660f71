/** Where a request's input holds text the database would not store as sent, and what it is. */
export interface Unstorable {
  /** The dotted path of the value or key (`text`, `variables.id`, `attendees.0.email`). */
  path: string;
  /** What it holds, for the answer: `the NUL character (U+0000)`. */
  character: string;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What in one string would not be stored as sent: NUL, which PostgreSQL cannot hold in `text` or `jsonb`; a lone
 * surrogate, which has no UTF-8 form (it would be stored as U+FFFD); and a leading U+FEFF, which the database
 * keeps but reading the row back drops (a UTF-8 decoder takes it for a byte order mark), so that the answer and
 * the stored row would differ.
 */
function unstorable(text: string, leading: boolean): string | null {
  if (text.includes('\0')) return 'the NUL character (U+0000)';
  const lone = LONE_SURROGATE.exec(text);
  if (lone) return `a lone surrogate (U+${lone[0].charCodeAt(0).toString(16).toUpperCase()})`;
  if (leading && text.charCodeAt(0) === 0xfeff) return 'a leading U+FEFF (byte order mark)';
  return null;
}

/**
 * The first value or key of a request's input that would not be stored as sent, or null. Walks plain objects and
 * arrays without recursion, so depth costs no stack; uploaded bytes (typed arrays, Blobs) are data and are not
 * looked into. Keys are stored inside JSON text, never at the start of a value, so a leading U+FEFF in a key is kept.
 */
export function findUnstorable(input: Record<string, unknown>): Unstorable | null {
  const found = (path: string, character: string | null) => (character === null ? null : { path, character });
  for (const key of Object.keys(input)) {
    const at = found(key, unstorable(key, false));
    if (at) return at;
  }
  const stack: [unknown, string][] = Object.entries(input).reverse().map(([k, v]) => [v, k]);
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const at = found(path, unstorable(value, true));
      if (at) return at;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${path}.${i}`]);
    } else if (value !== null && typeof value === 'object' && isPlain(value)) {
      const entries = Object.entries(value);
      for (const [k] of entries) {
        const at = found(`${path}.${k}`, unstorable(k, false));
        if (at) return at;
      }
      for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i][1], `${path}.${entries[i][0]}`]);
    }
  }
  return null;
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
