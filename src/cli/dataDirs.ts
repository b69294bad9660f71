import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Engine, EngineError, type SeedFile, type ServiceSchema } from '../engine/index.ts';
import { loadReplicas } from '../replicas/catalog.ts';
import { dataCacheDir, writeAtomically } from './cacheDir.ts';
import { seedContentsStamp } from './seeds.ts';

/** The seeds a command needs as templates, by name, with their files. */
export interface SeedNeed {
  name: string;
  file: string;
  read: () => SeedFile | Promise<SeedFile>;
}

/** Data directories kept, newest use first; a suite's costs ~40 MB on disk. */
const KEPT = 8;
/** Raised when what a data directory holds changes shape (the meta schema's tables, the base cluster, a checkpoint). */
const FORMAT = 2;

const pgliteVersion = (() => {
  try {
    const require = createRequire(import.meta.url);
    let dir = dirname(require.resolve('@electric-sql/pglite'));
    while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
    return String((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string }).version);
  } catch {
    return 'unknown';
  }
})();

/** What a cached data directory was built from: its replicas' schemas and its seeds' bytes. */
function keyOf(replicas: ServiceSchema[], seeds: SeedNeed[]): string {
  const hash = createHash('sha256').update(JSON.stringify([FORMAT, pgliteVersion]));
  for (const r of replicas) hash.update(`\0service\0${r.name}\0`).update(r.schemaSql);
  for (const s of [...seeds].sort((a, b) => a.name.localeCompare(b.name))) {
    hash.update(`\0seed\0${s.name}\0`).update(readFileSync(s.file)).update(seedContentsStamp(s.file));
  }
  return hash.digest('hex').slice(0, 20);
}

/**
 * An engine holding the replicas' schemas and the seeds as templates, started from a data directory built for
 * exactly these the first time they are asked for: PGlite then starts without initdb (seconds) and without loading
 * any seed, and holds nothing else, so a command about one suite starts in well under a second. Where the cache
 * cannot be written, the engine is built from scratch each time. A seed that does not load is left out (the command
 * reports it when it loads the seed itself).
 *
 * A flat seed (tables without service names) is matched to the replicas given; should one of its tables belong to
 * none of them, every replica is loaded instead, and the data directory remembers that.
 */
export async function engineFor(replicas: ServiceSchema[], seeds: SeedNeed[]): Promise<Engine> {
  const dir = dataCacheDir();
  const key = keyOf(replicas, seeds);
  const file = dir ? join(dir, `pgdata-${key}.tar`) : null;
  const sidecar = file ? `${file}.json` : null;
  if (file && sidecar && existsSync(file) && existsSync(sidecar)) {
    try {
      const { services } = JSON.parse(readFileSync(sidecar, 'utf8')) as { services: string[] };
      const used = services.length === replicas.length ? replicas : await loadReplicas(services);
      const engine = await Engine.create({ services: used, loadDataDir: readCached(file) });
      const now = new Date();
      utimesSync(file, now, now);
      return engine;
    } catch {
      // A torn file or one from another PGlite build: build it again.
      rmSync(file, { force: true });
    }
  }

  let built = await build(replicas, seeds, dir);
  if (built.misplaced) {
    const all = await loadReplicas();
    if (all.length > built.replicas.length) {
      await built.engine.close();
      built = await build(all, seeds, dir);
    }
  }
  if (file && sidecar) await keep(built.engine, built.replicas, file, sidecar);
  return built.engine;
}

async function build(replicas: ServiceSchema[], seeds: SeedNeed[], dir: string | null): Promise<{ engine: Engine; replicas: ServiceSchema[]; misplaced: boolean }> {
  const engine = await Engine.create({ services: replicas, loadDataDir: dir ? await baseCluster(dir) : undefined });
  let misplaced = false;
  for (const seed of seeds) {
    try {
      await engine.loadTemplate(seed.name, await seed.read());
    } catch (err) {
      if (err instanceof EngineError && /belongs to no replica/.test(err.message)) misplaced = true;
    }
  }
  return { engine, replicas, misplaced };
}

async function keep(engine: Engine, replicas: ServiceSchema[], file: string, sidecar: string): Promise<void> {
  try {
    const dump = await engine.dump('none');
    writeAtomically(file, new Uint8Array(await dump.arrayBuffer()));
    writeAtomically(sidecar, JSON.stringify({ services: replicas.map((r) => r.name), templates: engine.listTemplates().map((t) => t.name) }));
    evict(dirname(file));
  } catch {
    // A full disk only makes the next start slower.
  }
}

/**
 * A cached file's bytes, read whole now. Not `openAsBlob`: its Blob reads the file later and fails once the file's
 * modification time has changed, which another process's use (`utimesSync` above) does at any moment; in Node 20 the
 * failed read also leaves a file handle that keeps the process from exiting (three `check`s started together hung
 * one in three rounds). Files are replaced by rename (writeAtomically), so a whole read sees one version.
 */
function readCached(file: string): Blob {
  return new Blob([readFileSync(file)]);
}

/** Keeps the KEPT most recently used data directories. */
function evict(dir: string): void {
  const entries = readdirSync(dir)
    .filter((f) => /^pgdata-[0-9a-f]+\.tar$/.test(f))
    .map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { f } of entries.slice(KEPT)) {
    rmSync(join(dir, f), { force: true });
    rmSync(join(dir, `${f}.json`), { force: true });
  }
}

/**
 * An empty cluster (initdb's, without the template databases nothing here uses), made once per PGlite build: the
 * start of every data directory above, so that initdb runs once per install, not once per suite.
 */
async function baseCluster(dir: string): Promise<Blob> {
  const file = join(dir, `base-${FORMAT}-${pgliteVersion}.tar`);
  if (existsSync(file)) return readCached(file);
  const engine = await Engine.create({ services: [] });
  try {
    // DROP DATABASE cannot run inside the implicit transaction of a multi-statement exec.
    for (const db of ['template0', 'template1']) {
      await engine.db.exec(`ALTER DATABASE ${db} IS_TEMPLATE false`);
      await engine.db.exec(`DROP DATABASE ${db}`);
    }
    const dump = await engine.dump('none');
    const bytes = new Uint8Array(await dump.arrayBuffer());
    try {
      writeAtomically(file, bytes);
    } catch {
      // Unwritable after all: use it from memory.
    }
    return new Blob([bytes]);
  } finally {
    await engine.close();
  }
}
