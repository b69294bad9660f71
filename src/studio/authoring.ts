import type { Diff, DiffRow, Row, RowUpdate } from '../engine/types.ts';
import { deepEqual } from '../engine/diff.ts';
import { matchesCondition, type Assertion, type AssertionSpec, type ChangeExpectation, type Condition, type DiffType, type IgnoreFields, type Primitive } from '../evaluation/index.ts';

/**
 * Authoring from the diff: rows and fields a person picked in a run's diff become Agent-Diff assertions. Pure, so
 * the studio's panel and the tests share it.
 */

export type DiffRowKind = 'insert' | 'update' | 'delete';

/** One picked row: which fields identify it (`where`) and, for an update, which changes to assert. */
export interface RowPick {
  kind: DiffRowKind;
  index: number;
  /** Fields whose current value goes into `where` as `{ eq: value }`. */
  where: string[];
  /** For updates: fields to put in `expected_changes`; default every changed field that is not ignored. */
  changes?: string[];
}

export interface AuthoringOptions {
  /** Fields left out of change detection (the suite's and the author's), as in a spec's `ignore_fields`. */
  ignoreFields?: IgnoreFields;
  /** Write `from` as well as `to` in `expected_changes` (default true: a change is asserted from where it started). */
  withFrom?: boolean;
}

const DIFF_TYPE: Record<DiffRowKind, DiffType> = { insert: 'added', update: 'changed', delete: 'removed' };
const PART = { insert: 'inserts', update: 'updates', delete: 'deletes' } as const;

/** The image a `where` reads for a picked row: the row itself, or an update's after image. */
export function rowImage(diff: Diff, kind: DiffRowKind, index: number): Row {
  const r = diff[PART[kind]][index] as DiffRow | RowUpdate;
  return kind === 'update' ? (r as RowUpdate).after : stripTags(r as DiffRow);
}

export function tableOf(diff: Diff, kind: DiffRowKind, index: number): string {
  return diff[PART[kind]][index].__table__;
}

function stripTags(r: DiffRow): Row {
  const { __table__: _t, __service__: _s, ...rest } = r;
  return rest;
}

/** Fields an update changed, apart from ignored ones (global and the table's). */
export function changedFieldsOf(update: RowUpdate, ignore: IgnoreFields = {}): string[] {
  const skip = new Set([...(ignore.global ?? []), ...(ignore[update.__table__] ?? [])]);
  const keys = new Set([...Object.keys(update.before), ...Object.keys(update.after)]);
  return [...keys].filter((k) => !skip.has(k) && !deepEqual(update.before[k], update.after[k]));
}

function toCondition(value: unknown): Condition {
  return { eq: (value ?? null) as Primitive };
}

/** The assertion for one picked row, before counting. */
function assertionFor(diff: Diff, pick: RowPick, options: AuthoringOptions): Assertion {
  const image = rowImage(diff, pick.kind, pick.index);
  const where: Record<string, Condition> = {};
  for (const f of pick.where) where[f] = toCondition(image[f]);
  const a: Assertion = { diff_type: DIFF_TYPE[pick.kind], entity: tableOf(diff, pick.kind, pick.index), where };
  if (pick.kind === 'update') {
    const u = diff.updates[pick.index];
    const fields = pick.changes ?? changedFieldsOf(u, options.ignoreFields);
    if (fields.length > 0) {
      const changes: Record<string, ChangeExpectation> = {};
      for (const f of fields) {
        changes[f] = options.withFrom === false ? { to: toCondition(u.after[f]) } : { from: toCondition(u.before[f]), to: toCondition(u.after[f]) };
      }
      a.expected_changes = changes;
    }
  }
  return a;
}

/** How many rows of the assertion's part and table its `where` selects (an update on either image, as evaluated). */
export function matchingRows(diff: Diff, a: Assertion): number {
  const kind = (Object.keys(DIFF_TYPE) as DiffRowKind[]).find((k) => DIFF_TYPE[k] === a.diff_type)!;
  const holds = (row: Row) => Object.entries(a.where ?? {}).every(([f, c]) => matchesCondition(row[f] ?? null, c));
  let n = 0;
  diff[PART[kind]].forEach((r, i) => {
    if (r.__table__ !== a.entity) return;
    const images = kind === 'update' ? [diff.updates[i].after, diff.updates[i].before] : [rowImage(diff, kind, i)];
    if (images.some(holds)) n++;
  });
  return n;
}

/**
 * Assertions for the picked rows: picks that give the same assertion merge into one, and each gets
 * `expected_count` = the rows of the diff its `where` selects, so "exactly these" is what the author asserts.
 */
export function assertionsFromPicks(diff: Diff, picks: readonly RowPick[], options: AuthoringOptions = {}): Assertion[] {
  const out: Assertion[] = [];
  for (const pick of picks) {
    const a = assertionFor(diff, pick, options);
    if (out.some((b) => deepEqual(b, a))) continue;
    out.push(a);
  }
  return out.map((a) => ({ ...a, expected_count: matchingRows(diff, a) }));
}

/** An assertion that a kind of change did not happen: `expected_count: 0` on a table (for "nothing else"). */
export function forbidAssertion(diffType: DiffType, entity: string, where: Record<string, Condition> = {}, description?: string): Assertion {
  return { diff_type: diffType, entity, ...(Object.keys(where).length ? { where } : {}), expected_count: 0, ...(description ? { description } : {}) };
}

/** Adds a field to the ignored fields of a table (or `global`), keeping the lists sorted and without repeats. */
export function withIgnoredField(ignore: IgnoreFields | undefined, table: string, field: string): IgnoreFields {
  const next: IgnoreFields = { ...(ignore ?? {}) };
  next[table] = [...new Set([...(next[table] ?? []), field])].sort();
  return next;
}

/** Two ignore lists as one (the suite's and the author's), each list sorted and without repeats. */
export function mergeIgnore(a: IgnoreFields | undefined, b: IgnoreFields | undefined): IgnoreFields {
  const out: IgnoreFields = {};
  for (const src of [a ?? {}, b ?? {}]) for (const [k, v] of Object.entries(src)) if (v) out[k] = [...new Set([...(out[k] ?? []), ...v])].sort();
  return out;
}

export function specOf(assertions: Assertion[], ignoreFields?: IgnoreFields): AssertionSpec {
  return { assertions, ...(ignoreFields && Object.keys(ignoreFields).length ? { ignore_fields: ignoreFields } : {}) };
}
