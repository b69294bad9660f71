import { describe, expect, it } from 'vitest';
import { runJson } from './harness.ts';

// Each script prints one JSON line per check; the host's Intl computes the answers, so they are compared with the
// host's own Intl here rather than with literals that depend on ICU's version.

const at = Date.UTC(2026, 2, 8, 6, 30); // 2026-03-08 06:30Z: 01:30 EST, the night New York moves to EDT

describe('prelude: Intl', () => {
  it('DateTimeFormat formats in a given zone, with parts and resolved options, as the host does', async () => {
    const out = await runJson(`
      const t = ${at};
      const f = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });
      console.log(JSON.stringify(f.format(t)));
      console.log(JSON.stringify(f.formatToParts(new Date(t + 3600000))));
      console.log(JSON.stringify(f.resolvedOptions().timeZone));
      console.log(JSON.stringify([new Date(t).toLocaleString('en-GB', { timeZone: 'Asia/Tokyo' }), new Date(t).toLocaleDateString('en-US', { timeZone: 'Pacific/Auckland', weekday: 'long' }), new Date(t).toLocaleTimeString('de-DE', { timeZone: 'Europe/Berlin' })]));
      console.log(JSON.stringify([t, t + 86400000].map(new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format)));
    `);
    const f = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });
    expect(out).toEqual([
      f.format(at),
      f.formatToParts(new Date(at + 3600000)),
      'America/New_York',
      [new Date(at).toLocaleString('en-GB', { timeZone: 'Asia/Tokyo' }), new Date(at).toLocaleDateString('en-US', { timeZone: 'Pacific/Auckland', weekday: 'long' }), new Date(at).toLocaleTimeString('de-DE', { timeZone: 'Europe/Berlin' })],
      ['2026-03-08', '2026-03-09'],
    ]);
    // The DST change shows: an hour later the zone name differs.
    expect(out[0]).toContain('EST');
    expect(JSON.stringify(out[1])).toContain('EDT');
  });

  it('throws RangeError for an unknown zone, TypeError for a bad receiver', async () => {
    const out = await runJson(`
      let a, b, c;
      try { new Intl.DateTimeFormat('en-US', { timeZone: 'Mars/Olympus' }); } catch (e) { a = e.name; }
      try { new Date().toLocaleString('en-US', { timeZone: 'Nowhere/City' }); } catch (e) { b = e.name; }
      try { Intl.DateTimeFormat.prototype.formatToParts.call({}, 0); } catch (e) { c = e.name; }
      console.log(JSON.stringify([a, b, c, Object.prototype.toString.call(Intl), typeof Intl.DateTimeFormat().format]));
    `);
    expect(out).toEqual([['RangeError', 'RangeError', 'TypeError', '[object Intl]', 'function']]);
  });

  it('has NumberFormat, PluralRules, RelativeTimeFormat, ListFormat, Collator and Number#toLocaleString', async () => {
    const out = await runJson(`
      console.log(JSON.stringify([
        new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(1234.5),
        new Intl.PluralRules('en-US').select(1),
        new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(-1, 'day'),
        new Intl.ListFormat('en', { type: 'conjunction' }).format(['a', 'b', 'c']),
        ['b', 'a', 'C'].sort(new Intl.Collator('en').compare),
        (1234567.891).toLocaleString('en-US'),
        Intl.supportedValuesOf('timeZone').includes('Europe/Kyiv') || Intl.supportedValuesOf('timeZone').includes('Europe/Kiev'),
      ]));
    `);
    expect(out).toEqual([
      [
        new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(1234.5),
        'one',
        'yesterday',
        'a, b, and c',
        ['a', 'b', 'C'],
        '1,234,567.891',
        true,
      ],
    ]);
  });
});
