import { describe, expect, it } from 'vitest';
import { completeShardSet, shardFileName, shardFromEnv } from '../../../src/cli/shardEnv.ts';

describe('shards from the environment', () => {
  it('reads the 0-based pod index and the count as --shard i/n', () => {
    expect(shardFromEnv({})).toBeUndefined();
    expect(shardFromEnv({ JOB_COMPLETION_INDEX: '', DIFFLAB_SHARD_COUNT: ' ' })).toBeUndefined();
    expect(shardFromEnv({ JOB_COMPLETION_INDEX: '0', DIFFLAB_SHARD_COUNT: '4' })).toEqual([1, 4]);
    expect(shardFromEnv({ JOB_COMPLETION_INDEX: '3', DIFFLAB_SHARD_COUNT: '4' })).toEqual([4, 4]);
  });

  it.each([
    [{ JOB_COMPLETION_INDEX: '4', DIFFLAB_SHARD_COUNT: '4' }, /not below DIFFLAB_SHARD_COUNT 4: indexes run from 0 to 3/],
    [{ JOB_COMPLETION_INDEX: '0', DIFFLAB_SHARD_COUNT: '0' }, /DIFFLAB_SHARD_COUNT must be a whole number ≥ 1/],
    [{ JOB_COMPLETION_INDEX: '-1', DIFFLAB_SHARD_COUNT: '4' }, /JOB_COMPLETION_INDEX must be a whole number ≥ 0, got "-1"/],
    [{ JOB_COMPLETION_INDEX: '1.5', DIFFLAB_SHARD_COUNT: '4' }, /JOB_COMPLETION_INDEX must be a whole number/],
    [{ JOB_COMPLETION_INDEX: '1', DIFFLAB_SHARD_COUNT: '4x' }, /DIFFLAB_SHARD_COUNT must be a whole number ≥ 1, got "4x"/],
    [{ DIFFLAB_SHARD_COUNT: '4' }, /DIFFLAB_SHARD_COUNT is "4" but JOB_COMPLETION_INDEX is not set/],
  ])('refuses %o', (env, message) => {
    expect(() => shardFromEnv(env)).toThrow(message);
  });

  it('names shard files so that they sort, and merges only a complete set of one count', () => {
    expect(shardFileName(undefined)).toBe('results.jsonl');
    expect(shardFileName([3, 12])).toBe('shard-03-of-12.jsonl');
    const all = ['shard-2-of-3.jsonl', 'notes.txt', 'shard-1-of-3.jsonl', 'shard-3-of-3.jsonl', 'merged.jsonl'];
    expect(completeShardSet(all, '/r')).toEqual(['shard-1-of-3.jsonl', 'shard-2-of-3.jsonl', 'shard-3-of-3.jsonl']);
    expect(() => completeShardSet(['shard-1-of-3.jsonl', 'shard-3-of-3.jsonl'], '/r')).toThrow(/lacks 1 of 3 shards: shard-2-of-3.jsonl/);
    expect(() => completeShardSet([...all, 'shard-1-of-2.jsonl'], '/r')).toThrow(/different counts \(3, 2\)/);
    expect(() => completeShardSet(['merged.jsonl'], '/r')).toThrow(/no shard files/);
  });
});
