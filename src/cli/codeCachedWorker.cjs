// The Node entry of a sandbox worker whose code is one CommonJS bundle with a V8 code cache beside it (the Bash
// worker; createNodeWorker.ts builds the bundle). Node 20 caches no compiled ES modules, and compiling just-bash
// again in each worker was most of a Bash worker's start. Here V8 takes the bundle's functions from the cache,
// compiled as the warm-up left them, instead of parsing and compiling them. Plain CommonJS on purpose: an ES module
// entry starts Node's ESM loader in the worker, ~5 ms CPU more.
//
// The cache is written by a worker that found none, or whose cache V8 rejected, once its full warm-up has run and
// before any script (the bundle's `start` is told so). Its name (codeCacheFile in createNodeWorker.ts) holds the
// bundle's hash and V8's tag for what a cache depends on; it is written through a temporary file and renamed, as
// writeAtomically in cacheDir.ts does, so that a worker never reads half of one.
'use strict';
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname } = require('node:path');
const { Script } = require('node:vm');
const { threadId, workerData } = require('node:worker_threads');

const { bundle, cache } = workerData.codeCache;
let cachedData;
try {
  cachedData = readFileSync(cache);
} catch {
  // None yet: this worker writes it.
}
// The bundle is ASCII (esbuild escapes the rest), which latin1 reads without decoding; it is one function
// expression taking CommonJS's arguments (createNodeWorker.ts wraps it), so V8 gets it as it is.
const script = new Script(readFileSync(bundle, 'latin1'), {
  filename: bundle,
  cachedData,
  // What an ES module's import() would do (just-bash loads optional compressors that way).
  importModuleDynamically: (specifier) => import(specifier),
});
const wanted = cachedData === undefined || script.cachedDataRejected === true;
const module_ = { exports: {} };
script.runInThisContext()(module_.exports, createRequire(bundle), module_, bundle, dirname(bundle));
module_.exports.start({
  wanted,
  save() {
    const temporary = `${cache}.${process.pid}-${threadId}.tmp`;
    try {
      writeFileSync(temporary, script.createCachedData());
      renameSync(temporary, cache);
    } catch {
      // A read-only cache directory: workers go on compiling for themselves.
    }
  },
});
