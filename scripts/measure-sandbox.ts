/**
 * Measures the sandbox (prints, asserts nothing): the start-up of one script's worker, and one `await fetch()`
 * round trip through the worker with a trivial handler. Run: npx tsx scripts/measure-sandbox.ts
 */
import { createNodeWorker } from '../src/cli/createNodeWorker.ts';
import { runScript } from '../src/sandbox/runScript.ts';

const RUNS = 9;
const FETCHES = 1000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const trivial = async (): Promise<Response> => new Response('{"ok":true}');

async function startup(): Promise<{ total: number; script: number }> {
  const started = performance.now();
  const result = await runScript('1', { fetch: trivial, createWorker: createNodeWorker });
  if (!result.ok) throw new Error(result.error);
  return { total: performance.now() - started, script: result.durationMs };
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

await startup(); // warm the parent's module cache and tsx's transform cache
const starts: number[] = [];
const scriptMs: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const { total, script } = await startup();
  starts.push(total - script);
  scriptMs.push(script);
}
const perFetch: number[] = [];
for (let i = 0; i < 5; i++) perFetch.push(await fetchRoundTrip());

console.log(`worker start (spawn → result of an empty script, minus its run time), median of ${RUNS}: ${median(starts).toFixed(1)} ms`);
console.log(`  all: ${starts.map((ms) => ms.toFixed(0)).join(', ')} ms`);
console.log(`await fetch() round trip through the worker, trivial handler, median of 5 × ${FETCHES}: ${(median(perFetch) * 1000).toFixed(0)} µs`);
