import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runScript } from '../sandbox/runScript.ts';
import { defaultLimits, type WorkerFactory } from '../sandbox/types.ts';
import { summary } from './benchStats.ts';
import { createNodeWorker } from './createNodeWorker.ts';
import { CliError } from './errors.ts';
import { repoRoot } from './files.ts';
import { openWorkbench } from './nodeEngine.ts';
import { seedsDir } from './seeds.ts';
import { prewarmed } from './prewarmedWorkers.ts';
import { SNAPSHOT_SWITCH } from './pythonSnapshot.ts';
import { PYODIDE_ASSET_DIR, PYTHON_SNAPSHOT_FILE } from '../sandbox/python/pythonAssets.ts';

const CALLS = 200;
const WARM_UP = 20;

/** auth.test from a script, each call timed in the script with the real clock (the bench sets no virtual clock). */
const SCRIPTS = {
  python: `
import json, time, requests
s = requests.Session()
s.headers['Authorization'] = 'Bearer xoxb-bench'
ms = []
for i in range(${CALLS}):
    t = time.perf_counter()
    r = s.post('https://slack.com/api/auth.test')
    r.json()
    ms.append((time.perf_counter() - t) * 1000)
print(json.dumps(ms))
`,
  javascript: `
const ms = [];
for (let i = 0; i < ${CALLS}; i++) {
  const t = performance.now();
  const r = await fetch('https://slack.com/api/auth.test', { method: 'POST', headers: { authorization: 'Bearer xoxb-bench' } });
  await r.json();
  ms.push(performance.now() - t);
}
console.log(JSON.stringify(ms));`,
};

/**
 * Figures of the page's Python sandbox, from test/e2e/python.mjs (needs a build): Chromium through JSPI, and through
 * shared memory when isolated (which the site never does to it: for comparison); firefox-esr without JSPI (140 as it
 * comes, 153 with its preference off), isolated by the site's service worker, through shared memory; firefox-esr with
 * JSPI's preference on, through JSPI. And whether the build holds the memory snapshot the page's workers restore
 * (made with Chromium at build).
 */
function pageFigures(): object {
  const assets = join(repoRoot, 'dist', 'assets');
  if (!existsSync(assets) || !readdirSync(assets).some((f) => f.startsWith('pythonWorker-'))) return { skipped: 'no build with the Python worker (npm run build)' };
  const snapshot = existsSync(join(assets, PYODIDE_ASSET_DIR, PYTHON_SNAPSHOT_FILE));
  const out = spawnSync(process.execPath, [join(repoRoot, 'test/e2e/python.mjs')], { encoding: 'utf8', timeout: 600_000 });
  const figures: Record<string, Record<string, unknown>> = {};
  let last: Record<string, unknown> | undefined;
  for (const line of (out.stdout ?? '').split('\n')) {
    // A browser whose scripts failed still has a cold start (the worker loaded); its round trip is then "undefined".
    const m = /^[✓✗] ([\w-]+): cold start (\d+) ms, next script starts in (\d+) ms, round trip \(median\) ([\d.]+|undefined) ms/.exec(line);
    if (m) {
      last = figures[m[1]!] = { coldStartMs: Number(m[2]), nextStartMs: Number(m[3]), roundTripMedianMs: m[4] === 'undefined' ? null : Number(m[4]), ok: line.startsWith('✓') };
    } else if (last && !last.ok && !last.problem && /^\s+\S/.test(line)) {
      last.problem = line.trim();
    } else {
      last = undefined;
    }
  }
  return Object.keys(figures).length ? { snapshot, ...figures } : { error: (out.stdout || out.stderr || 'no output').trim().split('\n').slice(-3).join(' / ') };
}

/** The wall and CPU time of an empty script on a worker started for it, alone in the process. */
async function coldStart(): Promise<{ wallMs: number; cpuMs: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await runScript('pass', { language: 'python', fetch: async () => new Response(null, { status: 599 }), createWorker: createNodeWorker, limits: defaultLimits });
  if (!result.ok) throw new CliError(`bench python cold start failed: ${result.error}`);
  const used = process.cpuUsage(cpu);
  return { wallMs: Math.round(performance.now() - started), cpuMs: Math.round((used.user + used.system) / 1000) };
}

export async function benchPython(): Promise<object> {
  // Cold: a worker started for the script, Pyodide loaded from nothing, before anything else runs in this
  // process; first without the memory snapshot (a first start, which also writes it), then from it.
  const previous = process.env[SNAPSHOT_SWITCH];
  process.env[SNAPSHOT_SWITCH] = 'off';
  const withoutSnapshot = await coldStart();
  if (previous === undefined) delete process.env[SNAPSHOT_SWITCH];
  else process.env[SNAPSHOT_SWITCH] = previous;
  await coldStart(); // makes the snapshot if no earlier run has
  const cold = await coldStart();
  const workers = prewarmed(createNodeWorker);
  const workbench = await openWorkbench(seedsDir(undefined), { createWorker: workers.createWorker });
  try {
    const env = await workbench.openSeed('northwind_slack');
    const run = async (language: 'python' | 'javascript', createWorker: WorkerFactory, source = SCRIPTS[language]) => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const result = await runScript(source, {
        language,
        fetch: (request) => workbench.router.route(request, env),
        createWorker,
        limits: { ...defaultLimits, timeMs: 120_000, maxRequests: CALLS + 10 },
      });
      if (!result.ok) throw new CliError(`bench ${language} script failed: ${result.error}`);
      // The process's CPU time (every thread: the worker's loading and the host's routing), meaningful where wall
      // time is not: on a machine whose cores are shared with other work.
      const used = process.cpuUsage(cpu);
      return { result, wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
    };
    const roundTrip = async (language: 'python' | 'javascript') => {
      const { result } = await run(language, workers.createWorker);
      return summary((JSON.parse(result.console.at(-1)?.text ?? '[]') as number[]).slice(WARM_UP), 3);
    };
    // Next: the spare the factory keeps has loaded while we waited; the wall time of an empty script on it.
    workers.warm(defaultLimits, 'python');
    await new Promise((resolve) => setTimeout(resolve, Math.max(3000, cold.wallMs * 1.5)));
    const next = await run('python', workers.createWorker, 'pass');
    const python = await roundTrip('python');
    const javascript = await roundTrip('javascript');
    await env.dispose();
    return {
      nodeColdStartMs: cold.wallMs,
      nodeColdStartCpuMs: cold.cpuMs,
      nodeColdStartNoSnapshotMs: withoutSnapshot.wallMs,
      nodeColdStartNoSnapshotCpuMs: withoutSnapshot.cpuMs,
      nodeNextScriptMs: Math.round(next.wallMs),
      nodeNextScriptCpuMs: Math.round(next.cpuMs),
      roundTripMedianMs: python.median,
      roundTripP95Ms: python.p95,
      javascriptRoundTripMedianMs: javascript.median,
      ratioToJavaScript: Number((python.median / javascript.median).toFixed(2)),
      page: pageFigures(),
    };
  } finally {
    workers.dispose();
    await workbench.engine.close();
  }
}
