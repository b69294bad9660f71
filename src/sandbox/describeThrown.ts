import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import { SCRIPT_FILE_NAME } from './protocol.ts';

export interface Thrown {
  /** "TypeError: cannot read property 'x' of undefined (line 3)", or "Uncaught 42" for a non-error. */
  message: string;
  /** An object with a string name and message (an Error, usually). */
  isError: boolean;
  /** QuickJS's own "out of memory" error. */
  outOfMemory: boolean;
}

const SCRIPT_LINE = new RegExp(`${SCRIPT_FILE_NAME.replace('.', '\\.')}:(\\d+)`);

function stringProp(vm: QuickJSContext, handle: QuickJSHandle, key: string): string | undefined {
  const prop = vm.getProp(handle, key);
  try {
    return vm.typeof(prop) === 'string' ? vm.getString(prop) : undefined;
  } finally {
    prop.dispose();
  }
}

function shown(vm: QuickJSContext, handle: QuickJSHandle): string {
  const value: unknown = vm.dump(handle);
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

/**
 * Reads an exception out of the VM and words it for people. Reads only name, message and stack of an error, so it
 * works, as far as anything does, right after QuickJS ran out of memory (when it may throw a bare null or an error
 * that cannot be serialised).
 */
export function describeThrown(vm: QuickJSContext, handle: QuickJSHandle): Thrown {
  try {
    if (vm.typeof(handle) === 'object') {
      const name = stringProp(vm, handle, 'name');
      const message = stringProp(vm, handle, 'message');
      if (name !== undefined && message !== undefined) {
        const line = SCRIPT_LINE.exec(stringProp(vm, handle, 'stack') ?? '')?.[1];
        const head = message ? `${name}: ${message}` : name;
        return {
          message: line ? `${head} (line ${line})` : head,
          isError: true,
          outOfMemory: name === 'InternalError' && message === 'out of memory',
        };
      }
    }
    return { message: `Uncaught ${shown(vm, handle)}`, isError: false, outOfMemory: false };
  } catch {
    return { message: 'Uncaught exception (its value could not be read)', isError: false, outOfMemory: false };
  }
}
