/** WebAssembly's page: memories grow by whole pages. */
export const WASM_PAGE_BYTES = 64 * 1024;

/** What a capped heap has seen of its runtime's growth. */
export interface HeapCap {
  /**
   * The last growth the runtime asked for was refused: an allocation failed for want of memory. Emscripten asks
   * for 20%, then 10%, then 5% more than it needs before it gives up, so one refusal alone is not yet a failure;
   * a later growth that fits clears this.
   */
  readonly exhausted: boolean;
}

/**
 * Caps a WebAssembly memory at `capBytes`: growing past it is refused, as a memory declared with that `maximum`
 * would refuse it. Emscripten's allocator grows its heap through `memory.grow` from JavaScript
 * (`emscripten_resize_heap`) and takes a throw there as "no more memory": malloc returns NULL and the runtime
 * raises its own out-of-memory error (Python's MemoryError, QuickJS's InternalError). Pyodide's memory exists
 * before the sandbox sees it (declared to grow to 4 GB), so its cap can only be kept this way; on QuickJS's memory,
 * whose `maximum` is the cap already, this only watches. `onGrow` hears each growth (the heap's new size).
 */
export function capHeap(memory: WebAssembly.Memory, capBytes: number, onGrow?: (bytes: number) => void): HeapCap {
  const state = { exhausted: false };
  const grow = memory.grow;
  Object.defineProperty(memory, 'grow', {
    value: (pages: number): number => {
      if (memory.buffer.byteLength + pages * WASM_PAGE_BYTES > capBytes) {
        state.exhausted = true;
        throw new RangeError('WebAssembly.Memory.grow(): the script\'s memory limit is reached');
      }
      let previousPages: number;
      try {
        previousPages = grow.call(memory, pages);
      } catch (error) {
        state.exhausted = true;
        throw error;
      }
      state.exhausted = false;
      onGrow?.(memory.buffer.byteLength);
      return previousPages;
    },
  });
  return state;
}
