import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cachedDataVersionTag, setFlagsFromString } from 'node:v8';
import { Worker, type ResourceLimits, type TransferListItem } from 'node:worker_threads';
import type { BuildOptions } from 'esbuild';
import type { LanguageId } from '../sandbox/languages.ts';
import type { SandboxLimits, WorkerFactory, WorkerLike } from '../sandbox/types.ts';
import { cliCacheDir, writeAtomically } from './cacheDir.ts';
import { pythonSnapshotFile } from './pythonSnapshot.ts';
import { zoneinfoFile } from './zoneinfo.ts';

const MB = 1024 * 1024;
/**
 * V8 reads these when it makes an isolate, so they shape the heaps of the sandbox workers this process starts (its
 * own heap is made already). A Bash worker's start allocates ~12 MB that stays alive (just-bash's modules, the code
 * cache's functions): from V8's 1 MB first young space that was seven scavenges, each copying it all again, and a
 * mark-compact, ~20 ms of CPU; starting with an 8 MB young space and a 64 MB old one it is one collection, and a Bash
 * worker's whole life went from 93 to 74 ms of CPU (scripts/measure-bash-worker.ts, AMD EPYC, idle), a 25-step ReAct
 * run's CPU from 112 to 94 ms a step (four interleaved pairs). Set when this module loads, before any code cache is
 * named: the flags are part of V8's cachedDataVersionTag.
 */
for (const flag of ['--min-semi-space-size=8', '--initial-old-space-size=64']) setFlagsFromString(flag);

const NODE_WORKER_STACK_MB = 4;
/** Registers tsx in the worker, then imports the language's TypeScript entry (see the file for why): the slow fallback. */
const TSX_BOOTSTRAP = new URL('./sandboxWorkerBootstrap.mjs', import.meta.url);
/** Each language's worker entry, beside this file: a worker loads only its own language's runtime. */
const WORKER_ENTRIES: Partial<Record<LanguageId, string>> = {
  javascript: './sandboxWorker.ts',
  bash: './bashWorker.ts',
  python: './pythonWorker.ts',
};
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The entry of a worker whose bundle is CommonJS with a code cache (see the file). */
const CODE_CACHED_LOADER = new URL('./codeCachedWorker.cjs', import.meta.url);

/** How a language's worker entry is bundled: esbuild's options, and the bundle's file extension. */
interface WorkerBuild {
  options: BuildOptions;
  extension: 'mjs' | 'cjs';
}

const COMMON_OPTIONS = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  logLevel: 'silent',
  // `import text from './x.py?raw'`, as Vite reads it: esbuild drops the query and loads the file as text.
  loader: { '.py': 'text' },
} satisfies BuildOptions;

/**
 * One ES module, packages external: @jitl/quickjs-wasmfile-release-sync finds its .wasm next to its own module
 * through import.meta.url, which a bundle would repoint at the cache directory.
 */
const ES_MODULE_BUILD: WorkerBuild = { options: { ...COMMON_OPTIONS, format: 'esm', packages: 'external' }, extension: 'mjs' };

/**
 * just-bash's chunks that a DiffLab shell never loads: its own network client (undici; DiffLab's curl replaces its
 * curl, and no `network` option is given) and its flag-coverage report. Left out of the bundle (as imports that would
 * fail if they ever ran): they were a fifth of the source each worker reads.
 */
const UNUSED_CHUNKS = ['./chunks/undici-*', './chunks/flag-coverage-*'];

/** Put together: the CLI's own bundler (bin/cliBundle.mjs) replaces that text wherever it is in a source. */
const IMPORT_META_URL = ['import', 'meta', 'url'].join('.');

/**
 * The Bash worker: one CommonJS script, just-bash and its JavaScript dependencies inside, run by
 * codeCachedWorker.cjs with a V8 code cache (a script can have one, an ES module cannot in Node 20). Minified:
 * each worker reads the source and V8 hashes it. The wrapper makes the file one function expression taking
 * CommonJS's arguments (in strict mode, as esbuild's own CommonJS output is), so that the loader passes V8 the file
 * as it is. just-bash's `createRequire(import.meta.url)` gets the bundle's own URL. Packages stay external when
 * they find files beside themselves (sql.js, quickjs-emscripten: sqlite3 and js-exec, which DiffLab does not turn
 * on) or are native and optional (xz, zstd).
 */
const CODE_CACHED_BUILD: WorkerBuild = {
  options: {
    ...COMMON_OPTIONS,
    format: 'cjs',
    minify: true,
    external: ['sql.js', 'quickjs-emscripten', 'node-liblzma', '@mongodb-js/zstd', ...UNUSED_CHUNKS],
    banner: { js: '(function (exports, require, module, __filename, __dirname) {"use strict";const __bundleUrl=require("node:url").pathToFileURL(__filename).href;' },
    footer: { js: '})' },
    define: {
      [IMPORT_META_URL]: '__bundleUrl',
      // Node's Headers is a getter that loads its undici (~15 ms CPU a worker); just-bash reads it at load for the
      // curl that DiffLab's replaces.
      'globalThis.Headers': 'undefined',
    },
  },
  extension: 'cjs',
};

/** Each language's bundle: the ES module unless listed. */
const WORKER_BUILDS: Partial<Record<LanguageId, WorkerBuild>> = { bash: CODE_CACHED_BUILD };
/** Bundles unused for this long are deleted on a rebuild; a fresher one may still serve another process. */
const STALE_BUNDLE_MS = 60 * 60 * 1000;

/**
 * The V8 heap of the worker holds the worker's own code and the host-side copies of request and response
 * bodies and console text; the script's heap is the WebAssembly memory, capped separately (loadQuickJS.ts).
 */
export function nodeResourceLimits(limits: SandboxLimits): ResourceLimits {
  return {
    maxOldGenerationSizeMb: Math.ceil(limits.memoryBytes / MB) + 64,
    maxYoungGenerationSizeMb: 16,
    stackSizeMb: NODE_WORKER_STACK_MB,
  };
}

/**
 * A bundle's name: a hash of its build options and inputs. A source counts by its contents; a package's file (a
 * bundle that takes its packages in has hundreds) by its size and modification time, which an install or a patch
 * changes, so that a process finds its bundle without reading megabytes.
 */
function contentHash(root: string, inputs: string[], build: WorkerBuild): string | null {
  const hash = createHash('sha256').update(JSON.stringify(build));
  for (const input of inputs) {
    const path = resolve(root, input);
    if (!existsSync(path)) return null;
    hash.update(`\0${input}\0`);
    if (/(^|[\\/])node_modules[\\/]/.test(input)) {
      const { size, mtimeMs } = statSync(path);
      hash.update(`${size} ${mtimeMs}`);
    } else hash.update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Deletes an entry's files of other builds (bundles, their code caches) that have not been used for a while. */
function removeStaleBundles(cacheDir: string, name: string, keepPrefix: string): void {
  for (const file of readdirSync(cacheDir)) {
    if (!file.startsWith(`${name}-`) || file.startsWith(keepPrefix)) continue;
    const path = join(cacheDir, file);
    if (Date.now() - statSync(path).mtimeMs > STALE_BUNDLE_MS) rmSync(path, { force: true });
  }
}

function cachedBundle(manifestPath: string, cacheDir: string, name: string, root: string, build: WorkerBuild): string | null {
  let inputs: unknown;
  try {
    inputs = (JSON.parse(readFileSync(manifestPath, 'utf8')) as { inputs?: unknown }).inputs;
  } catch {
    return null;
  }
  if (!Array.isArray(inputs) || !inputs.every((input) => typeof input === 'string')) return null;
  const hash = contentHash(root, inputs, build);
  const bundle = join(cacheDir, `${name}-${hash}.${build.extension}`);
  if (!hash || !existsSync(bundle)) return null;
  // Its modification time is its last use, for removeStaleBundles.
  const now = new Date();
  utimesSync(bundle, now, now);
  return bundle;
}

/**
 * Bundles a TypeScript entry into one file in cacheDir (an ES module unless `build` says otherwise) and returns its
 * path. The bundle is named by a hash of its input files' contents, and a manifest lists those inputs, so a later
 * process whose sources have not changed reuses it without loading esbuild. Throws when bundling fails.
 */
export function bundleEntry(entry: string, cacheDir: string, root: string = ROOT, build: WorkerBuild = ES_MODULE_BUILD): string {
  const name = entry.replace(/^.*[\\/]/, '').replace(/\.[cm]?[jt]s$/, '');
  const manifestPath = join(cacheDir, `${name}.json`);
  const cached = cachedBundle(manifestPath, cacheDir, name, root, build);
  if (cached) return cached;
  // Loaded only when a bundle must be built: most processes find one.
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const result = esbuild.buildSync({ ...build.options, entryPoints: [entry], absWorkingDir: root, write: false, metafile: true, outdir: cacheDir });
  // An input imported with a query (`x.py?raw`) is the file without it.
  const inputs = Object.keys(result.metafile.inputs)
    .map((input) => input.replace(/\?[^/]*$/, ''))
    .sort();
  const hash = contentHash(root, inputs, build);
  const output = result.outputFiles[0];
  if (!hash || !output) throw new Error('esbuild produced no bundle');
  mkdirSync(cacheDir, { recursive: true });
  const bundle = join(cacheDir, `${name}-${hash}.${build.extension}`);
  writeAtomically(bundle, output.contents);
  writeAtomically(manifestPath, JSON.stringify({ inputs }, null, 2));
  removeStaleBundles(cacheDir, name, `${name}-${hash}.`);
  return bundle;
}

/**
 * Where the code cache of a CommonJS bundle lives: beside it, named by its hash and by V8's tag for what a cache
 * depends on (its version, its flags, the CPU's features). A flag changes it: `run` turns off wasm tier-up, and V8
 * would reject a cache that an `eval` process wrote, so each keeps its own.
 */
export function codeCacheFile(bundle: string): string {
  return bundle.replace(/\.cjs$/, `.v8-${cachedDataVersionTag().toString(16)}.codecache`);
}

/** esbuild's own message starts "Build failed with 1 error:"; its first error says more. */
function firstError(error: unknown): string {
  const first = (error as { errors?: { text: string; location: { file: string; line: number } | null }[] } | null)?.errors?.[0];
  if (first) return first.location ? `${first.location.file}:${first.location.line}: ${first.text}` : first.text;
  return (error instanceof Error ? error.message : String(error)).split('\n')[0];
}

/** The worker's entry module: the bundle, or else the tsx bootstrap, with a one-line warning on stderr. */
export function pickWorkerEntry(bundle: () => string, warn: (line: string) => void): URL {
  try {
    return pathToFileURL(bundle());
  } catch (error) {
    const detail = firstError(error);
    warn(`difflab: could not bundle the sandbox worker (${detail}); starting workers through tsx, which is slower`);
    return TSX_BOOTSTRAP;
  }
}

const workerEntries = new Map<LanguageId, URL>();

/** Whether this build has a sandbox for the language. */
export function hasWorkerFor(language: LanguageId): boolean {
  return !!WORKER_ENTRIES[language];
}

/** The TypeScript source of a language's worker entry; throws for a language this build has no sandbox for. */
export function workerSource(language: LanguageId): URL {
  const entry = WORKER_ENTRIES[language];
  if (!entry) throw new Error(`there is no ${language} sandbox in this build`);
  return new URL(entry, import.meta.url);
}

/**
 * The module a language's workers start from: bundled once per process (tsx in each worker cost ~85% of its
 * start-up), and again if another process has since deleted the bundle.
 */
export function sandboxWorkerEntry(language: LanguageId = 'javascript'): URL {
  let entry = workerEntries.get(language);
  if (entry && entry !== TSX_BOOTSTRAP && !existsSync(entry)) entry = undefined;
  entry ??= pickWorkerEntry(
    () => bundleEntry(fileURLToPath(workerSource(language)), cliCacheDir, ROOT, WORKER_BUILDS[language]),
    (line) => process.stderr.write(`${line}\n`),
  );
  workerEntries.set(language, entry);
  return entry;
}

/** What a language's worker entry reads at start (the tsx fallback's bootstrap imports `entry`). */
function workerData(language: LanguageId): Record<string, unknown> {
  const entry = workerSource(language).href;
  if (language !== 'python') return { entry };
  return { entry, denyImportsHook: new URL('./denyImportsHook.mjs', import.meta.url).href, zoneinfoFile: zoneinfoFile(), snapshotFile: pythonSnapshotFile() };
}

/**
 * A WorkerFactory whose workers start from this entry (measure-sandbox.ts compares the bundle and tsx): a module, or
 * a CommonJS bundle, which codeCachedWorker.cjs runs with its code cache.
 */
export function nodeWorkerFactory(entry: (language: LanguageId) => URL): WorkerFactory {
  return (limits, language = 'javascript') => {
    const url = entry(language);
    const bundle = url.pathname.endsWith('.cjs') ? fileURLToPath(url) : null;
    const worker = new Worker(bundle ? CODE_CACHED_LOADER : url, {
      // Not the parent's flags (vitest's, or an --import that would not apply anyway).
      execArgv: [],
      // Not the parent's environment either (it may hold an API key): a worker's process.env is its own copy.
      env: {},
      workerData: { ...workerData(language), ...(bundle && { codeCache: { bundle, cache: codeCacheFile(bundle) } }) },
      resourceLimits: nodeResourceLimits(limits),
    });
    // A spare worker can fail before anyone listens (its start threw): an 'error' with no listener would take the
    // whole process down, so it is kept here and handed to the listeners that come later.
    let failure: unknown;
    worker.on('error', (err) => void (failure ??= err));
    worker.on('exit', (code) => void (failure ??= new Error(`the sandbox worker exited with code ${code}`)));
    const adapter: WorkerLike = {
      postMessage: (message, transfer) => worker.postMessage(message, transfer as TransferListItem[] | undefined),
      onMessage: (listener) => void worker.on('message', listener),
      onError: (listener) => {
        if (failure !== undefined) return void queueMicrotask(() => listener(failure));
        worker.on('error', listener);
        worker.on('messageerror', listener);
        worker.on('exit', (code) => listener(new Error(`the sandbox worker exited with code ${code}`)));
      },
      terminate: () => void worker.terminate(),
    };
    return adapter;
  };
}

/** The WorkerFactory for Node (CLI, tests): a worker_thread running the language's entry (src/cli/*Worker.ts), bundled. */
export const createNodeWorker: WorkerFactory = nodeWorkerFactory(sandboxWorkerEntry);

/** Workers that register tsx and load the TypeScript sources: the fallback, slow path. */
export const createTsxNodeWorker: WorkerFactory = nodeWorkerFactory(() => TSX_BOOTSTRAP);
