import { afterEach, describe, expect, it } from 'vitest';
import type { LoadPyodide } from '../../../../src/sandbox/python/pyodideApi.ts';
import { NO_BLOCKING_MESSAGE, pythonRunner } from '../../../../src/sandbox/python/pythonRunner.ts';
import { defaultLimits, type ScriptResult } from '../../../../src/sandbox/types.ts';
import type { RunnerIO } from '../../../../src/sandbox/worker.ts';

// A page in a browser without JSPI (firefox-esr 140) and without shared memory (not isolated) cannot block a script on a request.
const wasm = WebAssembly as { Suspending?: unknown };
const suspending = wasm.Suspending;
afterEach(() => {
  if (suspending === undefined) delete wasm.Suspending;
  else wasm.Suspending = suspending;
});

function runWith(io: Partial<RunnerIO>): Promise<Omit<ScriptResult, 'console'>> {
  // Pyodide never finishes loading here: the answer must not wait for it.
  const loadPyodide: LoadPyodide = () => new Promise(() => {});
  const runner = pythonRunner({ loadPyodide });
  return new Promise((resolve) => {
    const full: RunnerIO = {
      started: () => {},
      console: () => {},
      fetch: () => Promise.reject(new TypeError('no network here')),
      memory: () => {},
      done: (outcome) => resolve(outcome as Omit<ScriptResult, 'console'>),
      ...io,
    };
    void runner.run({ source: 'print(1)', limits: defaultLimits, determinism: {}, files: [] }, full);
  });
}

describe('Python sandbox without JSPI', () => {
  it('refuses a script at once, saying what the browser lacks and what to do, when it can neither suspend nor block', async () => {
    delete wasm.Suspending;
    let started = false;
    const outcome = await runWith({ started: () => void (started = true) });
    expect(outcome).toEqual({ ok: false, reason: 'unavailable', error: NO_BLOCKING_MESSAGE });
    expect(NO_BLOCKING_MESSAGE).toMatch(/JSPI.*cross-origin isolated.*service worker.*private window.*Chromium 137.*wasm_js_promise_integration/);
    expect(started).toBe(false);
  });

  it('does not load Pyodide where no script could wait for a request (no JSPI, no shared memory)', async () => {
    delete wasm.Suspending;
    const sharedMemory = Object.getOwnPropertyDescriptor(globalThis, 'SharedArrayBuffer')!;
    let loads = 0;
    const loadPyodide: LoadPyodide = () => {
      loads++;
      return new Promise(() => {});
    };
    try {
      delete (globalThis as { SharedArrayBuffer?: unknown }).SharedArrayBuffer;
      pythonRunner({ loadPyodide });
    } finally {
      Object.defineProperty(globalThis, 'SharedArrayBuffer', sharedMemory);
    }
    // load() reaches loadPyodide after its first awaits.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    await settle();
    expect(loads).toBe(0);
    pythonRunner({ loadPyodide });
    await settle();
    expect(loads).toBe(1);
  });

  it('waits for Pyodide when the host gives a blocking fetch (Node), JSPI or not', async () => {
    delete wasm.Suspending;
    const outcome = await Promise.race([runWith({ fetchBlocking: () => new TypeError('no network here') }), new Promise((ok) => setTimeout(() => ok('waiting'), 200))]);
    expect(outcome).toBe('waiting');
  });
});
