import { describe, expect, it } from 'vitest';
import { escapeLike, resolveDate } from '../../../../src/replicas/linear/filters.ts';
import { prepareSeedRow } from '../../../../src/replicas/linear/schema.ts';

const NOW = Date.UTC(2026, 0, 15, 17, 0, 0);

describe('date comparator values', () => {
  it('reads ISO 8601 durations relative to the clock, negative into the past', () => {
    expect(resolveDate('-P2W', NOW)).toBe('2026-01-01T17:00:00.000Z');
    expect(resolveDate('P1D', NOW)).toBe('2026-01-16T17:00:00.000Z');
    expect(resolveDate('-PT3H', NOW)).toBe('2026-01-15T14:00:00.000Z');
    expect(resolveDate('-P1M', NOW)).toBe('2025-12-15T17:00:00.000Z');
  });

  it('reads absolute dates and rejects nonsense as invalid input', () => {
    expect(resolveDate('2025-12-01', NOW)).toBe('2025-12-01T00:00:00.000Z');
    expect(() => resolveDate('next tuesday', NOW)).toThrow(/Invalid date/);
  });
});

describe('LIKE patterns', () => {
  it('escapes the wildcards so that user text matches literally', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});

describe('seed rows', () => {
  it('derive priorityLabel from priority and fill required flags', () => {
    expect(prepareSeedRow('issues', { id: 'i', priority: 2 })).toMatchObject({ priorityLabel: 'High', priority: 2 });
    expect(prepareSeedRow('users', { id: 'u', name: 'Ada Lovelace' })).toMatchObject({ displayName: 'Ada', active: true, admin: false });
    expect(prepareSeedRow('issues', { id: 'i', priority: 0, priorityLabel: 'No priority' }).priorityLabel).toBe('No priority');
  });
});
