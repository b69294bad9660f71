import type { CompiledAssertion, CountRule, RowKind } from './compileSpec.ts';
import type { DiffView, RowRef } from './diffView.ts';
import type { NearestRows } from './nearest.ts';
import type { Assertion } from './spec.ts';

export interface AssertionResult {
  /** Index into `spec.assertions`. */
  index: number;
  assertion: Assertion;
  passed: boolean;
  /** One line: what was expected and found, or which row broke the assertion. */
  reason: string;
  /** The rows the assertion counted. */
  matched: RowRef[];
  /** A failed assertion's nearest rows, when the evaluation was asked for them (`EvaluateOptions.nearest`). */
  nearest?: NearestRows;
}

export interface AssertionOutcome {
  result: AssertionResult;
  /** Rows of the assertion's entity and part of the diff whose `where` holds (before or after, for changed). */
  selected: number[];
}

const DIFF_TYPE: Record<RowKind, string> = { insert: 'added', update: 'changed', delete: 'removed' };

/** One assertion against the diff, as Agent-Diff's AssertionEngine.evaluate judges it. */
export function evaluateAssertion(a: CompiledAssertion, strict: boolean, view: DiffView): AssertionOutcome {
  if (a.kind === undefined) {
    const dt = (a.source as { diff_type?: unknown } | undefined)?.diff_type;
    return fail(a, `unknown diff_type ${JSON.stringify(dt) ?? 'undefined'}`);
  }
  const kind = a.kind;
  const selected: number[] = [];
  const matched: number[] = [];
  // A selected changed row that changes more than expected fails the assertion outright, whatever the count.
  const strictBreaches: { row: number; extra: string[] }[] = [];
  let nearMiss: string | undefined;
  for (const i of view.candidates(kind, a.table, a.service)) {
    if (kind !== 'update') {
      if (whereHolds(a, view.row(kind, i), view, kind, i)) {
        selected.push(i);
        matched.push(i);
      }
      continue;
    }
    if (!whereHolds(a, view.after(i), view, kind, i) && !whereHolds(a, view.before(i), view, kind, i)) continue;
    selected.push(i);
    const changed = view.changedFields(i, a.ignore);
    if (strict) {
      const extra = changed.filter((f) => !a.expectedFields.has(f));
      if (extra.length > 0) {
        strictBreaches.push({ row: i, extra });
        continue;
      }
    }
    const miss = unmetChange(a, changed, view, i);
    if (miss === undefined) matched.push(i);
    else nearMiss ??= `${view.label(kind, i)} ${miss}`;
  }
  const found = matched.length;
  const problems: string[] = [];
  if (strictBreaches.length > 0) {
    const { row, extra } = strictBreaches[0];
    const more = strictBreaches.length > 1 ? ` (and ${strictBreaches.length - 1} more rows)` : '';
    const fields = `field${extra.length > 1 ? 's' : ''} ${extra.join(', ')}`;
    problems.push(`row ${view.label(kind, row)} changed extra ${fields} (strict)${more}`);
  }
  const what = `${DIFF_TYPE[kind]} ${a.table}`;
  const rows = (n: number) => `${what} row${n === 1 ? '' : 's'} matching where${a.changes.length ? ' and expected_changes' : ''}`;
  const expectation = describeCount(a.count);
  if (!countHolds(a.count, found)) {
    problems.push(`expected ${expectation} ${rows(countNoun(a.count))}, found ${found}${nearMiss ? ` (${nearMiss})` : ''}`);
  }
  const refs = matched.map((i) => view.ref(kind, i));
  if (problems.length > 0) return { result: result(a, false, problems.join('; '), refs), selected };
  return { result: result(a, true, `found ${found} ${rows(found)} (expected ${expectation})`, refs), selected };
}

function whereHolds(a: CompiledAssertion, image: Record<string, unknown>, view: DiffView, kind: RowKind, i: number): boolean {
  if (a.where.length === 0) return true;
  const json = view.jsonColumns(kind, i);
  for (const c of a.where) if (!c.test(view.reader.path(image, c.path, json))) return false;
  return true;
}

/** Why a where-matching update does not meet expected_changes, or undefined when it does. */
function unmetChange(a: CompiledAssertion, changed: string[], view: DiffView, i: number): string | undefined {
  const json = view.jsonColumns('update', i);
  for (const c of a.changes) {
    if (!changed.includes(c.field)) return `${c.field} did not change`;
    // Expected-change fields are read as top-level columns: Agent-Diff uses before.get(field), no dotted walk.
    if (c.from && !c.from(view.reader.top(view.before(i), c.field, json))) return `${c.field} "from" not met`;
    if (c.to && !c.to(view.reader.top(view.after(i), c.field, json))) return `${c.field} "to" not met`;
  }
  return undefined;
}

function countHolds(rule: CountRule, n: number): boolean {
  switch (rule.kind) {
    case 'atLeastOne':
      return n >= 1;
    case 'exact':
      return n === rule.n;
    case 'range':
      return (rule.min === undefined || n >= rule.min) && (rule.max === undefined || n <= rule.max);
    case 'invalid':
      return false;
  }
}

function describeCount(rule: CountRule): string {
  switch (rule.kind) {
    case 'atLeastOne':
      return 'at least 1';
    case 'exact':
      return String(rule.n);
    case 'range':
      if (rule.min !== undefined && rule.max !== undefined) return `between ${rule.min} and ${rule.max}`;
      if (rule.min !== undefined) return `at least ${rule.min}`;
      return rule.max !== undefined ? `at most ${rule.max}` : 'any number of';
    case 'invalid':
      return `a count of ${rule.text} (invalid expected_count)`;
  }
}

/** The number a count description ends with, to choose "row" or "rows". */
function countNoun(rule: CountRule): number {
  if (rule.kind === 'exact') return rule.n;
  if (rule.kind === 'range') return rule.max ?? rule.min ?? 2;
  return rule.kind === 'atLeastOne' ? 1 : 2;
}

function result(a: CompiledAssertion, passed: boolean, reason: string, matched: RowRef[]): AssertionResult {
  return { index: a.index, assertion: a.source, passed, reason, matched };
}

function fail(a: CompiledAssertion, reason: string): AssertionOutcome {
  return { result: result(a, false, reason, []), selected: [] };
}
