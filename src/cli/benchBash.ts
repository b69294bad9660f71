/**
 * Bash figures for `npm run bench`:
 * - a request's round trip from Bash next to JavaScript's: a script makes N sequential requests (curl in a shell
 *   loop; fetch in a JavaScript loop) and the time between one request reaching the host and the next is one
 *   round trip as the script sees it (its own work between requests included); median after a warm-up; beside it
 *   the process's CPU time per round trip over the same requests (host and worker threads together), which other
 *   load on the machine changes far less than wall time;
 * - a 25-step run of the ReAct protocol with an instant scripted model, one Bash action a step: the loop's own
 *   time per step (model and actions excluded) and all non-model time per step (the sandbox worker included), in
 *   wall time and in the process's CPU time (a spare Bash worker boots on another thread while a step runs).
 */
import { runAgent } from '../agent/loop.ts';
import { repliesModel } from '../agent/providers/scriptedProvider.ts';
import { REACT_MAX_ITERATIONS } from '../agent/react.ts';
import { sessionWorld } from '../agent/world.ts';
import type { LanguageId } from '../sandbox/languages.ts';
import { runScript } from '../sandbox/runScript.ts';
import { defaultLimits } from '../sandbox/types.ts';
import type { Workbench } from '../session/index.ts';
import { quantile, roundTo } from './benchStats.ts';
import { prewarmed } from './prewarmedWorkers.ts';
import { loadSuiteFile, projectSuiteFiles } from './suites.ts';

const TOKEN = 'xoxb-bench';
const WARM_UP = 20;

export interface BashBenchFigures {
  requests: number;
  bashRoundTripMsMedian: number;
  javascriptRoundTripMsMedian: number;
  bashOverJavascript: number;
  bashRoundTripCpuMs: number;
  javascriptRoundTripCpuMs: number;
  bashOverJavascriptCpu: number;
  reactSteps: number;
  reactLoopOverheadPerStepMsMedian: number;
  reactNonModelPerStepMsMedian: number;
  reactCpuPerStepMs: number;
  reactPassed: boolean;
}

const median = (xs: number[]) => roundTo(quantile(xs, 0.5), 2);
const cpuMs = (since?: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const SCRIPTS: Record<'javascript' | 'bash', (n: number) => string> = {
  javascript: (n) => `for (let i = 0; i < ${n}; i++) {
  const r = await fetch('https://slack.com/api/auth.test', { method: 'POST', headers: { authorization: 'Bearer ${TOKEN}' } });
  if (!(await r.json()).ok) throw new Error('auth.test failed');
}`,
  bash: (n) => `for i in $(seq 1 ${n}); do
  curl -s -X POST https://slack.com/api/auth.test -H 'Authorization: Bearer ${TOKEN}' | jq -e .ok > /dev/null || exit 1
done`,
};

function slackScenario() {
  return projectSuiteFiles('slack').map(loadSuiteFile)[0].suite.tests[0];
}

async function roundTrips(workbench: Workbench, language: 'javascript' | 'bash', n: number): Promise<{ ms: number[]; cpuMs: number }> {
  const session = await workbench.open(slackScenario());
  const env = session.env;
  try {
    const arrivals: number[] = [];
    let cpuAtWarm: NodeJS.CpuUsage | undefined;
    let cpuTotal = 0;
    const result = await runScript(SCRIPTS[language](n + WARM_UP), {
      language,
      fetch: (request) => {
        arrivals.push(performance.now());
        if (arrivals.length === WARM_UP) cpuAtWarm = process.cpuUsage();
        if (arrivals.length === WARM_UP + n) cpuTotal = cpuMs(cpuAtWarm);
        return workbench.router.route(request, env);
      },
      createWorker: workbench.createWorker,
      limits: { timeMs: 300_000, maxRequests: n + WARM_UP + 10 },
    });
    if (!result.ok) throw new Error(`the ${language} round-trip script failed: ${result.error}`);
    return { ms: arrivals.slice(WARM_UP).map((t, i) => t - arrivals[WARM_UP + i - 1]), cpuMs: roundTo(cpuTotal / n, 2) };
  } finally {
    await session.dispose();
  }
}

async function reactRun(workbench: Workbench) {
  const scenario = slackScenario();
  const action = "<thinking>Checking who I am.</thinking>\n<action>curl -s -X POST https://slack.com/api/auth.test -H 'Authorization: Bearer PLACEHOLDER_TOKEN' | jq -r .user_id</action>";
  const session = await workbench.open(scenario);
  try {
    const cpuAtStart = process.cpuUsage();
    const record = await runAgent({
      provider: repliesModel(Array.from({ length: REACT_MAX_ITERATIONS }, () => action)),
      model: { protocol: 'openai', baseURL: 'scripted', model: 'instant' },
      world: sessionWorld(session),
      scenario,
      replicas: workbench.router.replicas.filter((r) => scenario.services.includes(r.name)),
      settings: { mode: 'react' },
    });
    const cpuPerStep = roundTo(cpuMs(cpuAtStart) / Math.max(1, record.steps.length), 1);
    const overheads = record.steps.map((s) => Math.max(0, s.harnessMs - s.actions.reduce((a, x) => a + x.ms, 0)));
    return { steps: record.steps.length, overhead: median(overheads), nonModel: median(record.steps.map((s) => s.harnessMs)), cpuPerStep, ok: record.steps.every((s) => s.actions[0]?.ok) };
  } finally {
    await session.dispose();
  }
}

export async function benchBash(options: { requests?: number } = {}): Promise<BashBenchFigures> {
  const n = options.requests ?? 200;
  const { createNodeWorker } = await import('./createNodeWorker.ts');
  const workers = prewarmed(createNodeWorker);
  const language: LanguageId = 'bash';
  workers.warm(defaultLimits, language);
  const { openWorkbench } = await import('./nodeEngine.ts');
  const { seedsDir } = await import('./seeds.ts');
  const workbench = await openWorkbench(seedsDir(undefined), { createWorker: workers.createWorker });
  try {
    await workbench.ensureTemplate(slackScenario().seed);
    const bashTrips = await roundTrips(workbench, 'bash', n);
    const jsTrips = await roundTrips(workbench, 'javascript', n);
    const bash = median(bashTrips.ms);
    const js = median(jsTrips.ms);
    const react = await reactRun(workbench);
    return {
      requests: n,
      bashRoundTripMsMedian: bash,
      javascriptRoundTripMsMedian: js,
      bashOverJavascript: roundTo(bash / js, 2),
      bashRoundTripCpuMs: bashTrips.cpuMs,
      javascriptRoundTripCpuMs: jsTrips.cpuMs,
      bashOverJavascriptCpu: roundTo(bashTrips.cpuMs / jsTrips.cpuMs, 2),
      reactSteps: react.steps,
      reactLoopOverheadPerStepMsMedian: react.overhead,
      reactNonModelPerStepMsMedian: react.nonModel,
      reactCpuPerStepMs: react.cpuPerStep,
      reactPassed: react.ok,
    };
  } finally {
    workers.dispose();
    await workbench.engine.close();
  }
}
