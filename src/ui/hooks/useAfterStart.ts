import { useEffect, useState } from 'react';
import { useApp } from './useApp.ts';

/**
 * False until the first environment is ready (PGlite started from its data directory and the first scenario opened,
 * in the worker) or the start failed, or until `ms` pass whatever happens. Heavy things the page can do without at
 * first (Monaco: a megabyte of script to parse) wait for it, so that they neither compete with the start for the CPU
 * nor hold the main thread when the worker says the environment is ready.
 */
export function useAfterStart(ms = 10_000): boolean {
  const started = useApp((s) => s.run.readyAt !== null || s.run.status === 'failed');
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (started) return;
    const timer = setTimeout(() => setLate(true), ms);
    return () => clearTimeout(timer);
  }, [started, ms]);
  return started || late;
}
