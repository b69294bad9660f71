import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core';
import { realClock, virtualClock, type ScriptClock } from './clock.ts';
import { describeThrown } from './describeThrown.ts';
import { capHeap, type HeapCap } from './heapCap.ts';
import { newHostObject, type BridgeActions } from './hostBridge.ts';
import { PRELUDE_SOURCE } from './prelude.ts';
import { SCRIPT_FILE_NAME, WASM_BASE_BYTES } from './protocol.ts';
import { consoleTruncatedNote, crashMessage, memoryLimitMessage, timeLimitMessage } from './stopMessages.ts';
import type { SandboxLimits, ScriptDeterminism, ShimRequest, ShimResponse, StopReason } from './types.ts';
import type { RunnerIO } from './worker.ts';

/**
 * QuickJS's default recursion limit. It must trip before the host engine's own stack overflows inside the wasm
 * code, or the script gets a bare host RangeError without a line. Measured: a Chromium worker overflows at
 * 256 KB and is fine at 192 KB; 128 KB allows ~740 plain JS frames. Node's worker entry passes more.
 */
export const DEFAULT_MAX_STACK_BYTES = 128 * 1024;
/** A heap this full when QuickJS throws something that is not an error means it ran out of memory building one. */
const NEAR_CAP = 0.75;

interface Timer {
  handle: ReturnType<typeof setTimeout>;
  keepsAlive: boolean;
  /** On the script's clock. */
  due: number;
}

export interface SessionOptions {
  quickjs: QuickJSWASMModule;
  memory: WebAssembly.Memory;
  source: string;
  limits: SandboxLimits;
  determinism?: ScriptDeterminism;
  io: RunnerIO;
  maxStackBytes?: number;
}

/**
 * One script in one QuickJS context, worker side. The run ends when the module has settled and no fetch or
 * timer (other than AbortSignal.timeout's) is pending — as a Node process exits when its event loop is empty —
 * or when an error escapes, or at the time limit. Nothing is disposed at the end: the worker is terminated.
 */
export class ScriptSession {
  private readonly rt: QuickJSRuntime;
  private readonly vm: QuickJSContext;
  private readonly heapCap: number;
  private readonly heap: HeapCap;
  private deadline = Infinity;
  private deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set by the interrupt handler: the VM was stopped for this limit, whatever error surfaces next. */
  private stopReason: 'timeout' | 'memory' | undefined;
  private finished = false;
  private modulePromise: QuickJSHandle | undefined;
  private moduleDone = false;
  private fireTimer: QuickJSHandle | undefined;
  private readonly fetches = new Map<number, QuickJSDeferredPromise>();
  private nextFetchId = 1;
  private readonly timers = new Map<number, Timer>();
  private readonly clock: ScriptClock;

  constructor(private readonly options: SessionOptions) {
    this.heapCap = options.limits.memoryBytes + WASM_BASE_BYTES;
    this.heap = capHeap(options.memory, this.heapCap, (bytes) => options.io.memory(bytes));
    refuseFailedHostAllocations(options.quickjs, () => this.stop('memory'));
    this.rt = options.quickjs.newRuntime();
    this.rt.setMemoryLimit(options.limits.memoryBytes);
    this.rt.setMaxStackSize(options.maxStackBytes ?? DEFAULT_MAX_STACK_BYTES);
    this.rt.setInterruptHandler(() => this.shouldInterrupt());
    this.vm = this.rt.newContext();
    const now = options.determinism?.now;
    this.clock = now === undefined ? realClock() : virtualClock(now);
  }

  /** Installs the prelude and evaluates the script as a module (top-level await works). */
  start(): void {
    this.guard(() => {
      this.installPrelude();
      const { limits, source } = this.options;
      this.options.io.started();
      this.deadline = Date.now() + limits.timeMs;
      // The interrupt handler only runs while the VM runs; this catches a script idling on a slow fetch or timer.
      this.deadlineTimer = setTimeout(() => this.stop('timeout'), limits.timeMs);
      // Compiled first, so a script that does not parse is told apart from one that threw a SyntaxError as it ran
      // (`JSON.parse`): the first never ran at all.
      const compiled = this.vm.evalCode(source, SCRIPT_FILE_NAME, { type: 'module', compileOnly: true });
      if (compiled.error) {
        const thrown = describeThrown(this.vm, compiled.error);
        if (thrown.message.startsWith('SyntaxError')) this.finish({ ok: false, reason: 'syntax', error: thrown.message });
        else this.failWith(compiled.error);
        compiled.error.dispose();
        return;
      }
      compiled.value.dispose();
      const result = this.vm.evalCode(source, SCRIPT_FILE_NAME, { type: 'module' });
      if (result.error) {
        this.failWith(result.error);
        result.error.dispose();
        return;
      }
      this.modulePromise = result.value;
      this.pump();
    });
  }

  private resolveFetch(id: number, response: ShimResponse): void {
    this.settleFetch(id, () => this.responseHandle(response));
  }

  private rejectFetch(id: number, message: string): void {
    this.settleFetch(id, () => {
      throw new TypeError(message);
    });
  }

  private installPrelude(): void {
    const vm = this.vm;
    const prelude = vm.unwrapResult(vm.evalCode(PRELUDE_SOURCE, 'prelude.js'));
    const host = newHostObject(vm, this.bridgeActions());
    const config = vm.newObject();
    this.setFresh(config, 'maxConsoleChars', vm.newNumber(this.options.limits.maxConsoleChars));
    this.setFresh(config, 'consoleTruncatedNote', vm.newString(consoleTruncatedNote(this.options.limits)));
    const { now, randomSeed } = this.options.determinism ?? {};
    vm.setProp(config, 'virtualTime', now === undefined ? vm.false : vm.true);
    if (randomSeed !== undefined) this.setFresh(config, 'randomSeed', vm.newNumber(randomSeed));
    const exports = vm.unwrapResult(vm.callFunction(prelude, vm.undefined, host, config));
    this.fireTimer = vm.getProp(exports, 'fireTimer');
    for (const handle of [prelude, host, config, exports]) handle.dispose();
  }

  private bridgeActions(): BridgeActions {
    return {
      log: (level, text) => {
        if (!this.finished) this.options.io.console({ level, text });
      },
      fetch: (request) => this.startFetch(request),
      setTimer: (id, ms, keepsAlive) => this.setTimer(id, ms, keepsAlive),
      clearTimer: (id) => this.clearTimer(id),
      fail: (error) => this.failWith(error),
      outOfMemory: () => {
        this.stop('memory');
        return new RangeError('out of memory');
      },
      perfNow: () => this.clock.perfNow(),
      dateNow: () => this.clock.dateNow(),
    };
  }

  private shouldInterrupt(): boolean {
    if (this.stopReason || this.finished) return true;
    if (Date.now() > this.deadline) {
      this.stopReason = 'timeout';
      return true;
    }
    if (this.heap.exhausted) {
      this.stopReason = 'memory';
      return true;
    }
    return false;
  }

  /** Runs the VM's pending jobs, then ends the run if nothing is left to wait for. */
  private pump(): void {
    if (this.finished) return;
    const jobs = this.rt.executePendingJobs();
    if (jobs.error) {
      this.failWith(jobs.error);
      jobs.error.dispose();
      return;
    }
    this.checkModule();
    if (this.finished || !this.moduleDone || this.fetches.size > 0) return;
    for (const timer of this.timers.values()) if (timer.keepsAlive) return;
    this.finish({ ok: true });
  }

  private checkModule(): void {
    if (this.finished || this.moduleDone || !this.modulePromise) return;
    const state = this.vm.getPromiseState(this.modulePromise);
    if (state.type === 'pending') return;
    if (state.type === 'rejected') {
      this.failWith(state.error);
      state.error.dispose();
      return;
    }
    this.moduleDone = true;
    if (!state.notAPromise) state.value.dispose();
  }

  private startFetch(request: ShimRequest): QuickJSHandle {
    const id = this.nextFetchId++;
    const deferred = this.vm.newPromise();
    this.fetches.set(id, deferred);
    this.options.io.fetch(request).then(
      (response) => this.resolveFetch(id, response),
      (error: unknown) => this.rejectFetch(id, error instanceof Error ? error.message : String(error)),
    );
    return deferred.handle;
  }

  private settleFetch(id: number, value: () => QuickJSHandle): void {
    const deferred = this.fetches.get(id);
    if (!deferred) return;
    this.fetches.delete(id);
    if (this.finished) return;
    this.guard(() => {
      let handle: QuickJSHandle;
      try {
        handle = value();
      } catch (error) {
        const message = error instanceof TypeError ? error.message : 'fetch failed: the response does not fit in the script\'s memory';
        handle = this.vm.newError({ name: 'TypeError', message });
        deferred.reject(handle);
        handle.dispose();
        this.pump();
        return;
      }
      deferred.resolve(handle);
      handle.dispose();
      this.pump();
    });
  }

  /** The plain object the prelude's fetch() turns into a Response (see PreludeResponse). */
  private responseHandle(response: ShimResponse): QuickJSHandle {
    const vm = this.vm;
    const body = response.body;
    const exact = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body.buffer : body.slice().buffer;
    const bodyHandle = vm.newArrayBuffer(exact);
    const object = vm.newObject();
    this.setFresh(object, 'body', bodyHandle);
    this.setFresh(object, 'status', vm.newNumber(response.status));
    this.setFresh(object, 'statusText', vm.newString(response.statusText));
    this.setFresh(object, 'headers', vm.newString(JSON.stringify(response.headers)));
    this.setFresh(object, 'url', vm.newString(response.url));
    vm.setProp(object, 'redirected', response.redirected ? vm.true : vm.false);
    return object;
  }

  private setTimer(id: number, ms: number, keepsAlive: boolean): void {
    if (this.finished) return;
    this.clearTimer(id);
    const handle = setTimeout(() => this.guard(() => this.fire(id)), ms);
    this.timers.set(id, { handle, keepsAlive, due: this.clock.due(ms) });
  }

  private clearTimer(id: number): void {
    const timer = this.timers.get(id);
    if (!timer) return;
    clearTimeout(timer.handle);
    this.timers.delete(id);
  }

  private fire(id: number): void {
    const timer = this.timers.get(id);
    this.timers.delete(id);
    if (this.finished || !this.fireTimer || !timer) return;
    this.clock.fired(timer.due);
    const idHandle = this.vm.newNumber(id);
    const result = this.vm.callFunction(this.fireTimer, this.vm.undefined, idHandle);
    idHandle.dispose();
    if (result.error) {
      this.failWith(result.error);
      result.error.dispose();
      return;
    }
    result.value.dispose();
    this.pump();
  }

  /** An exception escaped the script: report it, or the limit that caused it. */
  private failWith(error: QuickJSHandle): void {
    if (this.finished) return;
    if (this.stopReason) return this.stop(this.stopReason);
    const thrown = describeThrown(this.vm, error);
    const nearCap = this.options.memory.buffer.byteLength >= NEAR_CAP * this.heapCap;
    if (thrown.outOfMemory || (!thrown.isError && nearCap)) return this.stop('memory');
    this.finish({ ok: false, reason: 'error', error: thrown.message });
  }

  private stop(reason: 'timeout' | 'memory'): void {
    this.stopReason = reason;
    const { limits } = this.options;
    this.finish({ ok: false, reason, error: reason === 'timeout' ? timeLimitMessage(limits) : memoryLimitMessage(limits) });
  }

  /** Host-side exceptions from inside QuickJS: the host engine's stack overflowed, or the wasm trapped. */
  private guard(run: () => void): void {
    try {
      run();
    } catch (error) {
      if (this.finished) return;
      if (this.stopReason) return this.stop(this.stopReason);
      if (error instanceof RangeError && /call stack/i.test(error.message)) {
        this.finish({ ok: false, reason: 'error', error: 'RangeError: Maximum call stack size exceeded' });
        return;
      }
      this.finish({ ok: false, reason: 'crash', error: crashMessage(error instanceof Error ? error.message : String(error)) });
    }
  }

  private finish(ending: { ok: true } | { ok: false; reason: StopReason; error: string }): void {
    if (this.finished) return;
    this.finished = true;
    // The heap could not grow for an allocation: the memory limit ended the run, whatever the script (which may have
    // caught QuickJS's "out of memory") or the VM made of it.
    const outcome = this.heap.exhausted ? { ok: false as const, reason: 'memory' as const, error: memoryLimitMessage(this.options.limits) } : ending;
    clearTimeout(this.deadlineTimer);
    for (const timer of this.timers.values()) clearTimeout(timer.handle);
    this.timers.clear();
    this.options.io.done(outcome);
  }

  private setFresh(object: QuickJSHandle, key: string, value: QuickJSHandle): void {
    this.vm.setProp(object, key, value);
    value.dispose();
  }
}

/**
 * quickjs-emscripten copies a string or bytes into the VM's heap with its module's `_malloc` and writes to the
 * pointer unchecked: on a full heap that is NULL, and the copy overwrites QuickJS's own data from address 0 on (the
 * wasm traps later, "memory access out of bounds"). A failed allocation runs `onFull` and throws instead. The module
 * is a protected field of QuickJSWASMModule: were it gone, every script would fail to start, loudly.
 */
function refuseFailedHostAllocations(quickjs: QuickJSWASMModule, onFull: () => void): void {
  const module = (quickjs as unknown as { module: { _malloc(bytes: number): number } }).module;
  const malloc = module._malloc.bind(module);
  module._malloc = (bytes) => {
    const pointer = malloc(bytes);
    if (pointer === 0 && bytes > 0) {
      onFull();
      throw new RangeError('out of memory');
    }
    return pointer;
  };
}
