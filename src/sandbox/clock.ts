/** The time a script sees: Date.now() and new Date() (dateNow), performance.now() and console.time (perfNow). */
export interface ScriptClock {
  dateNow(): number;
  perfNow(): number;
  /** A timer is being set with this delay (ms): returns the clock time it is due at, for fired(). */
  due(delayMs: number): number;
  /** The timer due at this time fired, just before its callback runs. */
  fired(due: number): void;
}

/** The worker's own clocks; timers do not move them. */
export function realClock(): ScriptClock {
  return {
    dateNow: () => Date.now(),
    perfNow: () => performance.now(),
    due: () => 0,
    fired: () => {},
  };
}

/**
 * The virtual clock that makes time deterministic (invariant 4): it starts at `start` (ms since the epoch) and
 * moves only when a timer fires, to the time that timer was due — set at clock time t with delay d, it fires at
 * t + d (the delay truncated to whole ms, as Node does). So `await sleep(200)` advances it by exactly 200, two
 * timers running side by side do not add up, and fetches and the script's own work take no time at all.
 * performance.now() counts from `start`. Real timers still schedule the callbacks (they bound the wall time), so
 * the clock is deterministic as long as the order in which timers fire is: a timer racing a fetch is not.
 */
export function virtualClock(start: number): ScriptClock {
  let elapsed = 0;
  return {
    dateNow: () => Math.floor(start + elapsed),
    perfNow: () => elapsed,
    due: (delayMs) => elapsed + Math.trunc(delayMs),
    fired: (due) => {
      elapsed = Math.max(elapsed, due);
    },
  };
}
