/**
 * Assertions read as people read them: a condition (`= "C07RANDOM"`, `contains "launch"`, `in ["a", "b"]`), a
 * count (`exactly 1`), an expected change (`from "open" to "done"`) and a value (long text cut). The page and the
 * command line show failures with these, so they live beside the DSL.
 */
import { isDict } from './python.ts';
import type { Assertion, AssertionSpec, ChangeExpectation, Condition, ExpectedCount } from './spec.ts';

const MAX_VALUE_CHARS = 80;

/** A value as JSON text, strings quoted; long text is cut at the end (`…`). */
export function formatValue(v: unknown, max = MAX_VALUE_CHARS): string {
  if (v === undefined) return 'null';
  let text: string;
  try {
    text = JSON.stringify(v) ?? String(v);
  } catch {
    text = String(v);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const SYMBOL: Record<string, string> = { ne: '≠', gt: '>', gte: '≥', lt: '<', lte: '≤', not_eq: '≠' };
const WORDS: Record<string, string> = {
  contains: 'contains',
  not_contains: 'does not contain',
  i_contains: 'contains (any case)',
  starts_with: 'starts with',
  ends_with: 'ends with',
  i_starts_with: 'starts with (any case)',
  i_ends_with: 'ends with (any case)',
  regex: 'matches',
  in: 'in',
  not_in: 'not in',
  has_any: 'has any of',
  has_all: 'has all of',
};

/** One operator and its operand: `= 3` is written `3`; the rest keep a word or symbol. */
function describeOperator(op: string, operand: unknown): string {
  if (op === 'eq') return formatValue(operand);
  if (op === 'exists') return operand ? 'exists (not null)' : 'is null';
  if (op === 'regex' && typeof operand === 'string') return `matches /${operand}/`;
  const symbol = SYMBOL[op];
  if (symbol) return `${symbol} ${formatValue(operand)}`;
  return `${WORDS[op] ?? op.replace(/_/g, ' ')} ${formatValue(operand)}`;
}

/** A field condition as written in the spec: a bare value means equality, an object its operators (all must hold). */
export function describeCondition(c: Condition | unknown): string {
  if (!isDict(c)) return formatValue(c);
  const ops = Object.keys(c);
  if (ops.length === 0) return 'anything';
  return ops.map((op) => describeOperator(op, c[op])).join(' and ');
}

/** Whether a condition is plain equality (then "actual ≠ expected" reads right). */
export function isEquality(c: Condition | unknown): boolean {
  return !isDict(c) || (Object.keys(c).length === 1 && 'eq' in c);
}

/** `exactly 1`, `at least 2`, `between 1 and 3`; no count means at least one. */
export function describeCount(c: ExpectedCount | undefined | unknown): string {
  if (c === undefined || c === null) return 'at least 1';
  if (typeof c === 'number' || typeof c === 'boolean') return `exactly ${Number(c)}`;
  if (isDict(c)) {
    const { min, max } = c as { min?: number; max?: number };
    if (min !== undefined && max !== undefined) return min === max ? `exactly ${min}` : `between ${min} and ${max}`;
    if (min !== undefined) return `at least ${min}`;
    if (max !== undefined) return `at most ${max}`;
    return 'any number';
  }
  return formatValue(c);
}

/** An expected change: `from "open" to "done"`; a bare value means `to`. */
export function describeChange(e: ChangeExpectation | unknown): string {
  if (!isDict(e) || !('from' in e || 'to' in e)) return `to ${describeCondition(e)}`;
  const parts: string[] = [];
  if ('from' in e) parts.push(`from ${describeCondition(e.from)}`);
  if ('to' in e) parts.push(`to ${describeCondition(e.to)}`);
  return parts.join(' ');
}

const VERB: Record<string, string> = { added: 'added', removed: 'removed', changed: 'changed' };

/** A one-line reading of an assertion: `added messages ×1 where channel_id = "C07RANDOM": …`. */
export function describeAssertion(a: Assertion): string {
  const where = Object.entries(a.where ?? {}).map(([k, v]) => `${k} ${isEquality(v) ? '= ' : ''}${describeCondition(v)}`);
  const changes = Object.entries(a.expected_changes ?? {}).map(([k, v]) => `${k} ${describeChange(v)}`);
  const count = a.expected_count === undefined ? '' : ` (${describeCount(a.expected_count)})`;
  return [`${VERB[a.diff_type] ?? a.diff_type} ${a.entity}${count}`, where.length ? `where ${where.join(', ')}` : '', changes.length ? `: ${changes.join(', ')}` : '']
    .filter(Boolean)
    .join(' ');
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const numberWord = (n: number) => NUMBER_WORDS[n] ?? String(n);

/** How many rows, in words, and whether the noun is plural: `one`, `no`, `at least one`, `between 1 and 3`. */
function countWords(c: ExpectedCount | undefined | unknown): { words: string; plural: boolean } {
  if (c === undefined || c === null) return { words: 'at least one', plural: false };
  if (typeof c === 'number' || typeof c === 'boolean') return { words: numberWord(Number(c)), plural: Number(c) !== 1 };
  if (isDict(c)) {
    const { min, max } = c as { min?: number; max?: number };
    if (min !== undefined && max !== undefined) return min === max ? countWords(min) : { words: `between ${min} and ${max}`, plural: true };
    if (min !== undefined) return { words: `at least ${numberWord(min)}`, plural: min !== 1 };
    if (max !== undefined) return { words: `at most ${numberWord(max)}`, plural: true };
  }
  return { words: 'some', plural: true };
}

/** A where condition as a clause: `channel_id is "C07RANDOM"`, `name contains "Q1"`. */
function whereClause(field: string, c: Condition | unknown): string {
  return `${field} ${isEquality(c) ? 'is ' : ''}${describeCondition(c)}`;
}

/** A value a change goes from or to: `"done"`, `null`, `a value`, `a value that starts with "fld_"`. */
function changeValue(c: Condition | unknown): string {
  if (isEquality(c)) return describeCondition(c);
  if (isDict(c) && Object.keys(c).length === 1 && 'exists' in c) return c.exists ? 'a value' : 'null';
  return `a value that ${describeCondition(c)}`;
}

/** An expected change as a clause: `status from "open" to "done"`, `folder_id set to a value that starts with "fld_"`. */
function changeClause(field: string, e: ChangeExpectation | unknown): string {
  if (!isDict(e) || !('from' in e || 'to' in e)) return `${field} set to ${changeValue(e)}`;
  if ('from' in e && 'to' in e) return `${field} changed from ${changeValue(e.from)} to ${changeValue(e.to)}`;
  return 'from' in e ? `${field} changed from ${changeValue(e.from)}` : `${field} set to ${changeValue(e.to)}`;
}

/** One assertion as what the task needs: `one new row in messages where channel_id is "C07RANDOM"`. */
export function describeNeed(a: Assertion): string {
  const { words, plural } = countWords(a.expected_count);
  const rows = plural ? 'rows' : 'row';
  const noun =
    a.diff_type === 'added' ? `${words} new ${rows} in ${a.entity}` : a.diff_type === 'removed' ? `${words} ${rows} removed from ${a.entity}` : `${words} changed ${rows} in ${a.entity}`;
  const where = Object.entries(a.where ?? {}).map(([k, v]) => whereClause(k, v));
  const changes = Object.entries(a.expected_changes ?? {}).map(([k, v]) => changeClause(k, v));
  return `${noun}${where.length ? ` where ${where.join(' and ')}` : ''}${changes.length ? `: ${changes.join(', ')}` : ''}`;
}

/** At most this many needs are spelled out; the rest are counted. */
const MAX_NEEDS = 3;

/**
 * What a task needs, generated from its assertions, for a run that changed nothing yet: `this task needs one new row in
 * messages where channel_id is "C07RANDOM"; and no row removed from channels`. Assertions that an unchanged state
 * already satisfies (expecting no rows) come last, as what must not happen.
 */
export function describeNeeds(spec: Pick<AssertionSpec, 'assertions'>, options: { answerChecks?: number } = {}): string {
  const isNone = (a: Assertion) => {
    const c = a.expected_count;
    return c === 0 || (isDict(c) && (c as { max?: number }).max === 0);
  };
  const wanted = spec.assertions.filter((a) => !isNone(a));
  const forbidden = spec.assertions.filter(isNone);
  const parts = wanted.slice(0, MAX_NEEDS).map(describeNeed);
  if (wanted.length > MAX_NEEDS) parts.push(`${wanted.length - MAX_NEEDS} more change${wanted.length - MAX_NEEDS === 1 ? '' : 's'} (see the assertions)`);
  const answer = options.answerChecks ? `an answer that passes ${options.answerChecks === 1 ? 'its answer check' : `its ${options.answerChecks} answer checks`}` : '';
  if (answer) parts.push(answer);
  if (!parts.length) {
    return forbidden.length ? `this task is met by leaving things as they are: it needs ${forbidden.map(describeNeed).join('; and ')}` : 'this task has no assertions: any state passes';
  }
  const must = forbidden.length ? `, and ${forbidden.length === 1 ? describeNeed(forbidden[0]) : `${forbidden.length} things not to happen`}` : '';
  return `this task needs ${parts.join('; ')}${must}`;
}
