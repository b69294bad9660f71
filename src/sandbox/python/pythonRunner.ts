import { realClock, virtualClock, type ScriptClock } from '../clock.ts';
import { capHeap, type HeapCap } from '../heapCap.ts';
import { WASM_BASE_BYTES } from '../protocol.ts';
import { consoleTruncatedNote, crashMessage, memoryLimitMessage, timeLimitMessage } from '../stopMessages.ts';
import type { ConsoleLevel, SandboxLimits, ScratchFile } from '../types.ts';
import type { RunnerIO, ScriptRunner } from '../worker.ts';
import type { LoadPyodide, PyodideLike, PyProxyLike } from './pyodideApi.ts';
import { fromWireRequest, toWireResponse, type WireRequest } from './pythonWire.ts';
import { PYTHON_FILES, SITE_PACKAGES } from './pythonFiles.ts';
import { keepMemoryFileSystemOnly, useScriptClock } from './pythonRealm.ts';
import { readScratch, writeScratch } from './scratch.ts';

export interface PythonRunnerOptions {
  loadPyodide: LoadPyodide;
  /** Zone files for `zoneinfo`, by zone name (`America/Los_Angeles`): TZif bytes. */
  loadZoneinfo?: () => Promise<Record<string, Uint8Array>>;
  /** Closes the worker's own ways out (network, storage, module loading) once Pyodide has loaded. */
  lockdown?: () => void;
  /** Where a memory snapshot of a prepared Pyodide is kept (see `PythonSnapshots`); without it, every start is cold. */
  snapshots?: PythonSnapshots;
}

/**
 * A memory snapshot of Pyodide's heap once Python has started and imported what scripts use most: restoring one
 * skips the interpreter's start-up and those imports (most of a cold start). Pyodide refuses a snapshot of another
 * build. Files are not in it (Pyodide's file system lives outside the heap), so the sandbox's files are written
 * again after a restore, and the bridge and closures are set up after it either way.
 */
export interface PythonSnapshots {
  /**
   * Whether there is a snapshot, as soon as that is known (null: none, or it cannot be read), with its bytes, which
   * may still be arriving: Pyodide fetches and compiles its runtime meanwhile.
   */
  load(): Promise<{ bytes: Promise<Uint8Array> } | null>;
  /** Keeps a snapshot made on a cold start, when this shell keeps them (Node's cache; the page's build). */
  save?(bytes: Uint8Array): void;
}

/** A fixed hash seed: set iteration order, hence the order of requests a script makes, never varies (invariant 4). */
const PYTHON_HASH_SEED = '0';
const ZONEINFO_DIR = '/usr/share/zoneinfo';
/** The modules scripts use most, imported before a snapshot is taken so that their first import in a script costs nothing. */
const PRELOAD = 'import json, re, datetime, zoneinfo, urllib.parse, urllib.request, base64, collections, requests, difflab_sandbox';
/** The script's working directory, and the run's scratch directory: files left here reach the run's next script. */
export const SCRATCH_DIR = '/home/pyodide';
/**
 * The script's whole environment (os.environ, set again after a snapshot restores): nothing of the host's. `_` and
 * sys.executable name a program of the sandbox's own (Emscripten's default would be the host's entry file).
 */
const SANDBOX_ENV: Readonly<Record<string, string>> = {
  PYTHONHASHSEED: PYTHON_HASH_SEED,
  HOME: SCRATCH_DIR,
  PWD: SCRATCH_DIR,
  USER: 'pyodide',
  LOGNAME: 'pyodide',
  PATH: '/usr/bin:/bin',
  LANG: 'C.UTF-8',
  PYTHONTZPATH: ZONEINFO_DIR,
  TZ: 'UTC',
  _: '/usr/bin/python3',
};
/** Emscripten's "signal received" value for SIGINT: Python raises KeyboardInterrupt at its next check. */
const SIGINT = 2;

interface Loaded {
  pyodide: PyodideLike;
  run: PyProxyLike;
  /** The heap once Pyodide and the sandbox are set up: the script's memory limit counts from here. */
  baseBytes: number;
}

/** The run in progress, which the bridge and the stdout callbacks (set up once, at load) act for. */
interface Current {
  io: RunnerIO;
  clock: ScriptClock;
  consoleLine(level: ConsoleLevel, text: string): void;
  /** Python said the script does not parse: it never ran. */
  syntaxError?: boolean;
}

/** Whether this runtime can suspend WebAssembly on a promise (JSPI), which a blocking call needs without shared memory. */
const canSuspend = (): boolean => typeof (WebAssembly as { Suspending?: unknown }).Suspending === 'function';

/**
 * A page that can neither suspend on a request (JSPI) nor block on shared memory (cross-origin isolation, which
 * the site's service worker gives a browser without JSPI: src/ui/isolation.ts) refuses every script before it
 * runs, saying why, rather than failing at its first request.
 */
export const NO_BLOCKING_MESSAGE =
  'Python cannot run in this page: this browser has no WebAssembly JSPI, and the page is not cross-origin isolated, ' +
  "which DiffLab's own service worker arranges, but service workers do not run here (a private window, turned off in " +
  'settings, or a site neither on https nor on localhost). Open DiffLab in a normal window, use Chromium 137 or later, ' +
  "or set javascript.options.wasm_js_promise_integration to true in Firefox's about:config.";

/**
 * Python's runner. Pyodide starts loading as soon as the runner is made, when the worker starts, so a spare
 * worker is warm before its script arrives. Python's `requests` blocks on each fetch: through the harness's
 * `fetchBlocking` where the host gave shared memory (Node; a cross-origin isolated page: firefox-esr 140), otherwise
 * by suspending the WebAssembly stack until the answer arrives (JSPI, `run_sync`: Chromium, not isolated).
 */
export function pythonRunner(options: PythonRunnerOptions): ScriptRunner {
  let current: Current | null = null;
  const consoleLine = (level: ConsoleLevel, text: string): void => current?.consoleLine(level, text);

  /** Python's only way to the host: `fetch` (a request as JSON, answered as JSON), `sleep` (virtual ms), `syntax`. */
  function bridge(kind: string, payload: string): string | Promise<string> {
    const run = current;
    if (!run) return JSON.stringify({ error: 'no script is running' });
    if (kind === 'syntax') {
      run.syntaxError = true;
      return '';
    }
    if (kind === 'sleep') {
      run.clock.fired(run.clock.due(Number(payload)));
      return '';
    }
    let request;
    try {
      request = fromWireRequest(JSON.parse(payload) as WireRequest);
    } catch (error) {
      return JSON.stringify({ error: `the request could not be sent: ${error instanceof Error ? error.message : String(error)}` });
    }
    if (run.io.fetchBlocking) {
      const answer = run.io.fetchBlocking(request);
      return JSON.stringify(answer instanceof TypeError ? { error: answer.message } : toWireResponse(answer));
    }
    return run.io.fetch(request).then(
      (response) => JSON.stringify(toWireResponse(response)),
      (error: unknown) => JSON.stringify({ error: error instanceof Error ? error.message : String(error) }),
    );
  }

  /** Pyodide started, from the snapshot when there is one that restores (else cold, preparing one to save). */
  async function start(): Promise<{ pyodide: PyodideLike; restored: boolean }> {
    const snapshot = await options.snapshots?.load().catch(() => null);
    const loadOptions = {
      jsglobals: Object.create(null) as object,
      // A copy: Pyodide adds its own variables to the object it is given.
      env: { ...SANDBOX_ENV },
      _sysExecutable: SANDBOX_ENV._!,
      args: [],
      stdout: (line: string) => consoleLine('log', line),
      stderr: (line: string) => consoleLine('error', line),
    };
    if (snapshot) {
      try {
        return { pyodide: await options.loadPyodide({ ...loadOptions, _loadSnapshot: snapshot.bytes }), restored: true };
      } catch {
        // Unreadable, or of another Pyodide build (Pyodide checks): a cold start instead.
      }
    }
    return { pyodide: await options.loadPyodide({ ...loadOptions, ...(options.snapshots?.save ? { _makeSnapshot: true } : {}) }), restored: false };
  }

  async function load(): Promise<Loaded> {
    const zoneinfo = options.loadZoneinfo?.();
    zoneinfo?.catch(() => {});
    const { pyodide, restored } = await start();
    pyodide.setStdout({ batched: (line) => consoleLine('log', line) });
    pyodide.setStderr({ batched: (line) => consoleLine('error', line) });
    for (const [path, source] of Object.entries(PYTHON_FILES)) writeFile(pyodide, `${SITE_PACKAGES}/${path}`, source);
    for (const [zone, bytes] of Object.entries((await zoneinfo) ?? {})) writeFile(pyodide, `${ZONEINFO_DIR}/${zone}`, bytes);
    if (!restored) {
      pyodide.runPython(PRELOAD);
      if (options.snapshots?.save) options.snapshots.save(pyodide.makeMemorySnapshot!());
    }
    // Without JSPI there is nothing to suspend: the worker blocks on shared memory instead (Node, an isolated page).
    const runSync = canSuspend() ? pyodide.pyimport('pyodide.ffi').run_sync : undefined;
    const install = pyodide.pyimport('difflab_sandbox').install as PyProxyLike;
    const run = install(bridge, runSync, JSON.stringify(SANDBOX_ENV)) as PyProxyLike;
    install.destroy();
    pyodide.unregisterJsModule('js');
    pyodide.unregisterJsModule('pyodide_js');
    keepMemoryFileSystemOnly(pyodide);
    options.lockdown?.();
    return { pyodide, run, baseBytes: pyodide._module.HEAP8.buffer.byteLength };
  }

  // A page that can neither suspend nor block on shared memory (firefox-esr 140 where the service worker could not
  // isolate it) refuses every script (run), so it does not fetch Pyodide's 20 MB either.
  const loading = canSuspend() || typeof SharedArrayBuffer !== 'undefined' ? load() : Promise.reject(new Error(NO_BLOCKING_MESSAGE));
  // Reported when a script arrives; until then an unhandled rejection would only be noise.
  loading.catch(() => {});

  return {
    language: 'python',
    async run(job, io) {
      if (!io.fetchBlocking && !canSuspend()) {
        io.done({ ok: false, reason: 'unavailable', error: NO_BLOCKING_MESSAGE });
        return;
      }
      let loaded: Loaded;
      try {
        loaded = await loading;
      } catch (error) {
        io.done({ ok: false, reason: 'crash', error: crashMessage(`Python could not be loaded: ${error instanceof Error ? error.message : String(error)}`) });
        return;
      }
      const { source, limits, determinism } = job;
      const { pyodide, run, baseBytes } = loaded;
      const realNow = performance.now.bind(performance);
      const realDateNow = Date.now.bind(Date);
      // The script's clock must not read the globals it replaces: a real clock reads the captured originals.
      const clock = determinism.now === undefined ? { ...realClock(), dateNow: realDateNow, perfNow: realNow } : virtualClock(determinism.now);
      useScriptClock(clock);
      let consoleChars = 0;
      let truncated = false;
      current = {
        io,
        clock,
        consoleLine: (level, text) => {
          if (truncated) return;
          if (consoleChars + text.length > limits.maxConsoleChars) {
            truncated = true;
            io.console({ level: 'warn', text: consoleTruncatedNote(limits) });
            return;
          }
          consoleChars += text.length;
          io.console({ level, text });
        },
      };
      writeScratch(pyodide, SCRATCH_DIR, job.files);
      // Reported as if the base were QuickJS's, so that the host's "died near the cap" test reads the same.
      const heap = capHeap(pyodide._module.memory, baseBytes + limits.memoryBytes, (bytes) => io.memory(bytes - baseBytes + WASM_BASE_BYTES));
      const stop: { reason?: 'timeout' | 'memory' } = {};
      const deadline = realNow() + limits.timeMs;
      pyodide.setInterruptBuffer(interruptCheck(heap, realNow, deadline, limits, stop, io));
      io.started();
      const seed = (determinism.randomSeed ?? Math.floor(Math.random() * 2 ** 32)) >>> 0;
      let error: unknown;
      try {
        error = io.fetchBlocking ? run(source, seed) : await run.callPromising(source, seed);
      } catch (thrown) {
        error = `Python stopped: ${thrown instanceof Error ? thrown.message : String(thrown)}`;
      }
      // The heap at its cap (whatever the script made of its MemoryError), or an uncaught MemoryError (an allocation
      // too big to try): the memory limit.
      const outOfMemory = heap.exhausted || (typeof error === 'string' && /^MemoryError\b/.test(error.split('\n').pop() ?? ''));
      if (!stop.reason && outOfMemory) stopFor('memory', stop, limits, io);
      if (stop.reason) return;
      let files: ScratchFile[] = [];
      try {
        files = readScratch(pyodide, SCRATCH_DIR);
      } catch {
        // A script that broke its own directory leaves nothing for the next one.
      }
      io.done(typeof error === 'string' ? { ok: false, reason: current.syntaxError ? 'syntax' : 'error', error } : { ok: true }, files);
    },
  };
}

function writeFile(pyodide: PyodideLike, path: string, data: string | Uint8Array): void {
  pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf('/')));
  pyodide.FS.writeFile(path, data);
}

/** Ends the run at a limit: the host hears it at once and ends the worker, whatever the script does next. */
function stopFor(reason: 'timeout' | 'memory', stop: { reason?: 'timeout' | 'memory' }, limits: SandboxLimits, io: RunnerIO): void {
  stop.reason = reason;
  io.done({ ok: false, reason, error: reason === 'timeout' ? timeLimitMessage(limits) : memoryLimitMessage(limits) });
}

/**
 * Read by Python every few dozen bytecodes (Pyodide's interrupt buffer): where a running script is stopped for its
 * time or memory limit, with a KeyboardInterrupt it cannot swallow (every later check raises again), after the host
 * has been told.
 */
function interruptCheck(
  heap: HeapCap,
  now: () => number,
  deadline: number,
  limits: SandboxLimits,
  stop: { reason?: 'timeout' | 'memory' },
  io: RunnerIO,
): ArrayLike<number> {
  return new Proxy([0], {
    get(target, key) {
      if (key !== '0') return Reflect.get(target, key) as unknown;
      if (!stop.reason && heap.exhausted) stopFor('memory', stop, limits, io);
      if (!stop.reason && now() > deadline) stopFor('timeout', stop, limits, io);
      return stop.reason ? SIGINT : 0;
    },
    set: () => true,
  });
}
