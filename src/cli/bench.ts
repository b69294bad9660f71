import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Engine, Environment, SeedFile, SeedTables } from '../engine/index.ts';
import { splitSeed } from '../engine/seed.ts';
import { serviceSchema } from '../engine/sqlNames.ts';
import { evaluateDiff, type AssertionSpec } from '../evaluation/index.ts';
import { runScript } from '../sandbox/runScript.ts';
import type { Workbench } from '../session/index.ts';
import type { CommandSpec, ParsedFlags } from './args.ts';
import { parseArgs } from './args.ts';
import { CliError } from './errors.ts';
import { isDirectory, isFile, readJsonFile, repoRoot } from './files.ts';
import { evaluateBatch } from './evaluate.ts';
import { benchParts, figuresText, selectParts } from './benchParts.ts';
import { scaleSeed } from './scaleSeed.ts';
import { findSeedFile, listSeeds } from './seeds.ts';
import { loadSuiteFile, projectSuiteFiles } from './suites.ts';
import { summary } from './benchStats.ts';

export const benchSpec = {
  name: 'bench',
  usage: 'difflab bench [--json] [--parts core,linear,…] [--envs 50] [--requests 200] [--iterations 20] [--cases 10000] [--seeds <dir>] [--seed <name>]',
  flags: {
    json: { type: 'boolean', description: 'print only the JSON' },
    envs: { type: 'number', valueName: 'n', description: 'environments created for (1)', defaultText: '50' },
    requests: { type: 'number', valueName: 'n', description: 'sequential reads from one script for (2)', defaultText: '200' },
    iterations: { type: 'number', valueName: 'n', description: 'steps of 10 writes per seed size for (3)', defaultText: '20' },
    cases: { type: 'number', valueName: 'n', description: 'cases in the evaluate --batch file for (4)', defaultText: '10000' },
    seeds: { type: 'string', valueName: 'dir', description: 'where the Slack seed is found', defaultText: 'scenarios/' },
    seed: { type: 'string', valueName: 'name', description: 'the Slack seed to use', defaultText: 'the first of scenarios/slack/seeds/' },
    parts: { type: 'string', valueName: 'list', description: 'which figures: core and the capability parts, comma-separated', defaultText: 'all' },
  },
  notes: 'Figures: (1) fresh environment, (2) one Slack request through sandbox, shim, router, handler and PGlite, (3) diff + evaluation after 10 writes on the seed and on the seed ×100, (4) evaluate --batch cases/s, (5) page load in Chromium when dist/ and /usr/bin/chromium exist, (6) the dev server\'s second start to a ready page.',
} as const satisfies CommandSpec;

const SCALE = 100;
const WRITES = 10;
const TOKEN = 'xoxb-difflab-bench';

type Stats = ReturnType<typeof summary>;
const stats = (values: number[]): Stats => summary(values, 3);

const round = (x: number, digits = 3) => Number(x.toFixed(digits));
const rowsOf = (t: SeedTables) => Object.values(t).reduce((a, r) => a + r.length, 0);

type Flags = ParsedFlags<typeof benchSpec.flags>;

export async function benchCommand(argv: string[]): Promise<number> {
  const flags = parseArgs(benchSpec, argv);
  const selection = selectParts(flags.parts);
  if (selection.unknown.length) {
    throw new CliError(`--parts: unknown ${selection.unknown.join(', ')}`, [`parts: core, ${benchParts.map((p) => p.name).join(', ')}`]);
  }
  const log = (line: string) => {
    if (!flags.json) process.stderr.write(line + '\n');
  };
  const core = selection.core ? await benchCore(flags, log) : null;
  const parts: Record<string, object> = {};
  for (const part of selection.parts) {
    log(`${part.name}: ${part.title}…`);
    try {
      parts[part.name] = await part.run();
    } catch (err) {
      parts[part.name] = { error: (err as Error)?.message ?? String(err) };
    }
  }
  if (!flags.json) {
    const rows = [...(core ? [table(core.result)] : []), ...selection.parts.map((p) => `${p.title}\n  ${figuresText(parts[p.name])}`)];
    process.stdout.write(rows.join('\n\n') + '\n\n');
  }
  process.stdout.write(JSON.stringify({ ...core?.result, parts }, null, 2) + '\n');
  return core && !core.ok ? 1 : 0;
}

async function benchCore(flags: Flags, log: (line: string) => void): Promise<{ result: Result; ok: boolean }> {
  const counts = {
    envs: positive(flags.envs ?? 50, 'envs'),
    requests: positive(flags.requests ?? 200, 'requests'),
    iterations: positive(flags.iterations ?? 20, 'iterations'),
    cases: positive(flags.cases ?? 10_000, 'cases'),
  };
  const seed = pickSeed(flags.seeds, flags.seed);
  log(`seed: ${seed.name} (${seed.file})`);

  const { createEngine, openWorkbench } = await import('./nodeEngine.ts');
  const startedEngine = performance.now();
  const engine = await createEngine();
  const engineMs = performance.now() - startedEngine;
  const workbench = await openWorkbench(seed.dir, { engine });
  try {
    const part = slackPart(engine, seed.seed);
    const actor = actingUser(seed.name) ?? workbench.router.replicas.find((r) => r.name === 'slack')?.defaultActingUserId ?? null;
    const channel = channelOf(part.tables, actor);
    await engine.loadTemplate(seed.name, seed.seed);

    log('(1) environment creation…');
    const created = await envCreateTimes(engine, seed.name, counts.envs, actor);
    const createdPooled = await envCreateTimes(engine, seed.name, counts.envs, actor, { pooled: true });

    const company = await companyEnvCreate(engine, counts.envs, log);

    log('(2) requests from the sandbox…');
    const requests = await requestLatency(workbench, seed.name, actor, channel, counts.requests);

    log(`(3) diff + evaluation after ${WRITES} writes, seed and seed ×${SCALE}…`);
    const spec = writeSpec(channel);
    const small = await diffAndEvaluate(workbench, seed.name, actor, channel, spec, counts.iterations);
    const uniques = await uniqueColumns(engine, part.service);
    const scaled = scaleSeed(part.tables, engine.schemaInfo(part.service), uniques, SCALE);
    const largeName = `${seed.name}_x${SCALE}`;
    const loadStarted = performance.now();
    await engine.loadTemplate(largeName, scaled);
    const largeLoadMs = performance.now() - loadStarted;
    const large = await diffAndEvaluate(workbench, largeName, actor, channel, spec, counts.iterations);

    log('(4) evaluate --batch…');
    const batch = await batchThroughput(spec, small.lastDiff, engine, counts.cases);

    log('(5) page load…');
    const pageLoad = pageLoadFigure();
    log('(6) dev server, second start…');
    const devStart = e2eFigure('devStart.mjs', { needsDist: false, timeoutMs: 1_200_000 });

    const result: Result = {
      machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, node: process.version, platform: `${process.platform}-${process.arch}` },
      engineStartMs: round(engineMs, 0),
      envCreate: { seed: seed.name, rows: rowsOf(part.tables), ...stats(created), pooled: stats(createdPooled) },
      envCreateCompany: company,
      request: requests,
      diffEvaluate: {
        writes: WRITES,
        small: { rows: rowsOf(part.tables), ...stats(small.times) },
        large: { rows: rowsOf(scaled), templateLoadMs: round(largeLoadMs, 0), ...stats(large.times) },
        ratio: round(stats(large.times).median / stats(small.times).median, 2),
      },
      evaluateBatch: batch,
      pageLoad,
      devStart,
    };
    return { result, ok: result.diffEvaluate.ratio < 1.5 };
  } finally {
    await engine.close();
  }
}

/**
 * (1) for the seed of the project's multi-service suite (scenarios/company): every service's tables copied into a
 * fresh environment, the template loaded once before.
 */
async function companyEnvCreate(engine: Engine, n: number, log: (line: string) => void): Promise<Result['envCreateCompany']> {
  const [file] = projectSuiteFiles('company');
  if (!file) return null;
  const name = loadSuiteFile(file).suite.tests[0]?.seed;
  const seedFile = name ? findSeedFile(join(repoRoot, 'scenarios'), name) : null;
  if (!name || !seedFile) return null;
  const seed = readJsonFile(seedFile, `seed "${name}"`) as SeedFile;
  const parts = splitSeed(seed, engine.schemaInfo(), [...engine.services.keys()]);
  log(`(1) environment creation, ${name} (${parts.length} services)…`);
  const loadStarted = performance.now();
  await engine.loadTemplate(name, seed);
  const templateLoadMs = performance.now() - loadStarted;
  const times = await envCreateTimes(engine, name, n, null);
  const pooled = await envCreateTimes(engine, name, n, null, { pooled: true });
  return { seed: name, services: parts.length, rows: parts.reduce((a, p) => a + rowsOf(p.tables), 0), templateLoadMs: round(templateLoadMs, 0), ...stats(times), pooled: stats(pooled) };
}

/**
 * Times `n` environments of a loaded template: copied on demand, or (`pooled`) taken from the engine's pool of one
 * ready copy, as `serve` and the page keep it, each after the pool has refilled (the refill is not timed).
 */
async function envCreateTimes(engine: Engine, name: string, n: number, actingUserId: string | null, { pooled = false } = {}): Promise<number[]> {
  const poolSize = engine.pool.size;
  engine.pool.size = pooled ? 1 : 0;
  if (pooled) engine.pool.warm([name]);
  const times: number[] = [];
  try {
    for (let i = 0; i < n; i++) {
      await engine.pool.settled();
      const t = performance.now();
      const env = await engine.createEnvironment(name, { actingUserId });
      times.push(performance.now() - t);
      await env.dispose();
    }
  } finally {
    engine.pool.size = poolSize;
    await engine.pool.settled();
  }
  return times;
}

function positive(n: number, name: string): number {
  if (!Number.isInteger(n) || n < 1) throw new CliError(`--${name} must be a positive integer`);
  return n;
}

function pickSeed(dirFlag: string | undefined, name: string | undefined): { name: string; file: string; dir: string; seed: SeedFile } {
  const dirs = dirFlag ? [dirFlag] : [join(repoRoot, 'scenarios', 'slack'), join(repoRoot, '..', 'shared', 'agent-diff')];
  for (const dir of dirs.filter(isDirectory)) {
    const seeds = listSeeds(dir);
    const found = name ? seeds.find((s) => s.name === name) : (seeds.find((s) => /slack/i.test(s.name)) ?? seeds[0]);
    if (found) return { ...found, dir, seed: readJsonFile(found.file, `seed "${found.name}"`) as SeedFile };
  }
  throw new CliError(name ? `seed "${name}" not found` : 'no Slack seed found (scenarios/slack/seeds/*.json)', ['pass --seeds <dir> --seed <name>']);
}

function slackPart(engine: Engine, seed: SeedFile): { service: string; tables: SeedTables } {
  const parts = splitSeed(seed, engine.schemaInfo(), [...engine.services.keys()]);
  const part = parts.find((p) => p.service === 'slack') ?? parts[0];
  if (!part) throw new CliError('the bench seed has no tables');
  return part;
}

/** The acting user of the project's Slack suite for this seed, if there is one. */
function actingUser(seed: string): string | null {
  for (const file of projectSuiteFiles('slack')) {
    try {
      const test = loadSuiteFile(file).suite.tests.find((t) => t.seed === seed && t.actingUserId);
      if (test) return test.actingUserId;
    } catch {
      // A malformed suite is selftest's business, not bench's.
    }
  }
  return null;
}

/** A public, unarchived channel the actor belongs to (chat.postMessage needs membership). */
function channelOf(tables: SeedTables, actor: string | null): string {
  const channels = (tables.channels ?? []).filter((c) => !c.is_archived && !c.is_dm && !c.is_gc);
  const member = new Set((tables.channel_members ?? []).filter((m) => m.user_id === actor).map((m) => m.channel_id));
  const pick = channels.find((c) => member.has(c.channel_id)) ?? channels[0];
  if (!pick) throw new CliError('the bench seed has no channel to post in');
  return String(pick.channel_id);
}

function writeSpec(channel: string): AssertionSpec {
  return {
    assertions: [
      { diff_type: 'added', entity: 'messages', where: { channel_id: { eq: channel }, message_text: { contains: 'bench' } }, expected_count: WRITES },
    ],
    ignore_fields: { global: ['created_at', 'updated_at'] },
  } as unknown as AssertionSpec;
}

async function requestLatency(workbench: Workbench, seed: string, actor: string | null, channel: string, n: number) {
  // Each call is timed in the VM with performance.now() (real time: the bench passes no virtual clock), from before
  // fetch() to the parsed body.
  const script = (method: string, body: string, count: number) => `
const ms = [];
for (let i = 0; i < ${count}; i++) {
  const t = performance.now();
  const r = await fetch('https://slack.com/api/${method}', {
    method: 'POST',
    headers: { authorization: 'Bearer ${TOKEN}', 'content-type': 'application/x-www-form-urlencoded' },
    body: ${body},
  });
  const j = await r.json();
  ms.push(performance.now() - t);
  if (!j.ok) throw new Error('${method}: ' + j.error);
}
console.log(JSON.stringify(ms));`;
  const writes = Math.min(100, n);
  const run = async (method: string, body: string, count: number) => {
    const env = await workbench.openSeed(seed, { actingUserId: actor });
    try {
      const result = await runScript(script(method, body, count), {
        fetch: (request) => workbench.router.route(request, env),
        createWorker: workbench.createWorker,
        limits: { timeMs: 120_000, maxRequests: count + 10 },
      });
      if (!result.ok) throw new CliError(`bench script for ${method} failed: ${result.error}`);
      const inVm = JSON.parse(result.console.at(-1)?.text ?? '[]') as number[];
      const host = result.requests.map((r) => r.ms);
      const mean = (xs: number[]) => round(xs.reduce((a, b) => a + b, 0) / xs.length);
      return { method, n: count, inVmMedianMs: stats(inVm).median, inVmMeanMs: mean(inVm), hostMedianMs: stats(host).median, hostMeanMs: mean(host) };
    } finally {
      await env.dispose();
    }
  };
  return {
    read: await run('auth.test', "''", n),
    write: await run('chat.postMessage', `'channel=${encodeURIComponent(channel)}&text=' + encodeURIComponent('bench message ' + i)`, writes),
  };
}

async function post(workbench: Workbench, env: Environment, channel: string, text: string): Promise<void> {
  const response = await workbench.router.route(
    new Request('https://slack.com/api/chat.postMessage', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ channel, text }).toString(),
    }),
    env,
  );
  const body = (await response.json()) as { ok?: boolean; error?: string };
  if (!body.ok) throw new CliError(`chat.postMessage failed in the bench: ${body.error}`);
}

/** Times what a step costs after its writes: the step and run diffs (journal reads) and the evaluation. */
async function diffAndEvaluate(workbench: Workbench, seed: string, actor: string | null, channel: string, spec: AssertionSpec, iterations: number) {
  const times: number[] = [];
  let lastDiff: unknown = null;
  for (let i = 0; i < iterations; i++) {
    const env = await workbench.engine.createEnvironment(seed, { actingUserId: actor });
    try {
      await env.beginStep();
      for (let w = 0; w < WRITES; w++) await post(workbench, env, channel, `bench message ${w}`);
      const t = performance.now();
      const { run } = await env.diffs();
      const verdict = evaluateDiff(spec, run, { schema: env.template.schemaInfo, closedWorld: true });
      times.push(performance.now() - t);
      if (!verdict.passed) throw new CliError(`bench: the ${WRITES}-write step did not pass its own assertion`);
      lastDiff = run;
    } finally {
      await env.dispose();
    }
  }
  return { times, lastDiff };
}

async function uniqueColumns(engine: Engine, service: string): Promise<Map<string, string[][]>> {
  const r = await engine.db.query<{ t: string; cols: string[] }>(
    `SELECT c.relname AS t, array_agg(a.attname::text) AS cols
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY(i.indkey)
      WHERE n.nspname = $1 AND i.indisunique AND NOT i.indisprimary
      GROUP BY i.indexrelid, c.relname`,
    [serviceSchema(service)],
  );
  const out = new Map<string, string[][]>();
  for (const row of r.rows) out.set(row.t, [...(out.get(row.t) ?? []), row.cols]);
  return out;
}

async function batchThroughput(spec: AssertionSpec, diff: unknown, engine: Engine, cases: number) {
  const line = JSON.stringify({ spec, diff });
  const text = Array.from({ length: cases }, () => line).join('\n') + '\n';
  const schema = engine.schemaInfo();
  const pass = () => {
    const t = performance.now();
    const { lines, bad } = evaluateBatch(text, { schema, closedWorld: true });
    if (bad || lines.length !== cases) throw new CliError(`bench: evaluate --batch produced ${bad} bad lines`);
    return performance.now() - t;
  };
  const inProcessMs = stats([pass(), pass(), pass()]).median;

  const dir = mkdtempSync(join(tmpdir(), 'difflab-bench-'));
  try {
    const file = join(dir, 'cases.jsonl');
    writeFileSync(file, text);
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(empty, '');
    const cli = (input: string, expected: number) => {
      const started = performance.now();
      const child = spawnSync(process.execPath, [join(repoRoot, 'bin', 'difflab.mjs'), 'evaluate', '--batch', input], { encoding: 'utf8', maxBuffer: 1 << 30 });
      const ms = performance.now() - started;
      const printed = child.stdout.split('\n').filter(Boolean).length;
      if (child.status !== 0 || printed !== expected) throw new CliError(`bench: evaluate --batch exited ${child.status} with ${printed} lines: ${child.stderr}`);
      return ms;
    };
    // The first call may build the schema cache (a PGlite boot); the figures are the steady state, median of 3.
    cli(empty, 0);
    const startupMs = stats([cli(empty, 0), cli(empty, 0), cli(empty, 0)]).median;
    const cliMs = stats([cli(file, cases), cli(file, cases), cli(file, cases)]).median;
    return {
      cases,
      diffRows: countRows(diff),
      inProcessPerSec: Math.round(cases / (inProcessMs / 1000)),
      cliMs: Math.round(cliMs),
      cliStartupMs: Math.round(startupMs),
      cliPerSec: Math.round(cases / (cliMs / 1000)),
      cliPerSecAfterStartup: Math.round(cases / (Math.max(1, cliMs - startupMs) / 1000)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function countRows(diff: unknown): number {
  const d = diff as { inserts?: unknown[]; updates?: unknown[]; deletes?: unknown[] } | null;
  return (d?.inserts?.length ?? 0) + (d?.updates?.length ?? 0) + (d?.deletes?.length ?? 0);
}

/** The Chromium page-load figure of the production build: test/e2e/pageLoad.mjs prints it as JSON. */
function pageLoadFigure(): Record<string, unknown> {
  return e2eFigure('pageLoad.mjs', { needsDist: true, timeoutMs: 1_200_000 });
}

/**
 * A figure an end-to-end script of test/e2e/ measures in Chromium and prints as its last line, JSON. The script
 * finds Chromium as the e2e suite does (CHROMIUM_PATH, Debian's paths) and answers `{ skipped: why }` without one.
 */
function e2eFigure(name: string, options: { needsDist: boolean; timeoutMs: number }): Record<string, unknown> {
  const script = join(repoRoot, 'test', 'e2e', name);
  if (options.needsDist && !isDirectory(join(repoRoot, 'dist'))) return { skipped: 'no dist/ (run npm run build)' };
  if (!isFile(script)) return { skipped: `no test/e2e/${name}` };
  const child = spawnSync(process.execPath, [script, '--json'], { encoding: 'utf8', timeout: options.timeoutMs, cwd: repoRoot });
  const last = child.stdout?.trim().split('\n').at(-1) ?? '';
  try {
    return child.status === 0 ? (JSON.parse(last) as Record<string, unknown>) : { error: `exit ${child.status}: ${child.stderr?.slice(0, 500)}` };
  } catch {
    return { error: `unreadable output: ${last.slice(0, 200)}` };
  }
}

type RequestFigure = { method: string; n: number; inVmMedianMs: number; inVmMeanMs: number; hostMedianMs: number; hostMeanMs: number };

type Result = {
  machine: { cpu: string; cores: number; node: string; platform: string };
  engineStartMs: number;
  /** Copied on demand; `pooled`: taken from the engine's pool (see envCreateTimes). */
  envCreate: Stats & { seed: string; rows: number; pooled: Stats };
  /** The same for the seed of the project's multi-service suite (one company in all five replicas); null without one. */
  envCreateCompany: (Stats & { seed: string; rows: number; services: number; templateLoadMs: number; pooled: Stats }) | null;
  request: { read: RequestFigure; write: RequestFigure };
  diffEvaluate: { writes: number; small: Stats & { rows: number }; large: Stats & { rows: number; templateLoadMs: number }; ratio: number };
  evaluateBatch: { cases: number; inProcessPerSec: number; cliPerSec: number; cliMs: number; cliStartupMs: number; cliPerSecAfterStartup: number };
  pageLoad: Record<string, unknown>;
  devStart: Record<string, unknown>;
};

function table(r: Result): string {
  const rows: [string, string, string][] = [
    ['machine', `${r.machine.cpu}, ${r.machine.cores} cores, Node ${r.machine.node}`, ''],
    ['engine start (PGlite)', `${r.engineStartMs} ms`, ''],
    [
      `(1) fresh env, ${r.envCreate.seed} (${r.envCreate.rows} rows)`,
      `median ${r.envCreate.pooled.median} ms from the pool`,
      `target median < 20 ms; copied on demand: median ${r.envCreate.median} ms, p95 ${r.envCreate.p95} ms; n=${r.envCreate.n}`,
    ],
    ...(r.envCreateCompany
      ? [[
          `(1) fresh env, ${r.envCreateCompany.seed} (${r.envCreateCompany.services} services, ${r.envCreateCompany.rows} rows)`,
          `median ${r.envCreateCompany.pooled.median} ms from the pool`,
          `target median < 50 ms; copied on demand: median ${r.envCreateCompany.median} ms, p95 ${r.envCreateCompany.p95} ms; n=${r.envCreateCompany.n}; template load ${r.envCreateCompany.templateLoadMs} ms`,
        ] as [string, string, string]]
      : []),
    ...[r.request.read, r.request.write].map((q): [string, string, string] => [
      `(2) ${q.method} from the sandbox`,
      `median ${q.inVmMedianMs} ms in-VM`,
      `mean ${q.inVmMeanMs} ms; host side (router → PGlite): median ${q.hostMedianMs}, mean ${q.hostMeanMs} ms; n=${q.n}`,
    ]),
    [`(3) diff+eval after ${r.diffEvaluate.writes} writes, ${r.diffEvaluate.small.rows} rows`, `median ${r.diffEvaluate.small.median} ms`, `p95 ${r.diffEvaluate.small.p95} ms`],
    [`(3) same, seed ×${SCALE} (${r.diffEvaluate.large.rows} rows)`, `median ${r.diffEvaluate.large.median} ms`, `ratio ${r.diffEvaluate.ratio} (must be < 1.5)`],
    [
      '(4) evaluate --batch',
      `${r.evaluateBatch.inProcessPerSec} cases/s`,
      `CLI: ${r.evaluateBatch.cases} cases in ${r.evaluateBatch.cliMs} ms (${r.evaluateBatch.cliPerSec}/s; ${r.evaluateBatch.cliPerSecAfterStartup}/s after a ${r.evaluateBatch.cliStartupMs} ms start)`,
    ],
    ['(5) page load → ready environment (Chromium, production build)', pageText(r.pageLoad), 'target < 3000 ms on an idle machine'],
    ...(typeof r.pageLoad.companyOpenMs === 'number'
      ? [['(5) company scenario: click → environment ready', `${r.pageLoad.companyOpenMs} ms`, 'target < 3000 ms (its seed is loaded on demand)'] as [string, string, string]]
      : []),
    ['(6) dev server, second start → ready environment (Chromium)', pageText(r.devStart), `target < 3000 ms on an idle machine${devStartText(r.devStart) ? `; ${devStartText(r.devStart)}` : ''}`],
  ];
  const w0 = Math.max(...rows.map((x) => x[0].length));
  const w1 = Math.max(...rows.map((x) => x[1].length));
  return rows.map(([a, b, c]) => `${a.padEnd(w0)}  ${b.padEnd(w1)}  ${c}`.trimEnd()).join('\n');
}

/** The parts of the dev server's second start: the data-directory check, Vite's start, the page to ready. */
function devStartText(p: Record<string, unknown>): string {
  const s = p.second as { pgdataMs?: number; serverMs?: number; pageReadyMs?: number; totalMs?: number } | undefined;
  return s ? `from \`npm run dev\`: ${s.totalMs} ms (data directory check ${s.pgdataMs} ms, Vite ${s.serverMs} ms, page to ready ${s.pageReadyMs} ms)` : '';
}

function pageText(p: Record<string, unknown>): string {
  if (typeof p.skipped === 'string') return `skipped: ${p.skipped}`;
  if (typeof p.error === 'string') return `error: ${p.error}`;
  // The figure's name is the page-load script's business: show its first top-level number.
  const first = Object.entries(p).find(([, v]) => typeof v === 'number');
  return first ? `${first[0]} ${first[1]}` : JSON.stringify(p).slice(0, 80);
}
