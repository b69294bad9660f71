/**
 * The part of Pyodide's API the sandbox uses, written out so that the core does not depend on the package's
 * typings (which reference DOM and Node types). A shell passes a function that loads Pyodide with these options.
 */
export interface PyodideLoadOptions {
  /** The object Python's `js` module would show: the sandbox gives an empty one (and then closes the module). */
  jsglobals: object;
  env: Record<string, string>;
  /** sys.executable, and Emscripten's program name (its `_` variable); in Node it would be the host's entry file. */
  _sysExecutable: string;
  args: string[];
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  /** Pyodide's (undocumented) memory snapshots: start from one, or prepare to take one. */
  _loadSnapshot?: Uint8Array | Promise<Uint8Array>;
  _makeSnapshot?: boolean;
}

export interface PyProxyLike {
  (...args: unknown[]): unknown;
  callPromising(...args: unknown[]): Promise<unknown>;
  destroy(): void;
}

export interface PyodideLike {
  FS: {
    mkdirTree(path: string): void;
    writeFile(path: string, data: string | Uint8Array): void;
    readFile(path: string): Uint8Array;
    readdir(path: string): string[];
    stat(path: string): { mode: number };
    isDir(mode: number): boolean;
    isFile(mode: number): boolean;
  };
  runPython(code: string): unknown;
  pyimport(name: string): { [name: string]: unknown };
  setStdout(options: { batched: (line: string) => void }): void;
  setStderr(options: { batched: (line: string) => void }): void;
  setInterruptBuffer(buffer: ArrayLike<number>): void;
  unregisterJsModule(name: string): void;
  /** Only after a load with `_makeSnapshot`. */
  makeMemorySnapshot?(): Uint8Array;
  /** Emscripten's module: its heap is the script's memory; its FS, the script's files. */
  _module: EmscriptenModuleLike;
}

export type LoadPyodide = (options: PyodideLoadOptions) => Promise<PyodideLike>;

/** The parts of Emscripten's module the sandbox touches. */
export interface EmscriptenModuleLike {
  HEAP8: Int8Array;
  /** The heap: Emscripten grows it with `memory.grow` (see heapCap.ts). */
  memory: WebAssembly.Memory;
  FS: {
    filesystems: Record<string, object>;
    mount(type: object, options: object, mountpoint: string): unknown;
    ErrnoError: new (errno: number) => Error;
  };
  [name: string]: unknown;
}
