/**
 * The figures `difflab bench` measures beyond its core ones (environments, requests, diffs, batch evaluation, page
 * load): one part per capability, each with the targets its issue names. Parts load lazily, so `--parts core`
 * costs nothing of the others.
 */
export interface BenchPart {
  name: string;
  /** What is measured, as the table's row label. */
  title: string;
  run(): Promise<object>;
}

export const benchParts: BenchPart[] = [
  {
    name: 'start',
    title:
      'Command line start, the real CLI spawned (medians of 3, warm caches): run of one scenario (target < 1.5 s, < 450 MB), check of one suite (< 1.5 s), eval of one scenario and serve to listening (< 3 s); wall, CPU, peak MB',
    run: async () => (await import('./benchStart.ts')).benchStart(),
  },
  {
    name: 'serve',
    title:
      'serve: initEnv per template copied on demand and from the pool (target median < 20 ms, < 50 ms multi-service), issue 20\'s requests at rest and while the pool refills (target ≤ half Agent-Diff\'s median)',
    run: async () => (await import('./benchServe.ts')).benchServe(),
  },
  {
    name: 'serveWorkers',
    title:
      "serve on every core (issue 33): requests/s over 8 environments at concurrency 8, one worker and the default (target ratio ≥ 1.6), health check p50/p99 during the issue's workloads (target p99 < 250 ms), 30 back-to-back initEnv per template (target median < 20 ms), 30-cycle 10 MiB upload soak (target ≤ 1.10 × after the 5th)",
    run: async () => (await import('./benchServeWorkers.ts')).benchServeWorkers(),
  },
  {
    name: 'box',
    title: 'Box: search over 20,000 files (target median < 10 ms), folder items page of 100 (target < 5 ms)',
    run: async () => (await import('./benchBox.ts')).benchBox(),
  },
  {
    name: 'calendar',
    title: 'Calendar: events.list singleEvents over a year, 50 weekly series (target median < 20 ms)',
    run: async () => (await import('./benchCalendar.ts')).benchCalendar(),
  },
  {
    name: 'linear',
    title: 'Linear: issues(first: 50) with a 3-part filter, 20,000 issues (target median < 15 ms)',
    run: async () => (await import('./benchLinear.ts')).benchLinear(),
  },
  {
    name: 'mail',
    title: 'Mail: search over the 10,000-message corpus, sender + date filter, page of 50 (target median < 15 ms)',
    run: async () => (await import('./benchMail.ts')).benchMail(),
  },
  {
    name: 'agent',
    title: 'Agent loop: harness time per step (target < 20 ms), 100 scenarios × 1 trial (target < 60 s)',
    run: async () => (await import('./benchAgent.ts')).benchAgent(),
  },
  {
    name: 'limits',
    title: 'Limits: Slack read and write, and a verdict with regular expressions, with and without the limits (target ratio ≤ 1.05)',
    run: async () => (await import('./benchLimits.ts')).benchLimits(),
  },
  {
    name: 'mcp',
    title: "MCP: a tool call's round trip over stdio (difflab mcp) and over Streamable HTTP (serve), beside the same request over plain HTTP (goal ≤ 1.2×)",
    run: async () => (await import('./benchMcp.ts')).benchMcp(),
  },
  {
    name: 'bash',
    title: 'Bash: a request\'s round trip (target median < 3 ms, ≤ 1.5× JavaScript\'s), a 25-step ReAct run (target < 20 ms a step)',
    run: async () => (await import('./benchBash.ts')).benchBash(),
  },
  {
    name: 'python',
    title:
      'Python: a request round trip from Python (target median < 3 ms, ≤ 1.5× JavaScript), cold start in Node and the page (target < 3 s), next script (target < 100 ms)',
    run: async () => (await import('./benchPython.ts')).benchPython(),
  },
  {
    name: 'studio',
    title: 'Studio: lint time per scenario, mutation scores per suite',
    run: async () => (await import('./benchStudio.ts')).benchStudio(),
  },
];

/** `--parts core,linear` → which to run; unknown names are an error naming the known ones. */
export function selectParts(list: string | undefined): { core: boolean; parts: BenchPart[]; unknown: string[] } {
  if (!list) return { core: true, parts: benchParts, unknown: [] };
  const names = list.split(',').map((s) => s.trim()).filter(Boolean);
  const known = new Set(['core', ...benchParts.map((p) => p.name)]);
  return {
    core: names.includes('core'),
    parts: benchParts.filter((p) => names.includes(p.name)),
    unknown: names.filter((n) => !known.has(n)),
  };
}

/** A part's figures on one line: `a 1.2, b 3` (nested objects flattened with dots). */
export function figuresText(figures: object, prefix = ''): string {
  return Object.entries(figures)
    .flatMap(([k, v]) => (v && typeof v === 'object' && !Array.isArray(v) ? [figuresText(v, `${prefix}${k}.`)] : [`${prefix}${k} ${v}`]))
    .filter(Boolean)
    .join(', ');
}
