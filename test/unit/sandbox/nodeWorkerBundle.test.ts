import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleEntry, codeCacheFile, createTsxNodeWorker, pickWorkerEntry, sandboxWorkerEntry } from '../../../src/cli/createNodeWorker.ts';
import { lines, run } from './harness.ts';

const roots: string[] = [];

/** A tiny TypeScript project: src/entry.ts imports src/dep.ts. */
function project(dep: string): { root: string; entry: string; cache: string } {
  const root = mkdtempSync(join(tmpdir(), 'difflab-bundle-'));
  roots.push(root);
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'entry.ts'), "import { value } from './dep.ts';\nexport const answer: string = value;\n");
  writeFileSync(join(root, 'src', 'dep.ts'), dep);
  return { root, entry: join(root, 'src', 'entry.ts'), cache: join(root, 'cache') };
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the Node sandbox worker bundle', () => {
  it('bundles an entry once, reuses it while its sources are unchanged, and rebuilds when one changes', async () => {
    const { root, entry, cache } = project("export const value = 'one';\n");
    const answer = async (bundle: string): Promise<string> => ((await import(pathToFileURL(bundle).href)) as { answer: string }).answer;
    const first = bundleEntry(entry, cache, root);
    expect(first).toMatch(/entry-[0-9a-f]{16}\.mjs$/);
    expect(await answer(first)).toBe('one');
    const inode = statSync(first).ino;

    expect(bundleEntry(entry, cache, root)).toBe(first);
    expect(statSync(first).ino).toBe(inode);

    writeFileSync(join(root, 'src', 'dep.ts'), "export const value = 'two';\n");
    const second = bundleEntry(entry, cache, root);
    expect(second).not.toBe(first);
    expect(await answer(second)).toBe('two');
    expect(existsSync(first)).toBe(true);

    // A bundle unused for over an hour goes at the next rebuild, and a code cache of it with it.
    const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(first, longAgo, longAgo);
    const firstCache = first.replace(/\.mjs$/, '.v8-0.codecache');
    writeFileSync(firstCache, 'cache');
    utimesSync(firstCache, longAgo, longAgo);
    writeFileSync(join(root, 'src', 'dep.ts'), "export const value = 'three';\n");
    const third = bundleEntry(entry, cache, root);
    expect(await answer(third)).toBe('three');
    expect(readdirSync(cache).sort()).toEqual([second, third].map((path) => basename(path)).concat('entry.json').sort());
  });

  it('falls back to the tsx bootstrap with a one-line warning when bundling fails', () => {
    const { root, entry, cache } = project('export const value = ;\n');
    const warnings: string[] = [];
    const url = pickWorkerEntry(() => bundleEntry(entry, cache, root), (line) => warnings.push(line));
    expect(url.href).toMatch(/\/src\/cli\/sandboxWorkerBootstrap\.mjs$/);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^difflab: could not bundle the sandbox worker \(.+\); starting workers through tsx/);
    expect(warnings[0]).toContain('src/dep.ts:1: ');
    expect(warnings[0]).not.toContain('\n');
  });

  it('starts this process’s workers from a bundle in node_modules/.cache/difflab', () => {
    expect(sandboxWorkerEntry().href).toMatch(/\/node_modules\/\.cache\/difflab\/sandboxWorker-[0-9a-f]{16}\.mjs$/);
  });

  it('bundles the Bash worker as one CommonJS script, with its code cache beside it under V8’s tag', () => {
    const bundle = fileURLToPath(sandboxWorkerEntry('bash'));
    expect(bundle).toMatch(/\/node_modules\/\.cache\/difflab\/bashWorker-[0-9a-f]{16}\.cjs$/);
    // just-bash is inside: nothing of it is loaded from node_modules at run time.
    expect(readFileSync(bundle, 'latin1')).not.toMatch(/require\("just-bash"\)/);
    expect(codeCacheFile(bundle)).toMatch(/^.*\/bashWorker-[0-9a-f]{16}\.v8-[0-9a-f]+\.codecache$/);
    expect(dirname(codeCacheFile(bundle))).toBe(dirname(bundle));
  });

  it('runs scripts the same through the tsx fallback', async () => {
    const source = "await new Promise((r) => setTimeout(r, 10));\nconsole.log(JSON.stringify([Date.now(), Math.random()]));";
    const bundled = await run(source, { now: 0, randomSeed: 3 });
    const tsx = await run(source, { now: 0, randomSeed: 3, createWorker: createTsxNodeWorker });
    expect(tsx.ok).toBe(true);
    expect(lines(tsx)).toEqual(lines(bundled));
  });

  it('runs Bash scripts the same through the tsx fallback as from the code-cached bundle', async () => {
    const source = "echo '{\"a\":[1,2]}' | jq -c '.a | map(. * 2)'; date -u +%FT%T; echo $RANDOM";
    const bundled = await run(source, { language: 'bash', now: 0, randomSeed: 3 });
    const tsx = await run(source, { language: 'bash', now: 0, randomSeed: 3, createWorker: createTsxNodeWorker });
    expect(bundled.ok && tsx.ok).toBe(true);
    expect(lines(tsx)).toEqual(lines(bundled));
    expect(lines(bundled).slice(0, 2)).toEqual(['[2,4]', '1970-01-01T00:00:00']);
  });
});

describe('the code-cached worker entry (codeCachedWorker.cjs)', () => {
  const loader = new URL('../../../src/cli/codeCachedWorker.cjs', import.meta.url);
  /** A bundle as createNodeWorker.ts builds it: one function expression taking CommonJS's arguments. */
  const BUNDLE = `(function (exports, require, module, __filename, __dirname) {"use strict";
const { parentPort } = require('node:worker_threads');
const square = (n) => n * n;
exports.start = (codeCache) => {
  if (codeCache.wanted) codeCache.save();
  parentPort.postMessage({ wanted: codeCache.wanted, answer: square(7), strict: (function () { return this; })() === undefined });
};
})`;

  function load(bundle: string, cache: string): Promise<{ wanted: boolean; answer: number; strict: boolean }> {
    const worker = new Worker(loader, { workerData: { codeCache: { bundle, cache } } });
    return new Promise((resolve, reject) => {
      worker.once('message', (message) => void worker.terminate().then(() => resolve(message)));
      worker.once('error', reject);
    });
  }

  it('writes a cache when there is none, takes it the next time, and writes a new one when V8 rejects it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'difflab-codecache-'));
    roots.push(root);
    const bundle = join(root, 'bundle.cjs');
    writeFileSync(bundle, BUNDLE);
    const cache = codeCacheFile(bundle);

    expect(await load(bundle, cache)).toEqual({ wanted: true, answer: 49, strict: true });
    expect(existsSync(cache)).toBe(true);
    expect(await load(bundle, cache)).toEqual({ wanted: false, answer: 49, strict: true });

    writeFileSync(cache, 'not a code cache');
    expect(await load(bundle, cache)).toMatchObject({ wanted: true, answer: 49 });
    expect(readFileSync(cache, 'utf8')).not.toBe('not a code cache');
    expect(await load(bundle, cache)).toMatchObject({ wanted: false });
    // Nothing left half-written.
    expect(readdirSync(root).sort()).toEqual([basename(bundle), basename(cache)].sort());
  });

  it('runs the bundle without a cache where none can be written', async () => {
    const root = mkdtempSync(join(tmpdir(), 'difflab-codecache-'));
    roots.push(root);
    const bundle = join(root, 'bundle.cjs');
    writeFileSync(bundle, BUNDLE);
    const cache = join(root, 'missing-directory', 'bundle.codecache');
    expect(await load(bundle, cache)).toEqual({ wanted: true, answer: 49, strict: true });
    expect(await load(bundle, cache)).toMatchObject({ wanted: true });
  });
});
