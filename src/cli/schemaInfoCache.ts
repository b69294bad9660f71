import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { hashString } from '../engine/clock.ts';
import type { SchemaInfo } from '../engine/types.ts';
import { cliCacheDir } from './cacheDir.ts';
import { isFile, repoRoot } from './files.ts';

const CACHE_DIR = cliCacheDir;

/**
 * The replicas' tables, keys and foreign keys, for the closed-world check of `evaluate`. They are read from
 * PostgreSQL's catalog once (booting PGlite costs 3–4 s) and cached in a JSON file. The cache is named by a stamp
 * of the engine's and replicas' source files (path, size, mtime): a changed schema is never served stale, and a
 * warm start needs neither PGlite nor the replica modules (importing those alone costs ~200 ms).
 */
export async function loadSchemaInfo(): Promise<SchemaInfo> {
  const file = join(CACHE_DIR, `schema-info-${sourceStamp()}.json`);
  if (isFile(file)) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as SchemaInfo;
    } catch {
      // A torn or foreign file: rebuild it.
    }
  }
  const { createEngine } = await import('./nodeEngine.ts');
  // Schemas only: no seed is loaded.
  const engine = await createEngine(undefined, { seeds: [] });
  const info = engine.schemaInfo();
  await engine.close();
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(info));
    renameSync(tmp, file);
    for (const old of readdirSync(CACHE_DIR)) {
      if (/^schema-info-.*\.json$/.test(old) && join(CACHE_DIR, old) !== file) rmSync(join(CACHE_DIR, old), { force: true });
    }
  } catch {
    // A read-only install still works, only slower.
  }
  return info;
}

function sourceStamp(): string {
  const parts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const st = statSync(path);
        parts.push(`${relative(repoRoot, path)}:${st.size}:${st.mtimeMs}`);
      }
    }
  };
  for (const dir of ['src/engine', 'src/replicas']) walk(join(repoRoot, dir));
  return hashString(parts.sort().join('\n')).toString(36);
}
