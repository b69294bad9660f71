/**
 * Builds the data directory the site ships: every replica's schema plus a template per project seed, dumped from
 * PGlite so that the page skips initdb (seconds) and seed loading. Output: public/pgdata.tar.gz.
 */
import { statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot as root } from '../src/cli/files.ts';
import { listSeeds, readSeed } from '../src/cli/seeds.ts';
import { Engine } from '../src/engine/index.ts';
import { replicas } from '../src/replicas/index.ts';

const seedsDir = path.join(root, 'scenarios');
const out = path.join(root, 'public', 'pgdata.tar.gz');

/**
 * Seeds above this size (the scaled corpora for paging tasks) stay out of the shipped data directory, which every
 * page load downloads; the page loads them from their own chunk when a scenario needs one.
 */
const PRELOAD_LIMIT_BYTES = 2_000_000;

const started = Date.now();
const engine = await Engine.create({ services: replicas });
const lazy: string[] = [];
for (const seed of listSeeds(seedsDir)) {
  if (statSync(seed.file).size > PRELOAD_LIMIT_BYTES) lazy.push(seed.name);
  else await engine.loadTemplate(seed.name, await readSeed(seedsDir, seed.name));
}
// A ready environment of each template, so that the page's first scenario opens without copying its seed.
await engine.prepareSpares(engine.listTemplates().map((t) => t.name));
const dump = await engine.dump();
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, Buffer.from(await dump.arrayBuffer()));
await engine.close();
console.log(`pgdata: ${engine.listTemplates().map((t) => t.name).join(', ') || 'no seeds'} → ${path.relative(root, out)} (${(dump.size / 1e6).toFixed(2)} MB, ${Date.now() - started} ms)${lazy.length ? `; loaded on demand: ${lazy.join(', ')}` : ''}`);
