import { DateTime, IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatInZone, offsetAt, wallToInstant } from '../../../../src/replicas/calendar/zoneOffsets.ts';

// The offset tables must agree with luxon (the host's Intl) everywhere, including zones with half-hour offsets,
// southern-hemisphere DST and Lord Howe's 30-minute change.
const ZONES = ['America/Los_Angeles', 'America/New_York', 'Europe/Lisbon', 'Europe/Berlin', 'Europe/Kyiv', 'Asia/Tokyo', 'Asia/Kolkata', 'Australia/Adelaide', 'Australia/Lord_Howe', 'America/Sao_Paulo', 'Africa/Casablanca', 'Pacific/Chatham', 'America/St_Johns', 'UTC'];

describe('zone offset tables', () => {
  it('agree with luxon at every 37 minutes over two years, around the DST changes too', () => {
    for (const zone of ZONES) {
      const z = IANAZone.create(zone);
      const mismatches: string[] = [];
      for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 37 * 60_000) {
        if (offsetAt(zone, t) !== z.offset(t)) mismatches.push(new Date(t).toISOString());
      }
      expect({ zone, mismatches: mismatches.slice(0, 3) }).toEqual({ zone, mismatches: [] });
    }
  });

  it('turn wall times into the instants luxon gives: gaps moved forward, overlaps resolved to the earlier instant', () => {
    for (const zone of ZONES) {
      for (let day = 0; day < 730; day += 1) {
        for (const hour of [0, 1, 2, 3, 12]) {
          const wall = Date.UTC(2025, 0, 1 + day, hour, 30);
          const d = new Date(wall);
          const expected = DateTime.fromObject(
            { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() },
            { zone },
          ).toMillis();
          const got = wallToInstant(zone, wall);
          if (got === expected) continue;
          // An ambiguous (fall-back) time: luxon takes the later instant, we take the earlier one, as RFC 5545 and
          // Temporal's "compatible" rule do. Both must read back as the same wall time.
          const readBack = (ms: number) => DateTime.fromMillis(ms, { zone }).toFormat("yyyy-LL-dd'T'HH:mm");
          expect({ zone, earlier: got < expected, wall: readBack(got) }).toEqual({ zone, earlier: true, wall: readBack(expected) });
        }
      }
    }
  });

  it('formats RFC 3339 with the local offset', () => {
    expect(formatInZone(Date.UTC(2026, 2, 29, 8), 'Europe/Berlin')).toBe('2026-03-29T10:00:00+02:00');
    expect(formatInZone(Date.UTC(2026, 2, 28, 8), 'Europe/Berlin')).toBe('2026-03-28T09:00:00+01:00');
    expect(formatInZone(Date.UTC(2026, 0, 1, 3, 15), 'Asia/Kolkata')).toBe('2026-01-01T08:45:00+05:30');
    expect(formatInZone(Date.UTC(2026, 0, 1), 'UTC')).toBe('2026-01-01T00:00:00Z');
    expect(formatInZone(Date.UTC(2026, 0, 1), 'Europe/Lisbon')).toBe('2026-01-01T00:00:00+00:00');
  });
});
