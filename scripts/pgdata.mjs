// The site's prebuilt data directory (public/pgdata.tar.gz), rebuilt only when what goes into it changed: the
// seeds, the replicas' schemas and seed preparation, the engine that lays the database out, PGlite's version and the
// build script. Their content hash is kept beside the other build caches (node_modules/.cache/difflab/); an
// unchanged hash skips the build, which takes seconds (PGlite's initdb, every seed loaded, a dump).
// Plain Node, no TypeScript loader, so that the check itself costs a fraction of a second.
// Usage: node scripts/pgdata.mjs [--force]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every file below `dir` (sorted, relative to `root`), or none when it does not exist. */
function filesUnder(root, dir, keep = () => true) {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true })
    .map((f) => path.join(dir, String(f)))
    .filter((f) => statSync(path.join(root, f)).isFile() && keep(f))
    .sort();
}

/** The files whose content decides the data directory, relative to the repository root. */
export function pgdataInputs(root) {
  const replicaDirs = existsSync(path.join(root, 'src/replicas'))
    ? readdirSync(path.join(root, 'src/replicas'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
    : [];
  return [
    'scripts/build-pgdata.ts',
    'scripts/pgdata.mjs',
    'src/cli/seeds.ts',
    'src/replicas/index.ts',
    ...filesUnder(root, 'src/engine'),
    // A replica's tables and seed preparation (`schema.ts`) and its name and clock (`index.ts`).
    ...replicaDirs.flatMap((r) => [`src/replicas/${r}/schema.ts`, `src/replicas/${r}/index.ts`]),
    ...filesUnder(root, 'scenarios', (f) => /[\\/]seeds[\\/][^\\/]+\.json$/.test(f)),
    'node_modules/@electric-sql/pglite/package.json',
  ].filter((f) => existsSync(path.join(root, f)));
}

/** One hash of the inputs' names and contents. */
export function pgdataInputsHash(root) {
  const hash = createHash('sha256');
  for (const f of pgdataInputs(root)) {
    hash.update(f.replace(/\\/g, '/') + '\0');
    hash.update(readFileSync(path.join(root, f)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const out = (root) => path.join(root, 'public', 'pgdata.tar.gz');
const stamp = (root) => path.join(root, 'node_modules', '.cache', 'difflab', 'pgdata.inputs');

/** Whether public/pgdata.tar.gz was built from the inputs as they are now. */
export function pgdataIsCurrent(root, hash = pgdataInputsHash(root)) {
  return existsSync(out(root)) && existsSync(stamp(root)) && readFileSync(stamp(root), 'utf8').trim() === hash;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(here, '..');
  const started = Date.now();
  const hash = pgdataInputsHash(root);
  if (!process.argv.includes('--force') && pgdataIsCurrent(root, hash)) {
    console.log(`pgdata: public/pgdata.tar.gz is up to date (inputs ${hash.slice(0, 12)}, checked in ${Date.now() - started} ms)`);
  } else {
    const built = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'build-pgdata.ts')], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
    mkdirSync(path.dirname(stamp(root)), { recursive: true });
    writeFileSync(stamp(root), hash + '\n');
  }
}
