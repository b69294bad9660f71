import { setFlagsFromString } from 'node:v8';

/**
 * For a command that runs a handful of statements and exits (`run`, `check`): keeps V8 from compiling PGlite's and
 * QuickJS's hot functions a second time with its optimising compiler. That tier-up pays off over many requests
 * (`serve`, `eval`, `selftest`), but in a one-shot command it is most of the process's CPU time beside PGlite's start
 * and 80 MB of its peak memory, and it competes with the start for the two cores. Must run before the first
 * WebAssembly module is compiled; V8 applies the flag to every isolate, the sandbox workers' included.
 */
export function skipWasmTierUp(): void {
  setFlagsFromString('--liftoff-only');
}
