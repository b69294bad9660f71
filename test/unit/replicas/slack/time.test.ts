import { describe, expect, it } from 'vitest';
import { epochSeconds, isTs, nextTs, stableUuid, timeZoneInfo, tsFromMs } from '../../../../src/replicas/slack/time.ts';

describe('Slack timestamps', () => {
  it('formats clock readings as seconds.micros and steps past collisions', () => {
    expect(tsFromMs(1768496400000)).toBe('1768496400.000000');
    expect(tsFromMs(1768496400123)).toBe('1768496400.123000');
    expect(nextTs('1768496400.000000')).toBe('1768496400.000001');
    expect(nextTs('1768496400.999999')).toBe('1768496401.000000');
  });

  it('recognises ts values', () => {
    expect(['1706115500.000001', '1706115500', '0.5'].every(isTs)).toBe(true);
    expect(['', 'now', '1706115500.', '-1', '1.1234567'].some(isTs)).toBe(false);
  });

  it('reads timestamp columns as unix seconds', () => {
    expect(epochSeconds(new Date('2026-01-15T17:00:00Z'))).toBe(1768496400);
    expect(epochSeconds('2026-01-15T17:00:00.900Z')).toBe(1768496400);
    expect(epochSeconds(null)).toBe(0);
  });

  it('derives stable UUID-shaped ids', () => {
    expect(stableUuid('a')).toBe(stableUuid('a'));
    expect(stableUuid('a')).not.toBe(stableUuid('b'));
    expect(stableUuid('a')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('describes time zones as Slack does, daylight saving included', () => {
    const winter = Date.UTC(2026, 0, 15);
    const summer = Date.UTC(2026, 6, 15);
    expect(timeZoneInfo('America/Los_Angeles', winter)).toEqual({ tz: 'America/Los_Angeles', tz_label: 'Pacific Standard Time', tz_offset: -28800 });
    expect(timeZoneInfo('America/Los_Angeles', summer).tz_offset).toBe(-25200);
    expect(timeZoneInfo('Asia/Kolkata', winter).tz_offset).toBe(19800);
    expect(timeZoneInfo('Europe/Kiev', winter).tz_offset).toBe(7200);
    expect(timeZoneInfo('Not/AZone', winter)).toEqual({ tz: 'Not/AZone', tz_label: 'Not/AZone', tz_offset: 0 });
  });
});
