import type { CompiledAssertion, CompiledSpec, RowKind } from './compileSpec.ts';
import { ROW_KINDS, type DiffView, type RowRef } from './diffView.ts';
import { pyEq } from './python.ts';
import type { Row } from '../engine/types.ts';

/** How the closed-world check judged one row of the diff. */
export interface RowExplanation {
  /** Assertions that select the row directly (their where holds; counts that forbid rows excluded). */
  assertions: number[];
  /** Set when the row is explained as a consequence of an explained row it references by foreign key. */
  consequenceOf?: RowRef;
  /** An update whose changed fields are all ignored: not a change at all. */
  ignoredChange?: boolean;
}

/** A change no assertion explains. */
export interface UnexplainedChange {
  kind: RowKind;
  table: string;
  service?: string;
  /** Index into the diff's inserts / updates / deletes. */
  index: number;
  /** Primary-key text, e.g. `C01AB/U02CD`. */
  key: string;
  row?: Row;
  before?: Row;
  after?: Row;
  changedFields?: string[];
}

export type RowExplanations = Record<RowKind, RowExplanation[]>;

/**
 * DiffLab's closed-world check: every change must be explained. A row is explained when an assertion of its kind
 * and entity selects it; an insert is also explained by an explained inserted row of the same diff that it references
 * by foreign key (the creator's membership of a new channel, a new file's first version), a delete by an explained
 * deleted row it references, a row of a derived (history) table by any explained change to the row it references,
 * and an update that changes only derived columns (a counter, a list of ids) by an explained change of a row that
 * references the updated one; transitively.
 */
export function explainChanges(
  spec: CompiledSpec,
  selections: readonly { assertion: CompiledAssertion; selected: readonly number[] }[],
  view: DiffView,
): { explanations: RowExplanations; unexplained: UnexplainedChange[] } {
  const explanations = {} as RowExplanations;
  for (const kind of ROW_KINDS) explanations[kind] = Array.from({ length: view.count(kind) }, () => ({ assertions: [] }));

  for (const { assertion, selected } of selections) {
    if (!assertion.kind || !assertion.permitsRows) continue;
    for (const i of selected) explanations[assertion.kind][i].assertions.push(assertion.index);
  }

  const changedFields: (string[] | undefined)[] = [];
  for (let i = 0; i < view.count('update'); i++) {
    const e = explanations.update[i];
    if (e.assertions.length > 0) continue;
    const fields = view.changedFields(i, spec.ignoreFor(view.table('update', i), view.service('update', i)));
    if (fields.length === 0) e.ignoredChange = true;
    changedFields[i] = fields;
  }

  if (view.schema) followForeignKeys(explanations, view, changedFields);

  const unexplained: UnexplainedChange[] = [];
  for (const kind of ROW_KINDS) {
    explanations[kind].forEach((e, i) => {
      if (e.assertions.length > 0 || e.consequenceOf || e.ignoredChange) return;
      const change: UnexplainedChange = { kind, table: view.table(kind, i), index: i, key: view.key(kind, i) };
      const service = view.service(kind, i);
      if (service !== undefined) change.service = service;
      if (kind === 'update') {
        change.before = view.before(i);
        change.after = view.after(i);
        change.changedFields = changedFields[i];
      } else {
        change.row = view.row(kind, i);
      }
      unexplained.push(change);
    });
  }
  return { explanations, unexplained };
}

function followForeignKeys(explanations: RowExplanations, view: DiffView, changedFields: readonly (string[] | undefined)[]): void {
  const schema = view.schema!;
  const queue: RowRef[] = [];
  for (const kind of ROW_KINDS) {
    explanations[kind].forEach((e, i) => {
      if (e.assertions.length > 0) queue.push(view.ref(kind, i));
    });
  }
  for (let q = 0; q < queue.length; q++) {
    const parent = queue[q];
    const parentService = view.service(parent.kind, parent.index);
    const images = view.images(parent.kind, parent.index);
    for (const fk of schema.referencing(parent.table)) {
      if (fk.service !== undefined && parentService !== undefined && fk.service !== parentService) continue;
      // A new row follows from a new row it references (the creator's membership of a new channel), a deleted row
      // from a deleted one (a cascade). A row of a derived table (a history record) follows from any change to the
      // row it references. Rows added or deleted under a merely updated parent are side effects.
      const derived = schema.table(fk.table, fk.service)?.derived === true;
      const childKinds = derived ? (['insert', 'delete'] as const) : parent.kind === 'insert' ? (['insert'] as const) : parent.kind === 'delete' ? (['delete'] as const) : [];
      for (const kind of childKinds) {
        for (const i of view.candidates(kind, fk.table)) {
          const e = explanations[kind][i];
          if (e.assertions.length > 0 || e.consequenceOf) continue;
          // Foreign keys never cross services; rows that name their service must agree.
          const service = view.service(kind, i);
          if (service !== undefined && parentService !== undefined && service !== parentService) continue;
          const row = view.row(kind, i);
          if (!images.some((image) => references(row, fk.columns, image, fk.refColumns))) continue;
          e.consequenceOf = parent;
          queue.push(view.ref(kind, i));
        }
      }
    }
    // The summaries a row keeps of the rows that reference it (a team's issue count) follow from a change to one of
    // them: an update of the referenced row that touches nothing but derived columns.
    for (const fk of schema.outgoing(parent.table)) {
      if (fk.service !== undefined && parentService !== undefined && fk.service !== parentService) continue;
      const derivedColumns = schema.table(fk.refTable, fk.service)?.derivedColumns;
      if (!derivedColumns?.length) continue;
      for (const i of view.candidates('update', fk.refTable)) {
        const e = explanations.update[i];
        const fields = changedFields[i];
        if (e.assertions.length > 0 || e.consequenceOf || !fields?.length || !fields.every((f) => derivedColumns.includes(f))) continue;
        const service = view.service('update', i);
        if (service !== undefined && parentService !== undefined && service !== parentService) continue;
        if (!images.some((image) => view.images('update', i).some((target) => references(image, fk.columns, target, fk.refColumns)))) continue;
        e.consequenceOf = parent;
        queue.push(view.ref('update', i));
      }
    }
  }
}

function references(row: Row, columns: readonly string[], target: Row, refColumns: readonly string[]): boolean {
  if (columns.length === 0 || columns.length !== refColumns.length) return false;
  for (let j = 0; j < columns.length; j++) {
    const v = row[columns[j]];
    if (v === null || v === undefined || !pyEq(v, target[refColumns[j]])) return false;
  }
  return true;
}
