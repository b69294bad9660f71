import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant } from 'quickjs-emscripten-core';
import { newScriptMemory, type LoadQuickJS } from './loadQuickJS.ts';
import { PRELUDE_SOURCE } from './prelude.ts';
import { defaultLimits } from './types.ts';

/**
 * A QuickJS loader whose WebAssembly module is compiled once, and a warm-up to run before the script comes: the
 * compile, the glue's imports and one throwaway interpreter on a memory of its own that evaluates the prelude (V8
 * tiers up a module's hot functions for every later instance). The script's interpreter is still new, on its own
 * capped memory: the warm-up leaves it nothing to see.
 */
export function preparedQuickJS(wasmBytes: () => Promise<BufferSource>): { load: LoadQuickJS; prepare: () => Promise<void> } {
  let compiled: Promise<WebAssembly.Module> | undefined;
  const compile = () => (compiled ??= wasmBytes().then((bytes) => WebAssembly.compile(bytes)));
  const load: LoadQuickJS = async (memory) =>
    newQuickJSWASMModuleFromVariant(newVariant(releaseSync, { wasmMemory: memory, wasmModule: await compile() }));
  const prepare = async () => {
    try {
      const quickjs = await load(newScriptMemory(defaultLimits));
      const vm = quickjs.newContext();
      try {
        vm.unwrapResult(vm.evalCode(PRELUDE_SOURCE, 'prelude.js')).dispose();
      } finally {
        vm.dispose();
      }
    } catch {
      // Only a warm-up: the script's own load reports what is wrong.
      compiled = undefined;
    }
  };
  return { load, prepare };
}
