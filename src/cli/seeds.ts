import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { SeedFile } from '../engine/index.ts';
import { attachSeedContents, describeSeedContents, FILESYSTEM_FOLDER, namesContents } from '../replicas/box/seedContents.ts';
import type { SeedResolver } from '../session/index.ts';
import { CliError } from './errors.ts';
import { isDirectory, isFile, readJsonFile, repoRoot } from './files.ts';

/** `--seeds` defaults to the repository's scenarios/ folder. */
export function seedsDir(flag: string | undefined): string {
  const dir = resolve(flag ?? join(repoRoot, 'scenarios'));
  if (!isDirectory(dir)) throw new CliError(`seeds folder not found: ${dir}`);
  return dir;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** Where a template name may live, in order: `<dir>/<name>.json`, `<dir>/seeds/<name>.json`, `<dir>/*\/seeds/<name>.json`. */
function candidates(dir: string, name: string): string[] {
  const out = [join(dir, `${name}.json`), join(dir, 'seeds', `${name}.json`)];
  for (const sub of subfolders(dir)) out.push(join(dir, sub, 'seeds', `${name}.json`));
  return out;
}

function subfolders(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => (e.isDirectory() || (e.isSymbolicLink() && isDirectory(join(dir, e.name)))) && e.name !== 'seeds' && !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

/**
 * The folder's `.json` files. Symbolic links count as the files they point to; a link whose target is missing is
 * listed too, so that reading it fails and `serve` names it among the seeds it could not serve.
 */
function jsonFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => (e.isFile() || e.isSymbolicLink()) && e.name.endsWith('.json') && !isDirectory(join(dir, e.name)))
      .map((e) => join(dir, e.name))
      .sort();
  } catch {
    return [];
  }
}

export function findSeedFile(dir: string, name: string): string | null {
  if (!NAME.test(name)) return null;
  return candidates(dir, name).find(isFile) ?? null;
}

/**
 * Every seed file under the folder, named by file name (first place wins on a clash). `<dir>/*.json` counts only
 * when the folder has no seeds/ subfolders, so that pointing --seeds at a folder of suites does not list them.
 */
export function listSeeds(dir: string): { name: string; file: string }[] {
  const nested = [join(dir, 'seeds'), ...subfolders(dir).map((s) => join(dir, s, 'seeds'))].filter(isDirectory);
  const files = nested.length ? nested.flatMap(jsonFiles) : jsonFiles(dir);
  const seen = new Map<string, string>();
  for (const file of files) {
    const name = basename(file, '.json');
    if (NAME.test(name) && !seen.has(name)) seen.set(name, file);
  }
  return [...seen].map(([name, file]) => ({ name, file }));
}

export async function readSeed(dir: string, name: string): Promise<SeedFile> {
  const file = findSeedFile(dir, name);
  if (!file) {
    const known = listSeeds(dir).map((s) => s.name);
    throw new CliError(`seed "${name}" not found under ${dir}`, [
      `looked for ${name}.json in ${dir}, ${dir}/seeds/ and ${dir}/*/seeds/`,
      `seeds found: ${known.join(', ') || 'none'}`,
    ]);
  }
  return readSeedFile(file, name);
}

/** A seed file, with the file contents it names from the `filesystem/` folder beside it (see seedContents.ts). */
export async function readSeedFile(file: string, name: string): Promise<SeedFile> {
  const seed = readJsonFile(file, `seed "${name}"`);
  if (!seed || typeof seed !== 'object' || Array.isArray(seed)) throw new CliError(`seed "${name}" (${file}) must be a JSON object of tables`);
  const folder = join(dirname(file), FILESYSTEM_FOLDER);
  if (!namesContents(seed as SeedFile)) return seed as SeedFile;
  const report = await attachSeedContents(seed as SeedFile, (path) => (isFile(join(folder, path)) ? new Uint8Array(readFileSync(join(folder, path))) : null));
  // Once per seed file and process: a command may read the same seed more than once.
  if (!reported.has(file)) {
    reported.add(file);
    for (const line of describeSeedContents(name, report)) process.stderr.write(`${line}\n`);
  }
  return seed as SeedFile;
}

const reported = new Set<string>();

/**
 * Reports a seed's file contents (see readSeedFile) when this process has not yet: a command whose templates come
 * from a cached data directory reads no seed, yet says at each start what the seed's folder lacks.
 */
export async function reportSeedContents(file: string, name: string): Promise<void> {
  if (!reported.has(file) && isDirectory(join(dirname(file), FILESYSTEM_FOLDER))) await readSeedFile(file, name);
}

/**
 * What a seed's `filesystem/` folder holds (each file's path, size and modification time), for the key of a data
 * directory built from the seed; empty when there is no such folder.
 */
export function seedContentsStamp(file: string): string {
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, e.name);
      if (isDirectory(path)) walk(path, `${prefix}${e.name}/`);
      else {
        try {
          const st = statSync(path);
          out.push(`${prefix}${e.name}\0${st.size}\0${st.mtimeMs}`);
        } catch {
          // unreadable: not part of the folder's contents
        }
      }
    }
  };
  walk(join(dirname(file), FILESYSTEM_FOLDER), '');
  return out.join('\n');
}

export function seedResolver(dir: string): SeedResolver {
  return async (name) => readSeed(dir, name);
}
