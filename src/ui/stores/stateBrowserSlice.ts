import type { Row } from '../../engine/index.ts';
import type { TableCount } from '../workbench/protocol.ts';
import { patch, type SliceContext } from './appState.ts';

export const STATE_PAGE_SIZE = 50;

export interface TableRef {
  service: string;
  table: string;
}

export interface StateBrowserSlice {
  counts: TableCount[] | null;
  selected: TableRef | null;
  page: number;
  rows: Row[];
  loading: boolean;
  error: string | null;
  /** The run revision the shown data was read at; refresh() is a no-op while it is current. */
  loadedRevision: number | null;

  refresh(force?: boolean): Promise<void>;
  selectTable(ref: TableRef): Promise<void>;
  setPage(page: number): Promise<void>;
  clear(): void;
}

export function createStateBrowserSlice({ set, get, deps }: SliceContext): StateBrowserSlice {
  // Answers that arrive after a newer request are dropped.
  let seq = 0;

  async function load(selected: TableRef | null, page: number, withCounts: boolean): Promise<void> {
    const my = ++seq;
    const revision = get().run.revision;
    patch(set, 'stateBrowser', { loading: true, error: null });
    try {
      const counts = withCounts || !get().stateBrowser.counts ? await deps.workbench.tables() : get().stateBrowser.counts!;
      // Default to the first table that has rows, so the tab never opens on an empty grid.
      const target = selected ?? pickDefault(counts);
      const rows = target ? await deps.workbench.rows(target.service, target.table, page * STATE_PAGE_SIZE, STATE_PAGE_SIZE) : [];
      if (my !== seq) return;
      patch(set, 'stateBrowser', { counts, selected: target, page, rows, loading: false, loadedRevision: revision });
    } catch (err) {
      if (my !== seq) return;
      patch(set, 'stateBrowser', { loading: false, error: (err as Error).message });
    }
  }

  return {
    counts: null,
    selected: null,
    page: 0,
    rows: [],
    loading: false,
    error: null,
    loadedRevision: null,

    async refresh(force = false) {
      const { run, stateBrowser } = get();
      if (run.status !== 'ready') return;
      if (!force && stateBrowser.loadedRevision === run.revision) return;
      await load(stateBrowser.selected, stateBrowser.page, true);
    },

    async selectTable(ref) {
      if (get().run.status !== 'ready') return;
      await load(ref, 0, false);
    },

    async setPage(page) {
      const { run, stateBrowser } = get();
      if (run.status !== 'ready' || page < 0) return;
      await load(stateBrowser.selected, page, false);
    },

    clear() {
      seq++;
      patch(set, 'stateBrowser', { counts: null, selected: null, page: 0, rows: [], loading: false, error: null, loadedRevision: null });
    },
  };
}

function pickDefault(counts: TableCount[]): TableRef | null {
  const t = counts.find((c) => c.rows > 0) ?? counts[0];
  return t ? { service: t.service, table: t.table } : null;
}
