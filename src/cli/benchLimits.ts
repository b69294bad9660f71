import type { Diff } from '../engine/index.ts';
import { evaluateDiff, evaluateDiffBounded, type AssertionSpec } from '../evaluation/index.ts';
import { withUnboundedPatterns } from '../evaluation/patternMatcher.ts';
import { createRouter, replicas } from '../replicas/index.ts';
import { quantile, roundTo } from './benchStats.ts';

/**
 * What the limits cost ordinary work: the same Slack reads and writes through a router with its input checks and time
 * budget and through one without (`unbounded`), interleaved; and a verdict with the suites' Python patterns run by
 * the bounded matcher and by JavaScript's RegExp alone (unbounded). Target: each ratio within 1.05.
 */
export interface LimitsBenchFigures {
  n: number;
  readMedianMs: number;
  readUnboundedMedianMs: number;
  readRatio: number;
  writeMedianMs: number;
  writeUnboundedMedianMs: number;
  writeRatio: number;
  verdictMedianMs: number;
  verdictUnboundedMedianMs: number;
  verdictRatio: number;
}

const median = (xs: number[]) => roundTo(quantile(xs, 0.5), 3);

export async function benchLimits(options: { requests?: number } = {}): Promise<LimitsBenchFigures> {
  const n = options.requests ?? 200;
  const { openWorkbench } = await import('./nodeEngine.ts');
  const { seedsDir } = await import('./seeds.ts');
  const workbench = await openWorkbench(seedsDir(undefined));
  try {
    const env = await workbench.openSeed('northwind_slack');
    const bounded = createRouter(replicas);
    const unbounded = createRouter(replicas, { unbounded: true });
    const call = (router: typeof bounded, method: string, body: Record<string, string>) =>
      router.route(
        new Request(`https://slack.com/api/${method}`, { method: 'POST', headers: { authorization: 'Bearer xoxb-bench', 'content-type': 'application/json' }, body: JSON.stringify(body) }),
        env,
      );
    const time = async (f: () => Promise<Response>) => {
      const t = performance.now();
      const r = await f();
      await r.arrayBuffer();
      return performance.now() - t;
    };
    const read = (r: typeof bounded) => () => call(r, 'conversations.history', { channel: 'general', limit: '20' });
    const write = (r: typeof bounded) => () => call(r, 'chat.postMessage', { channel: 'general', text: 'bench: limits' });
    for (let i = 0; i < 20; i++) await time(read(bounded)), await time(read(unbounded)), await time(write(bounded)), await time(write(unbounded));
    const samples = { read: [] as number[], readU: [] as number[], write: [] as number[], writeU: [] as number[] };
    for (let i = 0; i < n; i++) {
      // Alternating which goes first keeps drift out of the ratio.
      if (i % 2) samples.readU.push(await time(read(unbounded))), samples.read.push(await time(read(bounded)));
      else samples.read.push(await time(read(bounded))), samples.readU.push(await time(read(unbounded)));
      if (i % 2) samples.writeU.push(await time(write(unbounded))), samples.write.push(await time(write(bounded)));
      else samples.write.push(await time(write(bounded))), samples.writeU.push(await time(write(unbounded)));
    }
    await env.dispose();

    // A verdict over 50 posted messages with the project suites' most used patterns.
    const patterns = ['(?i)(4th|fourth)[\\s-]*floor', '^D', '(?i)prep.*Kenji', '3,?213(\\.50?)?\\b', '(?i)jonah|<@U07JONAH>'];
    const diff: Diff = {
      inserts: Array.from({ length: 50 }, (_, i) => ({ __table__: 'messages', message_id: `m${i}`, message_text: `Day ${i}: prep for Kenji on the fourth floor, total 3,213.50 — ping <@U07JONAH> ${'words '.repeat(i)}` })),
      updates: [],
      deletes: [],
    };
    const spec = { assertions: patterns.map((regex) => ({ diff_type: 'added', entity: 'messages', where: { message_text: { regex } } })) } as unknown as AssertionSpec;
    // Unbounded: what evaluation did before the limits, every pattern a RegExp run inline.
    const plain = (): number => {
      const t = performance.now();
      withUnboundedPatterns(() => evaluateDiff(spec, diff, { closedWorld: false }));
      return performance.now() - t;
    };
    const boundedVerdict = async (): Promise<number> => {
      const t = performance.now();
      await evaluateDiffBounded(spec, diff, { closedWorld: false });
      return performance.now() - t;
    };
    const verdict: number[] = [];
    const verdictU: number[] = [];
    for (let i = 0; i < 20; i++) plain(), await boundedVerdict();
    for (let i = 0; i < n; i++) verdictU.push(plain()), verdict.push(await boundedVerdict());
    const ratio = (a: number[], b: number[]) => roundTo(quantile(a, 0.5) / quantile(b, 0.5), 3);
    return {
      n,
      readMedianMs: median(samples.read),
      readUnboundedMedianMs: median(samples.readU),
      readRatio: ratio(samples.read, samples.readU),
      writeMedianMs: median(samples.write),
      writeUnboundedMedianMs: median(samples.writeU),
      writeRatio: ratio(samples.write, samples.writeU),
      verdictMedianMs: median(verdict),
      verdictUnboundedMedianMs: median(verdictU),
      verdictRatio: ratio(verdict, verdictU),
    };
  } finally {
    await workbench.engine.close();
  }
}
