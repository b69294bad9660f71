import type { Diff } from '../../engine/types.ts';
import type { TableMeta } from '../workbench/protocol.ts';
import { rowId } from './diffModel.ts';

/**
 * How many rows of the run's diff the last step did not touch: changes earlier steps left in the state, which the
 * verdict (always on the whole run since open or reset) still judges.
 */
export function carriedChanges(runDiff: Diff, stepDiff: Diff, tables: TableMeta[]): number {
  const touched = new Set<string>();
  for (const r of stepDiff.inserts) touched.add(rowId(tables, r.__table__, r.__service__, r));
  for (const u of stepDiff.updates) touched.add(rowId(tables, u.__table__, u.__service__, u.after));
  for (const r of stepDiff.deletes) touched.add(rowId(tables, r.__table__, r.__service__, r));
  let n = 0;
  for (const r of runDiff.inserts) if (!touched.has(rowId(tables, r.__table__, r.__service__, r))) n++;
  for (const u of runDiff.updates) if (!touched.has(rowId(tables, u.__table__, u.__service__, u.after))) n++;
  for (const r of runDiff.deletes) if (!touched.has(rowId(tables, r.__table__, r.__service__, r))) n++;
  return n;
}
