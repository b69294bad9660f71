import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleEntry, createTsxNodeWorker, pickWorkerEntry, sandboxWorkerEntry } from '../../../src/cli/createNodeWorker.ts';
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

    // A bundle unused for over an hour goes at the next rebuild.
    const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(first, longAgo, longAgo);
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

  it('runs scripts the same through the tsx fallback', async () => {
    const source = "await new Promise((r) => setTimeout(r, 10));\nconsole.log(JSON.stringify([Date.now(), Math.random()]));";
    const bundled = await run(source, { now: 0, randomSeed: 3 });
    const tsx = await run(source, { now: 0, randomSeed: 3, createWorker: createTsxNodeWorker });
    expect(tsx.ok).toBe(true);
    expect(lines(tsx)).toEqual(lines(bundled));
  });
});
