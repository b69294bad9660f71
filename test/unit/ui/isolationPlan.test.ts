import { describe, expect, it } from 'vitest';
import { isolationPlan, type IsolationFacts } from '../../../src/ui/isolationPlan.ts';

const firefoxFirstVisit: IsolationFacts = { canSuspend: false, isolated: false, serviceWorkers: true, controlled: false, reloaded: false };

describe('whether the page isolates itself before the app starts', () => {
  it('a browser with JSPI (Chromium) does nothing: no service worker, no reload', () => {
    expect(isolationPlan({ ...firefoxFirstVisit, canSuspend: true })).toBe('none');
    expect(isolationPlan({ ...firefoxFirstVisit, canSuspend: true, isolated: true })).toBe('none');
  });

  it('a browser with JSPI that the isolation worker still serves (updated since its first visit) removes it', () => {
    expect(isolationPlan({ ...firefoxFirstVisit, canSuspend: true, controlled: true })).toBe('unregister');
  });

  it('a browser without JSPI registers the worker and reloads once, on its first visit', () => {
    expect(isolationPlan(firefoxFirstVisit)).toBe('isolate');
    // Controlled but not isolated (a worker of an older build), and not yet reloaded: one reload fixes it.
    expect(isolationPlan({ ...firefoxFirstVisit, controlled: true })).toBe('isolate');
  });

  it('a page already isolated (every later visit) starts at once', () => {
    expect(isolationPlan({ ...firefoxFirstVisit, isolated: true, controlled: true })).toBe('none');
    expect(isolationPlan({ ...firefoxFirstVisit, isolated: true, controlled: true, reloaded: true })).toBe('none');
  });

  it('never loops: after its one reload a page still not isolated starts as it is, and Python refuses with why', () => {
    expect(isolationPlan({ ...firefoxFirstVisit, reloaded: true })).toBe('unavailable');
    expect(isolationPlan({ ...firefoxFirstVisit, controlled: true, reloaded: true })).toBe('unavailable');
  });

  it('without service workers (a private window, turned off, plain http) there is nothing to register', () => {
    expect(isolationPlan({ ...firefoxFirstVisit, serviceWorkers: false })).toBe('unavailable');
  });
});
