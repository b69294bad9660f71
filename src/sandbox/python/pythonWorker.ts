import { realClock, virtualClock, type ScriptClock } from '../clock.ts';
import { isMessage, WASM_BASE_BYTES, type HostToWorker, type SyncChannel, type WorkerToHost } from '../protocol.ts';
import { consoleTruncatedNote, crashMessage, memoryLimitMessage, timeLimitMessage } from '../stopMessages.ts';
import type { ConsoleLevel, SandboxLimits, ShimResponse, StopReason, WorkerPort } from '../types.ts';
import type { LoadPyodide, PyodideLike, PyProxyLike } from './pyodideApi.ts';
import { fromWireRequest, toWireResponse, type WireRequest } from './pythonWire.ts';
import { PYTHON_FILES, SITE_PACKAGES } from './pythonFiles.ts';
import { useScriptClock } from './pythonRealm.ts';

export interface PythonWorkerOptions {
  loadPyodide: LoadPyodide;
  /** Node's receiveMessageOnPort: reads a message from the sync channel without returning to the event loop. */
  receiveSync?: (port: MessagePort) => unknown;
  /** Zone files for `zoneinfo`, by zone name (`America/Los_Angeles`): TZif bytes. */
  loadZoneinfo?: () => Promise<Record<string, Uint8Array>>;
  /** Closes the worker's own ways out (network, storage, module loading) once Pyodide has loaded. */
  lockdown?: () => void;
}

/** A fixed hash seed: set iteration order, hence the order of requests a script makes, never varies (invariant 4). */
const PYTHON_HASH_SEED = '0';
const ZONEINFO_DIR = '/usr/share/zoneinfo';
/** Emscripten's "signal received" value for SIGINT: Python raises KeyboardInterrupt at its next check. */
const SIGINT = 2;

interface Loaded {
  pyodide: PyodideLike;
  run: PyProxyLike;
  /** The heap once Pyodide and the sandbox are set up: the script's memory limit counts from here. */
  baseBytes: number;
}

/**
 * The worker side of the Python sandbox. Pyodide loads as soon as the worker starts (so a spare worker is warm
 * before its script arrives), then the worker waits for one `run` message, as the QuickJS worker does, speaking the
 * same protocol. Python's `requests` blocks on each fetch: on the shared-memory channel the host gives where there
 * is one (Node), otherwise by suspending the WebAssembly stack until the answer message arrives (JSPI, in pages).
 */
export function startPythonWorker(port: WorkerPort, options: PythonWorkerOptions): void {
  const send = (message: WorkerToHost, transfer?: Transferable[]): void => port.postMessage(message, transfer);
  const pending = new Map<number, { resolve: (json: string) => void }>();
  const queued: HostToWorker[] = [];
  let clock: ScriptClock = realClock();
  let consoleLine: (level: ConsoleLevel, text: string) => void = () => {};
  let running = false;
  let loaded: Loaded | null = null;
  let loadError: string | null = null;

  const loading = (async (): Promise<void> => {
    const pyodide = await options.loadPyodide({
      jsglobals: Object.create(null) as object,
      env: { PYTHONHASHSEED: PYTHON_HASH_SEED, HOME: '/home/pyodide', PYTHONTZPATH: ZONEINFO_DIR, TZ: 'UTC' },
      args: [],
      stdout: (line) => consoleLine('log', line),
      stderr: (line) => consoleLine('error', line),
    });
    pyodide.setStdout({ batched: (line) => consoleLine('log', line) });
    pyodide.setStderr({ batched: (line) => consoleLine('error', line) });
    for (const [path, source] of Object.entries(PYTHON_FILES)) {
      const full = `${SITE_PACKAGES}/${path}`;
      pyodide.FS.mkdirTree(full.slice(0, full.lastIndexOf('/')));
      pyodide.FS.writeFile(full, source);
    }
    const zones = (await options.loadZoneinfo?.()) ?? {};
    for (const [zone, bytes] of Object.entries(zones)) {
      const full = `${ZONEINFO_DIR}/${zone}`;
      pyodide.FS.mkdirTree(full.slice(0, full.lastIndexOf('/')));
      pyodide.FS.writeFile(full, bytes);
    }
    const jspi = !options.receiveSync;
    const runSync = jspi ? pyodide.pyimport('pyodide.ffi').run_sync : undefined;
    // Warm the modules scripts use most, so their first import costs nothing.
    pyodide.runPython('import json, re, datetime, zoneinfo, urllib.parse, base64, collections, requests');
    const install = pyodide.pyimport('difflab_sandbox').install as PyProxyLike;
    const run = install(bridge, runSync) as PyProxyLike;
    install.destroy();
    pyodide.unregisterJsModule('js');
    pyodide.unregisterJsModule('pyodide_js');
    options.lockdown?.();
    loaded = { pyodide, run, baseBytes: pyodide._module.HEAP8.buffer.byteLength };
  })().catch((error: unknown) => {
    loadError = error instanceof Error ? error.message : String(error);
  });

  let sync: SyncChannel | undefined;
  let nextFetchId = 1;
  let deadline = Infinity;
  let stopReason: 'timeout' | 'memory' | undefined;

  /** Python's only way to the host: `fetch` (a request as JSON, answered as JSON) and `sleep` (virtual ms). */
  function bridge(kind: string, payload: string): string | Promise<string> {
    if (kind === 'sleep') {
      clock.fired(clock.due(Number(payload)));
      return '';
    }
    if (kind !== 'fetch') return JSON.stringify({ error: `unknown bridge call ${kind}` });
    const id = nextFetchId++;
    let request;
    try {
      request = fromWireRequest(JSON.parse(payload) as WireRequest);
    } catch (error) {
      return JSON.stringify({ error: `the request could not be sent: ${error instanceof Error ? error.message : String(error)}` });
    }
    send({ type: 'fetch', id, request });
    if (sync && options.receiveSync) return waitForAnswer(sync, options.receiveSync);
    return new Promise<string>((resolve) => pending.set(id, { resolve }));
  }

  function waitForAnswer(channel: SyncChannel, receive: (port: MessagePort) => unknown): string {
    const flag = new Int32Array(channel.flag);
    const left = Math.max(0, deadline - performanceNow());
    if (Atomics.wait(flag, 0, 0, left) === 'timed-out') {
      stopReason = 'timeout';
      return JSON.stringify({ error: 'the time limit was reached while waiting for a response' });
    }
    Atomics.store(flag, 0, 0);
    const received = receive(channel.port) as { message?: unknown } | undefined;
    return answerJson(received?.message);
  }

  function answerJson(message: unknown): string {
    if (!isMessage<HostToWorker>(message)) return JSON.stringify({ error: 'no response from the host' });
    if (message.type === 'fetchResult') return JSON.stringify(toWireResponse(message.response));
    if (message.type === 'fetchError') return JSON.stringify({ error: message.message });
    return JSON.stringify({ error: 'an unexpected message from the host' });
  }

  // Captured before the script's clock replaces performance.now: limits count real time.
  const realPerformance = performance;
  const realNow = realPerformance.now.bind(realPerformance);
  const performanceNow = (): number => realNow();

  /**
   * Read by Python every few dozen bytecodes (Pyodide's interrupt buffer): the one place a running script can be
   * stopped for its time or memory limit, with a KeyboardInterrupt it cannot swallow (each check raises again).
   */
  function interruptCheck(heap: () => number, baseBytes: number, limits: SandboxLimits): ArrayLike<number> {
    let nextReport = WASM_BASE_BYTES + limits.memoryBytes / 2;
    return new Proxy([0], {
      get(target, key) {
        if (key !== '0') return Reflect.get(target, key);
        if (stopReason) return SIGINT;
        if (performanceNow() > deadline) {
          stopReason = 'timeout';
          return SIGINT;
        }
        const used = heap() - baseBytes;
        if (used > limits.memoryBytes) {
          stopReason = 'memory';
          return SIGINT;
        }
        // Reported as if the base were QuickJS's, so the host's "died near the cap" test reads the same.
        if (used + WASM_BASE_BYTES > nextReport) {
          send({ type: 'memory', bytes: used + WASM_BASE_BYTES });
          nextReport = used + WASM_BASE_BYTES + limits.memoryBytes / 10;
        }
        return 0;
      },
      set: () => true,
    });
  }

  function finish(outcome: { ok: true } | { ok: false; reason: StopReason; error: string }): void {
    send(outcome.ok ? { type: 'done', ok: true } : { type: 'done', ok: false, reason: outcome.reason, error: outcome.error });
  }

  async function run(message: Extract<HostToWorker, { type: 'run' }>): Promise<void> {
    await loading;
    if (!loaded) {
      finish({ ok: false, reason: 'crash', error: crashMessage(`Python could not be loaded: ${loadError ?? 'unknown error'}`) });
      return;
    }
    const { source, limits, determinism } = message;
    sync = message.sync;
    clock = determinism.now === undefined ? realClock() : virtualClock(determinism.now);
    useScriptClock(clock);
    let consoleChars = 0;
    let truncated = false;
    consoleLine = (level, text) => {
      if (truncated) return;
      if (consoleChars + text.length > limits.maxConsoleChars) {
        truncated = true;
        send({ type: 'console', entry: { level: 'warn', text: consoleTruncatedNote(limits) } });
        return;
      }
      consoleChars += text.length;
      send({ type: 'console', entry: { level, text } });
    };
    const { pyodide, run: runScript, baseBytes } = loaded;
    pyodide.setInterruptBuffer(interruptCheck(() => pyodide._module.HEAP8.buffer.byteLength, baseBytes, limits));
    send({ type: 'started' });
    deadline = performanceNow() + limits.timeMs;
    const seed = (determinism.randomSeed ?? Math.floor(Math.random() * 2 ** 32)) >>> 0;
    let error: unknown;
    try {
      error = sync ? runScript(source, seed) : await runScript.callPromising(source, seed);
    } catch (thrown) {
      error = stopReason ? undefined : `Python stopped: ${thrown instanceof Error ? thrown.message : String(thrown)}`;
    }
    if (stopReason) {
      finish({ ok: false, reason: stopReason, error: stopReason === 'timeout' ? timeLimitMessage(limits) : memoryLimitMessage(limits) });
    } else if (typeof error === 'string') {
      // A MemoryError is WebAssembly's heap refusing to grow: the memory limit, whatever the script did with it.
      const outOfMemory = /^MemoryError\b/.test(error.split('\n').pop() ?? '');
      finish(outOfMemory ? { ok: false, reason: 'memory', error: memoryLimitMessage(limits) } : { ok: false, reason: 'error', error });
    } else {
      finish({ ok: true });
    }
  }

  function onMessage(message: HostToWorker): void {
    switch (message.type) {
      case 'run':
        if (running) return;
        running = true;
        void run(message);
        break;
      case 'fetchResult':
      case 'fetchError': {
        const waiter = pending.get(message.id);
        if (!waiter) return;
        pending.delete(message.id);
        waiter.resolve(answerJson(message));
        break;
      }
    }
  }

  // Messages that arrive while Pyodide loads wait for it; the listener is attached at once so none is lost.
  let ready = false;
  port.onMessage((message) => {
    if (!isMessage<HostToWorker>(message)) return;
    if (ready) onMessage(message);
    else queued.push(message);
  });
  void loading.then(() => {
    ready = true;
    for (const message of queued.splice(0)) onMessage(message);
  });
}
