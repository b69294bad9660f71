import { CliError } from './errors.ts';

/** Kubernetes sets it in each pod of an Indexed Job: 0, 1, … completions − 1. */
export const SHARD_INDEX_ENV = 'JOB_COMPLETION_INDEX';
/** Kubernetes gives a pod only its index; the Job passes the shard count (its `completions`) in this variable. */
export const SHARD_COUNT_ENV = 'DIFFLAB_SHARD_COUNT';
/** Where `eval` writes its results file when neither --out nor --out-dir is given (a mounted volume). */
export const OUT_DIR_ENV = 'DIFFLAB_OUT_DIR';

type Env = Record<string, string | undefined>;

const given = (v: string | undefined) => v !== undefined && v.trim() !== '';

function wholeNumber(name: string, raw: string, min: number): number {
  const text = raw.trim();
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min) throw new CliError(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return n;
}

/**
 * The shard the scheduler assigns through the environment, as `--shard i/n` takes it (i from 1), or undefined
 * when neither variable is set. One without the other, or an index outside 0 … count − 1, is an error: a pod
 * that silently ran everything (or nothing) would spoil the merged results.
 */
export function shardFromEnv(env: Env): [number, number] | undefined {
  const index = env[SHARD_INDEX_ENV];
  const count = env[SHARD_COUNT_ENV];
  if (!given(index) && !given(count)) return undefined;
  if (!given(count)) {
    throw new CliError(`${SHARD_INDEX_ENV} is "${index}" but ${SHARD_COUNT_ENV} is not set`, [
      `set ${SHARD_COUNT_ENV} to the number of shards (the Job's completions), or pass --shard i/n`,
    ]);
  }
  if (!given(index)) {
    throw new CliError(`${SHARD_COUNT_ENV} is "${count}" but ${SHARD_INDEX_ENV} is not set`, [
      `an Indexed Job sets ${SHARD_INDEX_ENV} in each pod; elsewhere set it (0 … ${SHARD_COUNT_ENV} − 1) or pass --shard i/n`,
    ]);
  }
  const n = wholeNumber(SHARD_COUNT_ENV, count!, 1);
  const i = wholeNumber(SHARD_INDEX_ENV, index!, 0);
  if (i >= n) throw new CliError(`${SHARD_INDEX_ENV} is ${i}, not below ${SHARD_COUNT_ENV} ${n}: indexes run from 0 to ${n - 1}`);
  return [i + 1, n];
}

/** The results file of a shard in an output folder: `shard-2-of-4.jsonl` (padded so that names sort), or `results.jsonl`. */
export function shardFileName(shard: [number, number] | undefined): string {
  if (!shard) return 'results.jsonl';
  const width = String(shard[1]).length;
  return `shard-${String(shard[0]).padStart(width, '0')}-of-${shard[1]}.jsonl`;
}

const SHARD_FILE = /^shard-(\d+)-of-(\d+)\.jsonl$/;

/**
 * The shard files among a folder's file names, checked to be one complete set: every shard of one count, once.
 * Returns the names in shard order; throws naming what is missing or mixed.
 */
export function completeShardSet(names: readonly string[], dir: string): string[] {
  const shards = names.flatMap((name) => {
    const m = SHARD_FILE.exec(name);
    return m ? [{ name, i: Number(m[1]), n: Number(m[2]) }] : [];
  });
  if (!shards.length) throw new CliError(`no shard files (shard-<i>-of-<n>.jsonl) in ${dir}`);
  const counts = [...new Set(shards.map((s) => s.n))];
  if (counts.length > 1) throw new CliError(`${dir} holds shards of different counts (${counts.join(', ')}): one evaluation's shards per folder`);
  const n = counts[0];
  const missing = Array.from({ length: n }, (_, k) => k + 1).filter((i) => !shards.some((s) => s.i === i));
  if (missing.length) {
    throw new CliError(`${dir} lacks ${missing.length} of ${n} shards: ${missing.map((i) => shardFileName([i, n])).join(', ')}`, [
      'a shard still running or failed; merge when every one has finished (or name the files to merge them anyway)',
    ]);
  }
  return shards.sort((a, b) => a.i - b.i).map((s) => s.name);
}
