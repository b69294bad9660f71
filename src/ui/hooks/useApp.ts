import { createContext, createElement, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { AppState, AppStore } from '../stores/appStore.ts';

const StoreContext = createContext<AppStore | null>(null);

export function StoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return createElement(StoreContext.Provider, { value: store }, children);
}

export function useAppStore(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useApp outside StoreProvider');
  return store;
}

/** Selects the least state a component needs; it re-renders only when that value changes (Object.is). */
export function useApp<T>(selector: (s: AppState) => T): T {
  return useStore(useAppStore(), selector);
}

/** For selectors that build an object or array: compared field by field. */
export function useAppShallow<T>(selector: (s: AppState) => T): T {
  return useStore(useAppStore(), useShallow(selector));
}
