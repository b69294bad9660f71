import { patch, sliceUpdater, type SliceContext } from './appState.ts';

export type DiffScope = 'run' | 'step';
export type RightTab = 'result' | 'state' | 'api';

export interface DiffViewSlice {
  scope: DiffScope;
  /** Updates show only the changed fields unless this is on. */
  showAllFields: boolean;
  onlyUnexplained: boolean;
  /** The assertion under the pointer, and the one clicked to keep its rows highlighted. */
  hovered: number | null;
  pinned: number | null;
  tab: RightTab;

  setScope(scope: DiffScope): void;
  toggleAllFields(): void;
  toggleOnlyUnexplained(): void;
  hover(assertion: number | null): void;
  pin(assertion: number): void;
  clearHighlight(): void;
  setTab(tab: RightTab): void;
}

/** The assertion whose rows are highlighted: the hovered one wins over the pinned one. */
export function activeAssertion(v: Pick<DiffViewSlice, 'hovered' | 'pinned'>): number | null {
  return v.hovered ?? v.pinned;
}

export function createDiffViewSlice({ set, get }: SliceContext): DiffViewSlice {
  const updateView = sliceUpdater(set, 'diffView');
  return {
    scope: 'run',
    showAllFields: false,
    onlyUnexplained: false,
    hovered: null,
    pinned: null,
    tab: 'result',

    setScope(scope) {
      patch(set, 'diffView', { scope });
    },
    toggleAllFields() {
      updateView((v) => ({ showAllFields: !v.showAllFields }));
    },
    toggleOnlyUnexplained() {
      updateView((v) => ({ onlyUnexplained: !v.onlyUnexplained }));
    },
    hover(hovered) {
      if (get().diffView.hovered !== hovered) patch(set, 'diffView', { hovered });
    },
    pin(assertion) {
      updateView((v) => ({ pinned: v.pinned === assertion ? null : assertion, tab: 'result' }));
    },
    clearHighlight() {
      patch(set, 'diffView', { hovered: null, pinned: null });
    },
    setTab(tab) {
      patch(set, 'diffView', { tab });
    },
  };
}
