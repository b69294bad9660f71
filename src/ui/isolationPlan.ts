/**
 * Whether this page must make itself cross-origin isolated before the app starts. Python scripts block on each
 * request: through JSPI where the browser has it (Chromium 137+), else through shared memory, which a page has
 * only when cross-origin isolated — on a plain static host, through the site's own service worker
 * (public/isolation-sw.js) and one reload. Only a browser without JSPI pays for it.
 */

/** The service worker's file, beside index.html: its scope is the site's folder, whatever the sub-path. */
export const ISOLATION_WORKER_FILE = 'isolation-sw.js';
/** Set in sessionStorage just before the reload: a page that reloaded and is still not isolated does not loop. */
export const ISOLATION_RELOAD_KEY = 'difflab.isolationReload';

export interface IsolationFacts {
  /** WebAssembly.Suspending exists (JSPI). */
  canSuspend: boolean;
  /** self.crossOriginIsolated. */
  isolated: boolean;
  /** The browser offers service workers here (a secure context, not turned off). */
  serviceWorkers: boolean;
  /** This page is controlled by the isolation worker. */
  controlled: boolean;
  /** This tab already reloaded to become isolated (or cannot remember that it did). */
  reloaded: boolean;
}

/**
 * - `none`: nothing to do (JSPI, or already isolated).
 * - `unregister`: JSPI is here, yet the isolation worker still serves this site (a browser updated since): remove it.
 * - `isolate`: register the worker, wait for it to be active, reload once; the app starts after the reload.
 * - `unavailable`: no way to isolate (no service workers, or the reload did not isolate): the app starts as it is
 *   and a Python script is refused with why.
 */
export type IsolationPlan = 'none' | 'unregister' | 'isolate' | 'unavailable';

export function isolationPlan(facts: IsolationFacts): IsolationPlan {
  if (facts.canSuspend) return facts.controlled ? 'unregister' : 'none';
  if (facts.isolated) return 'none';
  if (!facts.serviceWorkers || facts.reloaded) return 'unavailable';
  return 'isolate';
}
