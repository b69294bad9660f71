import { installNodePatternWorker } from './patternWorker.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Engine } from '../engine/index.ts';
import type { Judge } from '../evaluation/index.ts';
import { replicas } from '../replicas/index.ts';
import type { LanguageId } from '../sandbox/languages.ts';
import { defaultLimits, type SandboxLimits, type WorkerFactory } from '../sandbox/types.ts';
import { Workbench, type SeedResolver } from '../session/index.ts';
import { createNodeWorker } from './createNodeWorker.ts';
import { isFile, repoRoot } from './files.ts';
import { prewarmed } from './prewarmedWorkers.ts';
import { seedResolver } from './seeds.ts';

/**
 * The data directory `npm run build` dumps (schemas + project templates). Starting PGlite from it skips initdb:
 * about 0.7 s instead of 3–4 s. The engine rebuilds templates whose schemas changed, and the workbench those whose seed
 * file changed (`verifyTemplates`), so an old dump is only slower.
 */
function prebuiltDataDir(): Blob | undefined {
  const file = join(repoRoot, 'public', 'pgdata.tar.gz');
  if (!isFile(file) || process.env.DIFFLAB_NO_DATADIR) return undefined;
  return new Blob([readFileSync(file)]);
}

export async function createEngine(): Promise<Engine> {
  const loadDataDir = prebuiltDataDir();
  try {
    return await Engine.create({ services: replicas, loadDataDir });
  } catch (err) {
    if (!loadDataDir) throw err;
    // A dump from another PGlite build cannot be opened: start from scratch instead.
    return Engine.create({ services: replicas });
  }
}

/** One engine, the router over every replica, Node workers for the sandbox, seeds from a folder. */
export async function openWorkbench(
  seedsDir: string,
  options: { engine?: Engine; createWorker?: WorkerFactory; judge?: Judge | null; seeds?: SeedResolver } = {},
): Promise<Workbench> {
  installNodePatternWorker();
  return Workbench.create({
    engine: options.engine ?? (await createEngine()),
    seeds: options.seeds ?? seedResolver(seedsDir),
    createWorker: options.createWorker ?? createNodeWorker,
    judge: options.judge,
    verifyTemplates: true,
  });
}

/**
 * Runs `use` with a workbench whose first sandbox worker boots while PGlite starts (see `prewarmed`); afterwards the
 * spare worker is stopped (it would keep the process alive) and the engine closed.
 */
export async function withPrewarmedWorkbench<T>(
  seedsDir: string,
  options: { limits?: SandboxLimits; judge?: Judge | null; language?: LanguageId; seeds?: SeedResolver },
  use: (workbench: Workbench) => Promise<T>,
): Promise<T> {
  const workers = prewarmed(createNodeWorker);
  workers.warm(options.limits ?? defaultLimits, options.language);
  let workbench: Workbench | undefined;
  try {
    workbench = await openWorkbench(seedsDir, { createWorker: workers.createWorker, judge: options.judge, seeds: options.seeds });
    return await use(workbench);
  } finally {
    workers.dispose();
    await workbench?.engine.close();
  }
}
