/**
 * Ids a model copied from an earlier output into later code: when a recorded run is re-executed, the replica
 * makes new records with ids of its own, so a recorded id the model read in step 1's output must become the id
 * the replay printed there. The two outputs of a step are aligned — JSON walked by path where both parse,
 * otherwise line by line — and each id-like token that differs at the same place gives one substitution.
 */

/** Tokens that are ids in the four replicas: UUIDs, issue identifiers (ENG-12), long numbers, Slack ids. */
const ID_TOKEN = /\b(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Z][A-Z0-9]{1,9}-\d+|\d{6,}(?:\.\d+)?|[CUDGTFW][A-Z0-9]{8,})\b/g;

function idTokens(text: string): string[] {
  return text.match(ID_TOKEN) ?? [];
}

function isId(value: string): boolean {
  ID_TOKEN.lastIndex = 0;
  const match = ID_TOKEN.exec(value);
  ID_TOKEN.lastIndex = 0;
  return !!match && match[0] === value;
}

function addPair(map: Map<string, string>, recorded: string, replayed: string): void {
  if (recorded === replayed || map.has(recorded)) return;
  map.set(recorded, replayed);
}

function walk(recorded: unknown, replayed: unknown, map: Map<string, string>): void {
  if (typeof recorded === 'string' && typeof replayed === 'string') {
    if (isId(recorded) && isId(replayed)) addPair(map, recorded, replayed);
    else alignTokens(recorded, replayed, map);
    return;
  }
  if (Array.isArray(recorded) && Array.isArray(replayed)) {
    pairElements(recorded, replayed).forEach(([a, b]) => walk(a, b, map));
    return;
  }
  if (recorded && replayed && typeof recorded === 'object' && typeof replayed === 'object') {
    for (const key of Object.keys(recorded)) {
      if (key in (replayed as object)) walk((recorded as Record<string, unknown>)[key], (replayed as Record<string, unknown>)[key], map);
    }
  }
}

/** An object's fields that are not ids: what tells one record from another when a list's order differs. */
function signature(value: unknown): Map<string, unknown> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const fields = new Map<string, unknown>();
  for (const [key, field] of Object.entries(value)) {
    if (field === null || typeof field === 'object') continue;
    if (typeof field === 'string' && (isId(field) || idTokens(field).length)) continue;
    fields.set(key, field);
  }
  return fields;
}

/**
 * The elements of two lists that stand for the same record: by their non-id fields where the elements are
 * objects (the replica may list them in another order), else by position.
 */
function pairElements(recorded: unknown[], replayed: unknown[]): [unknown, unknown][] {
  const signatures = replayed.map(signature);
  if (signatures.every((s) => !s?.size)) return recorded.slice(0, replayed.length).map((a, i) => [a, replayed[i]]);
  const used = new Set<number>();
  const pairs: [unknown, unknown][] = [];
  for (const element of recorded) {
    const mine = signature(element);
    if (!mine?.size) continue;
    let best = -1;
    let bestScore = 0;
    signatures.forEach((theirs, i) => {
      if (used.has(i) || !theirs) return;
      let score = 0;
      for (const [key, field] of mine) if (theirs.get(key) === field) score++;
      // Every non-id field must agree: a record that changed is not the same line of output.
      if (score === mine.size && score === theirs.size && score > bestScore) {
        best = i;
        bestScore = score;
      }
    });
    if (best >= 0) {
      used.add(best);
      pairs.push([element, replayed[best]]);
    }
  }
  return pairs;
}

/** Ids at the same positions of two texts whose id tokens line up one for one. */
function alignTokens(recorded: string, replayed: string, map: Map<string, string>): void {
  const a = idTokens(recorded);
  const b = idTokens(replayed);
  if (a.length !== b.length) return;
  // The text around the ids must match too, or these are different lines that happen to hold as many ids.
  if (recorded.split(ID_TOKEN).join('\0') !== replayed.split(ID_TOKEN).join('\0')) return;
  a.forEach((token, i) => addPair(map, token, b[i]));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Pairs of (recorded id → replayed id) that one step's outputs show. Later steps' pairs never override earlier
 * ones: the first place an id appeared is where the model read it.
 */
export function alignIds(recorded: string, replayed: string, into: Map<string, string> = new Map()): Map<string, string> {
  const found = new Map<string, string>();
  collectPairs(recorded, replayed, found);
  // An id the replay printed too is a record both runs share (a seed row): it needs no substitution, and nor does
  // a replayed id that the recording shows (the pair crossed two records).
  for (const [from, to] of found) {
    if (!into.has(from) && !replayed.includes(from) && !recorded.includes(to)) into.set(from, to);
  }
  return into;
}

function collectPairs(recorded: string, replayed: string, into: Map<string, string>): void {
  const a = parseJson(recorded.trim());
  const b = parseJson(replayed.trim());
  if (a !== undefined && b !== undefined) {
    walk(a, b, into);
    return;
  }
  const left = recorded.split('\n');
  const right = replayed.split('\n');
  // Line by line; where the counts differ, lines are matched by their text with the ids blanked out, in order.
  if (left.length === right.length) {
    left.forEach((line, i) => alignTokens(line, right[i], into));
    return;
  }
  let j = 0;
  for (const line of left) {
    const shape = line.replace(ID_TOKEN, '\0');
    for (let k = j; k < right.length; k++) {
      if (right[k].replace(ID_TOKEN, '\0') === shape) {
        alignTokens(line, right[k], into);
        j = k + 1;
        break;
      }
    }
  }
}

/** The code with every mapped recorded id replaced by its replayed id (longest ids first). */
export function substituteIds(code: string, map: ReadonlyMap<string, string>): { code: string; substituted: [string, string][] } {
  const substituted: [string, string][] = [];
  let out = code;
  for (const [from, to] of [...map].sort((x, y) => y[0].length - x[0].length)) {
    if (!out.includes(from)) continue;
    out = out.split(from).join(to);
    substituted.push([from, to]);
  }
  return { code: out, substituted };
}
