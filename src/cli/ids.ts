import { createHash, randomUUID } from 'node:crypto';

/**
 * A stable UUID (version-5 layout, SHA-1 of a name): Agent-Diff's SDKs parse suite, test and template ids as UUIDs,
 * and DiffLab's own ids (`test_1`, `slack_bench_v2`) are not, so each gets the same UUID on every start.
 */
export function nameUuid(name: string): string {
  const h = createHash('sha1').update(`difflab:${name}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export const newUuid = (): string => randomUUID();
