import { describe, expect, it } from 'vitest';
import { nameUuid } from '../../../src/cli/ids.ts';

describe('nameUuid', () => {
  it('gives each name the same RFC 4122 version-5 UUID every time, and different names different ones', () => {
    const a = nameUuid('suite:slack-bench-v2');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(nameUuid('suite:slack-bench-v2')).toBe(a);
    expect(nameUuid('suite:other')).not.toBe(a);
  });
});
