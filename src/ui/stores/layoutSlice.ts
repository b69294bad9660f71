import { patch, readJson, sliceUpdater, storageKeys, writeJson, type SliceContext } from './appState.ts';

/** The three panes; below about 1100 px they are tabs and one shows at a time. */
export type PaneId = 'scenarios' | 'task' | 'verdict';

/** Widths of the side panes in px (the task pane takes the rest). */
export interface PaneSizes {
  scenarios: number;
  verdict: number;
}

export const defaultPaneSizes: PaneSizes = { scenarios: 280, verdict: 460 };
const limits = { scenarios: [180, 480], verdict: [300, 900] } as const;

export interface LayoutSlice {
  /** The pane shown when the panes are tabs. */
  tab: PaneId;
  /** A verdict arrived while its tab was not shown. */
  verdictBadge: boolean;
  /** One pane filling the body, or none. */
  maximised: PaneId | null;
  sizes: PaneSizes;
  /** Agent mode: the run settings sheet is open over the trajectory (collapsed to one line otherwise). */
  settingsOpen: boolean;
  /** Agent mode: the four-step guide is shown. */
  helpOpen: boolean;

  showTab(tab: PaneId): void;
  /** A run finished: with `bringForward` the verdict tab is shown, else it is badged unless shown already. */
  verdictArrived(bringForward: boolean): void;
  toggleMaximised(pane: PaneId): void;
  /** Sets one side pane's width, kept within its limits and remembered in this browser. */
  resize(pane: keyof PaneSizes, px: number): void;
  setSettingsOpen(open: boolean): void;
  setHelpOpen(open: boolean): void;
}

function clampSize(pane: keyof PaneSizes, px: number): number {
  const [min, max] = limits[pane];
  return Math.round(Math.min(max, Math.max(min, px)));
}

export function createLayoutSlice({ set, get, deps }: SliceContext): LayoutSlice {
  const update = sliceUpdater(set, 'layout');
  const stored = readJson<Partial<PaneSizes>>(deps.storage, storageKeys.paneSizes, {});
  const sizes: PaneSizes = {
    scenarios: clampSize('scenarios', stored.scenarios ?? defaultPaneSizes.scenarios),
    verdict: clampSize('verdict', stored.verdict ?? defaultPaneSizes.verdict),
  };
  return {
    tab: 'task',
    verdictBadge: false,
    maximised: null,
    sizes,
    settingsOpen: true,
    helpOpen: false,

    showTab(tab) {
      update((l) => ({ tab, verdictBadge: tab === 'verdict' ? false : l.verdictBadge }));
    },
    verdictArrived(bringForward) {
      if (bringForward) patch(set, 'layout', { tab: 'verdict', verdictBadge: false });
      else if (get().layout.tab !== 'verdict') patch(set, 'layout', { verdictBadge: true });
    },
    toggleMaximised(pane) {
      update((l) => ({ maximised: l.maximised === pane ? null : pane }));
    },
    resize(pane, px) {
      update((l) => ({ sizes: { ...l.sizes, [pane]: clampSize(pane, px) } }));
      writeJson(deps.storage, storageKeys.paneSizes, get().layout.sizes);
    },
    setSettingsOpen(settingsOpen) {
      patch(set, 'layout', { settingsOpen });
    },
    setHelpOpen(helpOpen) {
      patch(set, 'layout', { helpOpen });
    },
  };
}
