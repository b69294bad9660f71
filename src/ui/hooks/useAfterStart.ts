import { useEffect, useState } from 'react';
import { useApp } from './useApp.ts';

/**
 * False while the environment is starting (PGlite loading its data directory, in the worker), true once it is past
 * that — ready, opening a scenario, or failed — or after `ms` whatever happens. Heavy things the page can do without
 * at first (Monaco: a megabyte of script to parse) wait for it, so they do not compete with the start for the CPU.
 */
export function useAfterStart(ms = 10_000): boolean {
  const started = useApp((s) => s.run.status !== 'starting');
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (started) return;
    const timer = setTimeout(() => setLate(true), ms);
    return () => clearTimeout(timer);
  }, [started, ms]);
  return started || late;
}
