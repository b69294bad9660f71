/**
 * Measures what a Bash sandbox worker costs (prints, asserts nothing): one worker at a time is started, given
 * SPARE_MS to get ready, as a spare would be, then runs one `curl | jq` script (answered at once) and is terminated;
 * the process's CPU time over that (host and worker threads; the host only waits) is its cost, and the wall time
 * from the script's message to the end is what the script waits. The variants run interleaved, so that all see the same machine load:
 * - an empty Node worker (a CommonJS file that does nothing): the floor;
 * - a worker that imports just-bash as an ES module and does nothing else;
 * - the ES module bundle of src/cli/bashWorker.ts (just-bash external) with its full warm-up: the worker before the
 *   code cache;
 * - the CommonJS bundle through codeCachedWorker.cjs without a cache (none can be written), full warm-up;
 * - the same with its code cache, warming up curl | jq only: the worker createNodeWorker starts.
 * Run: npx tsx scripts/measure-bash-worker.ts [rounds]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { cliCacheDir } from '../src/cli/cacheDir.ts';
import { bundleEntry, codeCacheFile, nodeResourceLimits, sandboxWorkerEntry, workerSource } from '../src/cli/createNodeWorker.ts';
import { defaultLimits } from '../src/sandbox/types.ts';

const ROUNDS = Number(process.argv[2] ?? 10);
const SCRIPT = "curl -s -X POST https://slack.com/api/auth.test -H 'Authorization: Bearer x' | jq -r .user_id";
const BODY = new TextEncoder().encode('{"ok":true,"user_id":"U1"}');
const LOADER = new URL('../src/cli/codeCachedWorker.cjs', import.meta.url);
const SPARE_MS = 500;

// Beside the bundles, so that a bare import of just-bash resolves.
mkdirSync(cliCacheDir, { recursive: true });
const scratch = mkdtempSync(join(cliCacheDir, 'measure-'));
writeFileSync(join(scratch, 'empty.cjs'), '');
writeFileSync(join(scratch, 'import-just-bash.mjs'), "import 'just-bash';\n");
const esModuleBundle = bundleEntry(fileURLToPath(workerSource('bash')), scratch);
const bundle = fileURLToPath(sandboxWorkerEntry('bash'));

interface Variant {
  name: string;
  url: URL;
  workerData?: unknown;
  /** Whether it runs the script (else it is done when it exits). */
  runs: boolean;
}

const variants: Variant[] = [
  { name: 'empty Node worker', url: pathToFileURL(join(scratch, 'empty.cjs')), runs: false },
  { name: 'import just-bash (ES module)', url: pathToFileURL(join(scratch, 'import-just-bash.mjs')), runs: false },
  { name: 'ES module bundle, full warm-up, curl | jq', url: pathToFileURL(esModuleBundle), runs: true },
  { name: 'CommonJS bundle, no code cache, full warm-up, curl | jq', url: LOADER, workerData: { codeCache: { bundle, cache: join(scratch, 'none', 'x.codecache') } }, runs: true },
  { name: 'CommonJS bundle, code cache, curl | jq', url: LOADER, workerData: { codeCache: { bundle, cache: codeCacheFile(bundle) } }, runs: true },
];

/** Resolves with the wall time from the script's message to the end. */
async function once(variant: Variant): Promise<number> {
  const worker = new Worker(variant.url, { execArgv: [], env: {}, workerData: variant.workerData, resourceLimits: nodeResourceLimits(defaultLimits) });
  let sent = performance.now();
  const ended = new Promise<number>((resolve, reject) => {
    worker.on('error', reject);
    worker.on('exit', () => (variant.runs ? reject(new Error(`${variant.name}: the worker exited`)) : resolve(performance.now() - sent)));
    worker.on('message', (message: { type: string; id?: number; request?: { url: string }; ok?: boolean }) => {
      if (message.type === 'fetch') {
        const response = { status: 200, statusText: 'OK', headers: [['content-type', 'application/json']], body: BODY.slice(), url: message.request?.url, redirected: false };
        worker.postMessage({ type: 'fetchResult', id: message.id, response });
      }
      if (message.type === 'done') {
        if (!message.ok) reject(new Error(`${variant.name}: ${JSON.stringify(message)}`));
        worker.removeAllListeners('exit');
        void worker.terminate().then(() => resolve(performance.now() - sent));
      }
    });
  });
  if (variant.runs) {
    await new Promise((resolve) => setTimeout(resolve, SPARE_MS));
    sent = performance.now();
    worker.postMessage({ type: 'run', language: 'bash', source: SCRIPT, limits: defaultLimits, determinism: {}, files: [] });
  }
  return ended;
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  // The first of each builds what it needs (the code cache included).
  for (const variant of variants) await once(variant);
  const cpu = new Map(variants.map((v) => [v.name, [] as number[]]));
  const wall = new Map(variants.map((v) => [v.name, [] as number[]]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const variant of variants) {
      const c = cpuMs();
      wall.get(variant.name)!.push(await once(variant));
      cpu.get(variant.name)!.push(cpuMs() - c);
    }
  }
  console.log(`per worker (start, get ready, script, terminate), median of ${ROUNDS}, interleaved:`);
  for (const { name, runs } of variants) {
    const waited = runs ? `; the script waits ${median(wall.get(name)!).toFixed(1)} ms` : '';
    console.log(`  ${name}: ${median(cpu.get(name)!).toFixed(1)} ms CPU${waited}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
