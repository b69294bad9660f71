import { cellLabel, cellRunIds, noRunFilters, type CellRef, type RunFilters } from '../../agent/explore.ts';
import type { AgentRunRecord } from '../../agent/record.ts';
import { patch, sliceUpdater, type SliceContext } from './appState.ts';

/** The runs behind an aggregate cell that the explorer narrows to. */
export interface OpenCell {
  label: string;
  ids: string[];
}

export interface ExplorerSlice {
  cell: OpenCell | null;
  filters: RunFilters;
  /** The two runs shown side by side (A, B). */
  pair: [string | null, string | null];

  /** Opens the explorer on the runs a table counted for `cell` (of `records`, the table's runs). */
  openCell(records: readonly AgentRunRecord[], cell: CellRef): void;
  /** Opens the explorer on these runs, under a label that says what they are. */
  openRuns(label: string, ids: string[]): void;
  clearCell(): void;
  setFilters(partial: Partial<RunFilters>): void;
  clearFilters(): void;
  /** Ticks a run for the comparison: it fills A, then B; a third replaces B. Ticking a chosen run unticks it. */
  togglePair(id: string): void;
  /** Shows two runs side by side. */
  comparePair(a: string, b: string): void;
}

export function createExplorerSlice({ set, get }: SliceContext): ExplorerSlice {
  const update = sliceUpdater(set, 'explorer');
  return {
    cell: null,
    filters: noRunFilters,
    pair: [null, null],

    openCell(records, cell) {
      get().explorer.openRuns(cellLabel(cell), cellRunIds(records, cell));
    },
    openRuns(label, ids) {
      patch(set, 'explorer', { cell: { label, ids }, filters: noRunFilters, pair: [null, null] });
      get().agent.setView('explore');
    },
    clearCell() {
      patch(set, 'explorer', { cell: null });
    },
    setFilters(partial) {
      update((e) => ({ filters: { ...e.filters, ...partial } }));
    },
    clearFilters() {
      patch(set, 'explorer', { filters: noRunFilters });
    },
    togglePair(id) {
      update(({ pair: [a, b] }) => {
        if (a === id) return { pair: [b, null] };
        if (b === id) return { pair: [a, null] };
        return { pair: a === null ? [id, b] : [a, id] };
      });
    },
    comparePair(a, b) {
      patch(set, 'explorer', { pair: [a, b] });
      get().agent.setView('explore');
    },
  };
}
