/**
 * Lint of how assertions are written, read from the spec alone: **brittle** ones fail a correct run for wording
 * (exact equality on free text, such as a message body: any rewording breaks it), **loose** ones pass runs they should
 * not (no condition at all, a `contains` of one or two characters, a pattern that matches anything). The mutants of
 * `lint.ts` catch looseness against the reference's diff; these catch what a mutant cannot show.
 */
import { compilePythonRegex, isEquality, type Assertion } from '../evaluation/index.ts';

/** Columns whose values are prose: a message's text, a body, a description, a comment, notes. */
const FREE_TEXT_COLUMN = /(^|_)(text|body|content|description|comment|comments|note|notes|message|summary|snippet|markdown|html|bio|purpose|topic)($|_)|Body$|Text$|Description$/;
/** Text of a prose column is free text from this many words (`done` or `Q1 plan` are values, not prose). */
const PROSE_WORDS = 3;
/** A `contains` shorter than this matches nearly anything. */
const MIN_CONTAINS = 3;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const words = (s: string) => s.trim().split(/\s+/).filter(Boolean).length;

function equalsOperand(condition: unknown): unknown[] {
  if (!isRecord(condition)) return [condition];
  if (isEquality(condition)) return [condition.eq];
  return Array.isArray(condition.in) ? condition.in : [];
}

const squash = (s: string) => s.replace(/[\s\u00a0]+/g, ' ').replace(/[‘’]/g, "'").replace(/[“”]/g, '"').trim().toLowerCase();

/**
 * Exact prose a free-text column is compared with (by `eq`, a bare value or `in`). Not when the prompt gives that very
 * text: then the task asks for it word for word.
 */
function brittleText(field: string, condition: unknown, prompt: string): string | undefined {
  const column = field.split('.').pop() ?? field;
  if (!FREE_TEXT_COLUMN.test(column)) return undefined;
  const asked = squash(prompt);
  return equalsOperand(condition).find((v): v is string => typeof v === 'string' && words(v) >= PROSE_WORDS && !asked.includes(squash(v)));
}

/** Strings unlike each other: a pattern that matches all of them matches anything. */
const ANY_TEXT = ['', 'a', 'Zz 9 !', '2025-11-05T10:00:00Z', 'the quick brown fox\njumps'];

function looseCondition(condition: unknown): string | undefined {
  if (!isRecord(condition)) return undefined;
  for (const op of ['contains', 'i_contains', 'not_contains'] as const) {
    const v = condition[op];
    if (typeof v === 'string' && op !== 'not_contains' && v.trim().length < MIN_CONTAINS) return `${op} ${JSON.stringify(v)} matches nearly any text`;
  }
  if (typeof condition.regex === 'string') {
    const re = compilePythonRegex(condition.regex);
    // Its own words are probed too: `^(?!lunch)` rules out text that starts with "lunch", so it is not loose.
    const own = condition.regex.replace(/\\[a-zA-Z]|[^A-Za-z0-9 ]+/g, '');
    if (re && [...ANY_TEXT, own].every((t) => re.test(t))) return `regex ${JSON.stringify(condition.regex)} matches any text`;
  }
  return undefined;
}

const cut = (s: string) => (s.length > 48 ? `${s.slice(0, 47)}…` : s);

/**
 * One warning per brittle or loose condition, each naming the assertion and field (`assertions[2].where.text`).
 * `prompt` is the scenario's: exact text it spells out is what the task asks for, not brittle.
 */
export function assertionStyleWarnings(assertions: readonly Assertion[], prompt = ''): string[] {
  const out: string[] = [];
  assertions.forEach((a, i) => {
    if (!isRecord(a)) return;
    const at = `assertions[${i}]${typeof a.description === 'string' ? ` [${a.description}]` : ''}`;
    const where = isRecord(a.where) ? a.where : {};
    const changes = isRecord(a.expected_changes) ? a.expected_changes : {};
    const forbids = a.expected_count === 0 || (isRecord(a.expected_count) && a.expected_count.max === 0);
    if (Object.keys(where).length === 0 && a.expected_count === undefined && Object.keys(changes).length === 0 && !forbids) {
      out.push(`${at} is loose: no where, no expected_count, no expected_changes — any ${a.diff_type} ${a.entity} row passes it`);
    }
    const conditions: [string, unknown][] = [
      ...Object.entries(where).map(([f, c]): [string, unknown] => [`where.${f}`, c]),
      ...Object.entries(changes).flatMap(([f, c]): [string, unknown][] =>
        isRecord(c) && ('from' in c || 'to' in c) ? (['from', 'to'] as const).filter((k) => k in c).map((k): [string, unknown] => [`expected_changes.${f}.${k}`, c[k]]) : [[`expected_changes.${f}`, c]],
      ),
    ];
    for (const [path, condition] of conditions) {
      const field = path.split('.')[1];
      // Forbidding exact text is not brittle: it only fails when that very text appears.
      const text = forbids ? undefined : brittleText(field, condition, prompt);
      if (text !== undefined) {
        out.push(`${at}.${path} is brittle: exact text ("${cut(text)}") fails any rewording; match the words that matter (contains, i_contains, regex)`);
      }
      const loose = looseCondition(condition);
      if (loose) out.push(`${at}.${path} is loose: ${loose}`);
    }
  });
  return out;
}
