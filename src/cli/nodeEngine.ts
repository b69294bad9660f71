import { statSync } from 'node:fs';
import type { Engine, SeedFile } from '../engine/index.ts';
import type { Judge } from '../evaluation/index.ts';
import { loadReplicas } from '../replicas/catalog.ts';
import type { LanguageId } from '../sandbox/languages.ts';
import { defaultLimits, type SandboxLimits, type WorkerFactory } from '../sandbox/types.ts';
import type { Suite } from '../scenarios/index.ts';
import { Workbench, type SeedResolver } from '../session/index.ts';
import { createNodeWorker } from './createNodeWorker.ts';
import { engineFor, type SeedNeed } from './dataDirs.ts';
import { installNodePatternWorker } from './patternWorker.ts';
import { prewarmed } from './prewarmedWorkers.ts';
import { findSeedFile, listSeeds, readSeed, reportSeedContents, seedsDir as defaultSeedsDir } from './seeds.ts';

/**
 * What a command needs loaded: the services it is about and the seeds it will open. Absent, every replica and the
 * seeds folder's seeds of up to PRELOAD_LIMIT_BYTES (what `serve` and the page preload).
 */
export interface EngineNeeds {
  services?: readonly string[];
  seeds?: readonly string[];
}

/** Seeds above this size (the scaled corpora) are loaded when first opened, as the page does. */
export const PRELOAD_LIMIT_BYTES = 2_000_000;

/**
 * The needs of a command over suites: the suites' services and their tests' seeds (a seed's own services, when it
 * holds more, are found when it is loaded; see dataDirs.ts).
 */
export function needsOf(suites: readonly Pick<Suite, 'services' | 'tests'>[]): EngineNeeds {
  return { services: [...new Set(suites.flatMap((s) => s.services))], seeds: [...new Set(suites.flatMap((s) => s.tests.map((t) => t.seed)))] };
}

function seedNeeds(dir: string, needs: EngineNeeds): SeedNeed[] {
  const found = needs.seeds
    ? needs.seeds.flatMap((name) => {
        const file = findSeedFile(dir, name);
        return file ? [{ name, file }] : [];
      })
    : listSeeds(dir).filter((s) => fileSize(s.file) <= PRELOAD_LIMIT_BYTES);
  return found.map((s) => ({ ...s, read: () => readSeed(dir, s.name) }));
}

function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return Infinity;
  }
}

/**
 * An engine with the replicas and templates a command needs, from a data directory cached for exactly those
 * (dataDirs.ts): a command about one suite starts PGlite small and loads no seed.
 */
export async function createEngine(seedsDir?: string, needs: EngineNeeds = {}): Promise<Engine> {
  const dir = seedsDir ?? defaultSeedsDir(undefined);
  const seeds = seedNeeds(dir, needs);
  const engine = await engineFor(await loadReplicas(needs.services), seeds);
  for (const s of seeds) await reportSeedContents(s.file, s.name);
  return engine;
}

/** One engine, the router over the needed replicas, Node workers for the sandbox, seeds from a folder. */
export async function openWorkbench(
  seedsDir: string,
  options: { engine?: Engine; createWorker?: WorkerFactory; judge?: Judge | null; needs?: EngineNeeds; seeds?: SeedResolver } = {},
): Promise<Workbench> {
  installNodePatternWorker();
  const engine = options.engine ?? (await createEngine(seedsDir, options.needs));
  const replicas = await loadReplicas(engine.services.keys());
  return Workbench.create({
    engine,
    replicas,
    seeds: options.seeds ?? memoSeeds(seedsDir),
    createWorker: options.createWorker ?? createNodeWorker,
    judge: options.judge,
    verifyTemplates: true,
    // Templates of a cached data directory were built from these very seed files (its key hashes their bytes);
    // a resolver of its own may answer other seeds under those names.
    verifiedTemplates: options.engine || options.seeds ? [] : engine.listTemplates().map((t) => t.name),
  });
}

/** Reads each seed file once per process. */
function memoSeeds(dir: string): (name: string) => Promise<SeedFile> {
  const read = new Map<string, SeedFile>();
  return async (name) => {
    let seed = read.get(name);
    if (!seed) read.set(name, (seed = await readSeed(dir, name)));
    return seed;
  };
}

/**
 * Runs `use` with a workbench whose first sandbox worker boots while PGlite starts (see `prewarmed`); afterwards the
 * spare worker is stopped (it would keep the process alive) and the engine closed.
 */
export async function withPrewarmedWorkbench<T>(
  seedsDir: string,
  options: { limits?: SandboxLimits; judge?: Judge | null; language?: LanguageId; needs?: EngineNeeds; seeds?: SeedResolver; oneScript?: boolean },
  use: (workbench: Workbench) => Promise<T>,
): Promise<T> {
  const workers = prewarmed(createNodeWorker, { refill: !options.oneScript });
  workers.warm(options.limits ?? defaultLimits, options.language);
  let workbench: Workbench | undefined;
  try {
    workbench = await openWorkbench(seedsDir, { createWorker: workers.createWorker, judge: options.judge, needs: options.needs, seeds: options.seeds });
    return await use(workbench);
  } finally {
    workers.dispose();
    await workbench?.engine.close();
  }
}
