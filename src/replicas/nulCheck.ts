/**
 * Where a request's input holds a NUL character (U+0000), which PostgreSQL cannot store in `text` or `jsonb`: the
 * dotted path of the first such value or key (`message`, `variables.id`, `attendees.0.email`), or null. Walks plain
 * objects and arrays without recursion, so depth costs no stack; uploaded bytes (typed arrays, Blobs) are data and
 * are not looked into.
 */
export function findNul(input: Record<string, unknown>): string | null {
  const stack: [unknown, string][] = Object.entries(input).reverse().map(([k, v]) => [v, k]);
  for (const key of Object.keys(input)) if (key.includes('\0')) return key;
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0')) return path;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${path}.${i}`]);
    } else if (value !== null && typeof value === 'object' && isPlain(value)) {
      const entries = Object.entries(value);
      for (const [k] of entries) if (k.includes('\0')) return `${path}.${k}`;
      for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i][1], `${path}.${entries[i][0]}`]);
    }
  }
  return null;
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
