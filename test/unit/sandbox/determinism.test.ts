import { describe, expect, it } from 'vitest';
import { virtualClock } from '../../../src/sandbox/clock.ts';
import { lines, run, runJson } from './harness.ts';

const NOW = Date.UTC(2025, 2, 14, 9, 26, 53, 589);

const probe = `
  const started = Date.now();
  console.log(new Date().toISOString());
  await new Promise((r) => setTimeout(r, 200));
  console.log(JSON.stringify([Date.now() - started, performance.now()]));
  console.log(JSON.stringify(Array.from({ length: 5 }, () => Math.random())));
`;

describe('sandbox determinism: a virtual clock and a seeded Math.random', () => {
  it('gives two runs with the same now and seed the same dates, elapsed times and random numbers', async () => {
    const first = await run(probe, { now: NOW, randomSeed: 42 });
    const second = await run(probe, { now: NOW, randomSeed: 42 });
    expect(first.ok && second.ok).toBe(true);
    expect(lines(first)).toEqual(lines(second));
    expect(lines(first)[0]).toBe('2025-03-14T09:26:53.589Z');
    expect(JSON.parse(lines(first)[1])).toEqual([200, 200]);
    const randoms = JSON.parse(lines(first)[2]) as number[];
    expect(new Set(randoms).size).toBe(5);
    for (const value of randoms) expect(value >= 0 && value < 1).toBe(true);
  });

  it('gives different seeds different sequences, and leaves Math.random alone without one', async () => {
    const randoms = async (seed?: number): Promise<unknown> => (await runJson('console.log(JSON.stringify([Math.random(), Math.random()]))', { randomSeed: seed }))[0];
    const [a, b, unseeded1, unseeded2] = await Promise.all([randoms(1), randoms(2), randoms(), randoms()]);
    expect(a).not.toEqual(b);
    expect(unseeded1).not.toEqual(unseeded2);
  });

  it('moves the clock to each fired timer’s due time: side-by-side timers do not add up, intervals tick', async () => {
    const out = await runJson(
      `const t0 = Date.now();
       const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
       await Promise.all([sleep(100), sleep(300), sleep(0)]);
       console.log(JSON.stringify(Date.now() - t0));
       const ticks = [];
       await new Promise((done) => {
         const id = setInterval(() => { ticks.push(Date.now() - t0); if (ticks.length === 3) { clearInterval(id); done(); } }, 50);
       });
       console.log(JSON.stringify(ticks));
       const before = Date.now();
       await fetch('https://slack.com/api/auth.test');
       for (let i = 0; i < 1e5; i++);
       console.log(JSON.stringify(Date.now() - before));
       await sleep(12.9);
       console.log(JSON.stringify([Date.now() - t0, performance.now()]));`,
      { now: NOW },
    );
    expect(out).toEqual([300, [350, 400, 450], 0, [462, 462]]);
  });

  it('keeps the rest of Date working on the virtual clock', async () => {
    const out = await runJson(
      `class Stamp extends Date { ms() { return this.getTime(); } }
       console.log(JSON.stringify([
         Date() === new Date().toString(), Date.parse(Date()), new Date(0).toISOString(), new Date(2020, 0, 31).getDate(), Date.UTC(2020, 0, 1), Date.parse('2020-01-01T00:00:00Z'),
         new Date() instanceof Date, new Date().constructor === Date, Object.prototype.toString.call(new Date()),
         new Stamp().ms(), new Stamp(5).ms(), new Stamp() instanceof Date, isNaN(new Date(undefined).getTime()),
         Date.name, Date.length, typeof Date.now(),
       ]));`,
      { now: NOW },
    );
    expect(out).toEqual([
      [
        true,
        Math.floor(NOW / 1000) * 1000,
        '1970-01-01T00:00:00.000Z',
        31,
        Date.UTC(2020, 0, 1),
        Date.UTC(2020, 0, 1),
        true,
        true,
        '[object Date]',
        NOW,
        5,
        true,
        true,
        'Date',
        7,
        'number',
      ],
    ]);
  });

  it('keeps real time when no start is given', async () => {
    const before = Date.now();
    const [seen] = (await runJson('console.log(JSON.stringify(Date.now()))')) as number[];
    expect(seen).toBeGreaterThanOrEqual(before);
    expect(seen).toBeLessThanOrEqual(Date.now());
  });
});

describe('virtualClock', () => {
  it('starts at its start, moves only to fired timers’ due times, never backwards, in whole ms', () => {
    const clock = virtualClock(1_000);
    expect([clock.dateNow(), clock.perfNow()]).toEqual([1_000, 0]);
    const long = clock.due(500);
    const short = clock.due(200.7);
    clock.fired(short);
    expect([clock.dateNow(), clock.perfNow()]).toEqual([1_200, 200]);
    const next = clock.due(100);
    clock.fired(long);
    clock.fired(next);
    expect(clock.dateNow()).toBe(1_500);
  });
});
