/**
 * Measures the sandbox (prints, asserts nothing): the start-up of one script's worker, from the esbuild bundle
 * (what createNodeWorker uses) and through tsx (its fallback), interleaved so both see the same machine load;
 * and one `await fetch()` round trip through the worker with a trivial handler.
 * Run: npx tsx scripts/measure-sandbox.ts
 */
import { createNodeWorker, createTsxNodeWorker } from '../src/cli/createNodeWorker.ts';
import { runScript } from '../src/sandbox/runScript.ts';
import type { WorkerFactory } from '../src/sandbox/types.ts';

const RUNS = 9;
const FETCHES = 1000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const trivial = async (): Promise<Response> => new Response('{"ok":true}');

/** Spawn → result of an empty script, minus its run time. */
async function startup(createWorker: WorkerFactory): Promise<number> {
  const started = performance.now();
  const result = await runScript('1', { fetch: trivial, createWorker });
  if (!result.ok) throw new Error(result.error);
  return performance.now() - started - result.durationMs;
}

async function fetchRoundTrip(): Promise<number> {
  const source = `
    const started = performance.now();
    for (let i = 0; i < ${FETCHES}; i++) await fetch('https://api.example.com/ping');
    console.log(String((performance.now() - started) / ${FETCHES}));
  `;
  const result = await runScript(source, { fetch: trivial, createWorker: createNodeWorker, limits: { maxRequests: FETCHES } });
  if (!result.ok) throw new Error(result.error);
  return Number(result.console[0].text);
}

const firstBundled = performance.now();
await startup(createNodeWorker); // builds or finds the bundle; warms the parent's module cache
const bundleMs = performance.now() - firstBundled;
await startup(createTsxNodeWorker); // warms tsx's transform cache
const factories = { bundled: createNodeWorker, tsx: createTsxNodeWorker };
const starts: Record<keyof typeof factories, number[]> = { bundled: [], tsx: [] };
for (let i = 0; i < RUNS; i++) {
  for (const [name, factory] of Object.entries(factories) as [keyof typeof factories, WorkerFactory][]) {
    starts[name].push(await startup(factory));
  }
}
const perFetch: number[] = [];
for (let i = 0; i < 5; i++) perFetch.push(await fetchRoundTrip());

console.log(`first bundled script, including finding or building the bundle: ${bundleMs.toFixed(0)} ms`);
for (const [name, values] of Object.entries(starts)) {
  console.log(`worker start, ${name} (spawn → result of an empty script, minus its run time), median of ${RUNS}: ${median(values).toFixed(1)} ms`);
  console.log(`  all: ${values.map((ms) => ms.toFixed(0)).join(', ')} ms`);
}
console.log(`await fetch() round trip through the worker, trivial handler, median of 5 × ${FETCHES}: ${(median(perFetch) * 1000).toFixed(0)} µs`);
