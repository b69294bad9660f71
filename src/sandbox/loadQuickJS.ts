import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import { WASM_PAGE_BYTES } from './heapCap.ts';
import { WASM_BASE_BYTES } from './protocol.ts';
import type { SandboxLimits } from './types.ts';

/** Loads a QuickJS module instance whose heap is the given WebAssembly memory. */
export type LoadQuickJS = (memory: WebAssembly.Memory) => Promise<QuickJSWASMModule>;

/** The most this build of QuickJS declares it may use (2 GB). */
const MAX_PAGES = 32_768;

export const loadQuickJS: LoadQuickJS = (memory) =>
  newQuickJSWASMModuleFromVariant(newVariant(releaseSync, { wasmMemory: memory }));

/**
 * QuickJS's setMemoryLimit does not bound big allocations (typed arrays, long strings grow the heap to 2 GB;
 * see FEASIBILITY.md). A memory with a `maximum` does: growing past it fails, malloc returns NULL and QuickJS
 * throws "out of memory" inside the script, which the session reports as the memory limit.
 */
export function newScriptMemory(limits: SandboxLimits): WebAssembly.Memory {
  const initial = WASM_BASE_BYTES / WASM_PAGE_BYTES;
  const maximum = Math.min(MAX_PAGES, Math.max(initial, Math.ceil((limits.memoryBytes + WASM_BASE_BYTES) / WASM_PAGE_BYTES)));
  return new WebAssembly.Memory({ initial, maximum });
}
