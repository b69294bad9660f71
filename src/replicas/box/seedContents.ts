import type { Row, SeedFile } from '../../engine/index.ts';
import { sha1Hex, storeBytes } from '../fileContent.ts';

/**
 * Agent-Diff's Box seed names each version's bytes by `local_path` (`examples/box/seeds/filesystem/<path>`); the
 * bytes live in a `filesystem/` folder beside the seed file, at `<path>`. The shells (CLI, page) read that folder;
 * this fills the seed's version rows from what they read, so the core never touches files.
 */
export const FILESYSTEM_FOLDER = 'filesystem';

/** What loading a seed's file contents found, for the shell to report. */
export interface SeedContentsReport {
  /** Versions whose bytes were found and are now served. */
  served: number;
  /** `<path>`s the seed names that the folder does not hold: those versions cannot be downloaded. */
  absent: string[];
  /** Bytes found but not the ones the seed describes (served anyway, as Agent-Diff's backend serves them). */
  disagree: { path: string; seed: { size: number; sha1: string }; found: { size: number; sha1: string } }[];
}

/** The path below `filesystem/` that a version row names, or null when it names none. */
export function contentPath(row: Row): string | null {
  const local = row.local_path;
  if (typeof local !== 'string') return null;
  const at = local.indexOf(`${FILESYSTEM_FOLDER}/`);
  if (at < 0 || (at > 0 && local[at - 1] !== '/')) return null;
  const path = local.slice(at + FILESYSTEM_FOLDER.length + 1);
  // A path that climbs out of the folder names nothing in it.
  return path && !path.split('/').some((part) => part === '..' || part === '') ? path : null;
}

/** Every `box_file_versions` row of a seed (top level, or under a service key). */
function versionRows(seed: SeedFile): Row[] {
  const tables = [seed as Record<string, unknown>, ...Object.values(seed).filter((v) => v && typeof v === 'object' && !Array.isArray(v))] as Record<string, unknown>[];
  return tables.flatMap((t) => (Array.isArray(t.box_file_versions) ? (t.box_file_versions as Row[]) : []));
}

/** Whether the seed names any content by `local_path` (only then is a folder worth reading). */
export function namesContents(seed: SeedFile): boolean {
  return versionRows(seed).some((row) => row.content == null && contentPath(row) !== null);
}

/**
 * Fills `content`/`content_encoding` of each version row that names its bytes by `local_path` and has none, from
 * `read(<path>)` (null when absent). Rows that carry content already are left as they are.
 */
export async function attachSeedContents(seed: SeedFile, read: (path: string) => Uint8Array | null): Promise<SeedContentsReport> {
  const report: SeedContentsReport = { served: 0, absent: [], disagree: [] };
  for (const row of versionRows(seed)) {
    const path = row.content == null ? contentPath(row) : null;
    if (path === null) continue;
    const bytes = read(path);
    if (!bytes) {
      report.absent.push(path);
      continue;
    }
    Object.assign(row, storeBytes(bytes));
    report.served++;
    const sha1 = await sha1Hex(bytes);
    const seedSize = Number(row.size ?? 0);
    const seedSha1 = String(row.sha_1 ?? '');
    if (seedSize !== bytes.length || (seedSha1 && seedSha1 !== sha1)) {
      report.disagree.push({ path, seed: { size: seedSize, sha1: seedSha1 }, found: { size: bytes.length, sha1 } });
    }
  }
  return report;
}

/** The report as lines for a person (empty when the seed names no contents). */
export function describeSeedContents(seedName: string, report: SeedContentsReport): string[] {
  const total = report.served + report.absent.length;
  if (total === 0) return [];
  const lines = [`seed "${seedName}": ${report.served} of ${total} Box file contents found in ${FILESYSTEM_FOLDER}/`];
  if (report.absent.length) lines.push(`  absent (downloads answer 202 with Retry-After, as Box does for content it cannot serve): ${report.absent.join(', ')}`);
  for (const d of report.disagree) {
    lines.push(`  ${d.path}: ${d.found.size} bytes, sha1 ${d.found.sha1}; the seed says ${d.seed.size} bytes, sha1 ${d.seed.sha1} (served as found)`);
  }
  return lines;
}
