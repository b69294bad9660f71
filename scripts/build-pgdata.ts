/**
 * Builds the data directory the site ships: every replica's schema plus a template per project seed, dumped from
 * PGlite so that the page skips initdb (seconds) and seed loading. Output: public/pgdata.tar.gz.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Engine } from '../src/engine/index.ts';
import { replicas } from '../src/replicas/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'public', 'pgdata.tar.gz');

async function projectSeeds(): Promise<{ name: string; file: string }[]> {
  const found: { name: string; file: string }[] = [];
  for (const service of await readdir(path.join(root, 'scenarios'), { withFileTypes: true })) {
    if (!service.isDirectory()) continue;
    const dir = path.join(root, 'scenarios', service.name, 'seeds');
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const f of files) if (f.endsWith('.json')) found.push({ name: f.slice(0, -5), file: path.join(dir, f) });
  }
  return found;
}

const started = Date.now();
const engine = await Engine.create({ services: replicas });
for (const seed of await projectSeeds()) {
  await engine.loadTemplate(seed.name, JSON.parse(await readFile(seed.file, 'utf8')));
}
const dump = await engine.dump();
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, Buffer.from(await dump.arrayBuffer()));
await engine.close();
console.log(`pgdata: ${engine.listTemplates().map((t) => t.name).join(', ') || 'no seeds'} → ${path.relative(root, out)} (${(dump.size / 1e6).toFixed(2)} MB, ${Date.now() - started} ms)`);
