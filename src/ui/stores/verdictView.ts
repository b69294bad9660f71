import type { Diff, Row } from '../../engine/index.ts';
import type { Assertion, NearestRow, NearestRows, RowKind, RowRef, Verdict } from '../../evaluation/index.ts';
import type { AssertionSpec } from '../../evaluation/index.ts';
import type { TableMeta } from '../workbench/protocol.ts';
import { describeAssertion, readAssertion, type AssertionReading } from './describeAssertion.ts';
import { formatValue, primaryKeyOf, rowId, type RowId, type RowJudgement } from './diffModel.ts';

/** A candidate row of a failed assertion, with its id when it is a row of the run diff (to highlight it). */
export interface NearestRowView extends NearestRow {
  id: RowId | null;
}

export interface AssertionView {
  index: number;
  /** The author's description, or a reading of the assertion. */
  label: string;
  passed: boolean;
  reason: string;
  matched: RowId[];
  /** Its where, expected_count and expected_changes, readable. */
  reading: AssertionReading | null;
  /** A failed assertion's nearest rows, when the verdict has them. */
  nearest: { why: NearestRows['why']; rows: NearestRowView[] } | null;
}

export interface VerdictView {
  passed: boolean;
  agentDiffPassed: boolean;
  closedWorldPassed: boolean;
  score: { passed: number; total: number; percent: number };
  assertions: AssertionView[];
  judgement: RowJudgement;
  unexplained: number;
  notes: string[];
}

function imageOf(diff: Diff, kind: RowKind, index: number): { table: string; service?: string; row: Row } | null {
  if (kind === 'update') {
    const u = diff.updates[index];
    return u ? { table: u.__table__, service: u.__service__, row: u.after } : null;
  }
  const r = (kind === 'insert' ? diff.inserts : diff.deletes)[index];
  return r ? { table: r.__table__, service: r.__service__, row: r } : null;
}

/**
 * Reads the evaluation's verdict for the panels. The verdict points at rows by their index in the run diff; the
 * panels key rows by service, table and primary key, which also finds them in the step diff and the state browser.
 */
export function toVerdictView(verdict: Verdict, runDiff: Diff, tables: TableMeta[], spec: AssertionSpec, closedWorld: boolean): VerdictView {
  const idOf = (ref: Pick<RowRef, 'kind' | 'index'>): RowId | null => {
    const img = imageOf(runDiff, ref.kind, ref.index);
    return img ? rowId(tables, img.table, img.service, img.row) : null;
  };
  const labelOf = (ref: RowRef): string => {
    const img = imageOf(runDiff, ref.kind, ref.index);
    if (!img) return ref.table;
    return `${img.table} ${primaryKeyOf(tables, img.table, img.service).map((c) => formatValue(img.row[c])).join(', ')}`;
  };

  const judgement: RowJudgement = { explainedBy: new Map(), matchedBy: new Map(), nearestOf: new Map(), consequenceOf: new Map(), ignored: new Set(), unexplained: new Set() };
  const tag = (map: Map<RowId, number[]>, id: RowId | null, assertion: number) => {
    if (!id) return;
    const list = map.get(id) ?? [];
    if (!list.includes(assertion)) map.set(id, [...list, assertion].sort((a, b) => a - b));
  };
  for (const kind of ['insert', 'update', 'delete'] as const) {
    verdict.explanations[kind].forEach((e, index) => {
      const id = idOf({ kind, index });
      if (!id) return;
      for (const a of e.assertions) tag(judgement.explainedBy, id, a);
      if (e.consequenceOf) judgement.consequenceOf.set(id, labelOf(e.consequenceOf));
      if (e.ignoredChange) judgement.ignored.add(id);
    });
  }
  for (const u of verdict.unexplained) {
    const id = idOf(u);
    if (id) judgement.unexplained.add(id);
  }

  const assertions = verdict.assertions.map((r): AssertionView => {
    const matched = r.matched.map(idOf).filter((id): id is RowId => id !== null);
    for (const id of matched) tag(judgement.matchedBy, id, r.index);
    const source: Assertion | undefined = r.assertion ?? spec.assertions[r.index];
    const nearest = r.nearest
      ? {
          why: r.nearest.why,
          rows: r.nearest.rows.map((n): NearestRowView => {
            const id = n.kind !== undefined && n.index !== undefined ? idOf({ kind: n.kind, index: n.index }) : null;
            if (id) tag(judgement.nearestOf, id, r.index);
            return { ...n, id };
          }),
        }
      : null;
    return {
      index: r.index,
      label: source?.description ?? (source ? describeAssertion(source) : `assertion ${r.index + 1}`),
      passed: r.passed,
      reason: r.reason,
      matched,
      reading: source ? readAssertion(source) : null,
      nearest,
    };
  });

  const notes: string[] = [];
  if (!closedWorld && !verdict.closed_world_passed) {
    notes.push('This scenario is judged open-world (as Agent-Diff publishes it): side effects are reported but do not fail it.');
  }
  return {
    passed: verdict.passed,
    agentDiffPassed: verdict.agent_diff_passed,
    closedWorldPassed: verdict.agent_diff_passed && verdict.closed_world_passed,
    score: { passed: verdict.score.passed, total: verdict.score.total, percent: verdict.score.percent },
    assertions,
    judgement,
    unexplained: verdict.unexplained.length,
    notes,
  };
}
