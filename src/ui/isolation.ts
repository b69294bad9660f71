/**
 * Evaluated before the app starts (boot.ts imports it first): in a browser without JSPI, makes the page
 * cross-origin isolated through the site's service worker and one reload, before anything starts and before the
 * user can have done anything (see isolationPlan.ts). In Chromium, and on every later visit, it awaits nothing.
 */
import { ISOLATION_RELOAD_KEY, ISOLATION_WORKER_FILE, isolationPlan } from './isolationPlan.ts';

/** Registration and activation take tens of milliseconds; past this the app starts without isolation. */
const ACTIVATION_TIMEOUT_MS = 10_000;

function reloadedBefore(): boolean {
  try {
    return sessionStorage.getItem(ISOLATION_RELOAD_KEY) !== null;
  } catch {
    return true; // Nowhere to remember a reload: never risk a loop.
  }
}

const workerUrl = new URL(ISOLATION_WORKER_FILE, document.baseURI).href;
const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
const plan = isolationPlan({
  canSuspend: typeof (WebAssembly as { Suspending?: unknown }).Suspending === 'function',
  isolated: self.crossOriginIsolated === true,
  serviceWorkers: container !== undefined,
  controlled: container?.controller?.scriptURL === workerUrl,
  reloaded: reloadedBefore(),
});

if (self.crossOriginIsolated) {
  try {
    sessionStorage.removeItem(ISOLATION_RELOAD_KEY);
  } catch {
    // Nothing was stored.
  }
}

if (plan === 'unregister') {
  void container?.getRegistration(workerUrl).then((registration) => registration?.unregister());
} else if (plan === 'isolate' && container) {
  try {
    sessionStorage.setItem(ISOLATION_RELOAD_KEY, String(Date.now()));
    await container.register(workerUrl, { scope: './' });
    const active = await Promise.race([container.ready.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), ACTIVATION_TIMEOUT_MS))]);
    if (active) {
      location.reload();
      // Nothing else starts in a page that is being replaced.
      await new Promise(() => {});
    }
  } catch {
    // Refused (a private window, service workers turned off): the app runs without isolation; Python says why.
  }
}

export {};
