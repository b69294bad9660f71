import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Engine, SeedTables } from '../engine/index.ts';
import { createRouter } from '../replicas/index.ts';
import { parse } from 'graphql';
import { complexityCheck, queryComplexity } from '../replicas/linear/complexity.ts';
import { linearSchema } from '../replicas/linear/executor.ts';
import { linear } from '../replicas/linear/index.ts';
import { repoRoot } from './files.ts';
import { quantile, roundTo } from './benchStats.ts';

/** The figure issue 5 names: a two-level-filtered `issues(first: 50)` over the project's seed scaled to 20,000 issues. */
export interface LinearBenchFigures {
  issues: number;
  /** Loading the scaled seed as a template. */
  loadMs: number;
  n: number;
  /** Each request a new document text, so parse and validate run every time (the issue's figure). */
  filteredIssuesMedianMs: number;
  filteredIssuesP95Ms: number;
  /** The same document repeated, as scripts and the SDK send it: parse/validate cached. */
  repeatedDocumentMedianMs: number;
  /** The repeated document with Linear's complexity check turned off, and the ratio with / without it (target ≤ 1.05). */
  withoutComplexityCheckMedianMs: number;
  complexityCheckRatio: number;
  /** The check alone on the bench document (measuring it, variables included), as a steadier figure on a busy machine. */
  complexityCheckMedianMs: number;
}

const TARGET_ISSUES = 20_000;

const QUERY = `query Bench($first: Int) {
  issues(first: $first, filter: {
    team: { key: { eq: "CORE" } }
    state: { type: { in: ["backlog", "unstarted", "started"] } }
    labels: { some: { name: { in: ["Bug", "performance"] } } }
  }) {
    nodes { id identifier title priority priorityLabel state { name } assignee { name } team { key } }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** Runs the Linear figure; `engine` defaults to the CLI's engine with every replica. */
export async function benchLinear(options: { engine?: Engine; requests?: number } = {}): Promise<LinearBenchFigures> {
  const requests = options.requests ?? 100;
  const { createEngine } = await import('./nodeEngine.ts');
  const engine = options.engine ?? (await createEngine());
  try {
    // The seed's own generator at 20,000 issues: the same 7 teams, 43 people and 15 labels, as a real workspace
    // grows (scaleSeed would copy the teams and labels too).
    const generator = await import(pathToFileURL(join(repoRoot, 'scenarios/linear/seeds/generate.mjs')).href);
    const scaled = generator.generate(TARGET_ISSUES) as SeedTables;
    const loadStarted = performance.now();
    await engine.loadTemplate('larkspur_linear_bench', scaled);
    const loadMs = performance.now() - loadStarted;
    const env = await engine.createEnvironment('larkspur_linear_bench', { actingUserId: 'user-ops-bot' });
    const router = createRouter([linear]);
    const send = async (query: string) => {
      const res = await router.route(
        new Request('https://api.linear.app/graphql', {
          method: 'POST',
          headers: { authorization: 'lin_api_bench', 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables: { first: 50 } }),
        }),
        env,
      );
      const body = await res.json();
      if (res.status !== 200 || body.errors || body.data.issues.nodes.length === 0) throw new Error(`bench query failed: ${JSON.stringify(body).slice(0, 300)}`);
    };
    const timed = async (query: string, into: number[]) => {
      const t = performance.now();
      await send(query);
      into.push(performance.now() - t);
    };
    for (let i = 0; i < 10; i++) await send(QUERY); // warm-up: schema build, statistics, JIT
    // Interleaved, so that both figures see the same machine load.
    const fresh: number[] = [];
    const repeated: number[] = [];
    const unchecked: number[] = [];
    for (let i = 0; i < requests; i++) {
      await timed(`${QUERY}\n# request ${i}`, fresh);
      await timed(QUERY, repeated);
      complexityCheck.enabled = false;
      try {
        await timed(QUERY, unchecked);
      } finally {
        complexityCheck.enabled = true;
      }
    }
    await env.dispose();
    const document = parse(QUERY);
    const schema = await linearSchema();
    const check: number[] = [];
    for (let i = 0; i < requests * 10; i++) {
      const t = performance.now();
      queryComplexity(schema, document, { first: 50 }, undefined);
      check.push(performance.now() - t);
    }
    const at = (xs: number[], q: number) => roundTo(quantile(xs, q), 2);
    return {
      issues: scaled.issues.length,
      loadMs: Math.round(loadMs),
      n: requests,
      filteredIssuesMedianMs: at(fresh, 0.5),
      filteredIssuesP95Ms: at(fresh, 0.95),
      repeatedDocumentMedianMs: at(repeated, 0.5),
      withoutComplexityCheckMedianMs: at(unchecked, 0.5),
      complexityCheckRatio: roundTo(quantile(repeated, 0.5) / quantile(unchecked, 0.5), 3),
      complexityCheckMedianMs: roundTo(quantile(check, 0.5), 3),
    };
  } finally {
    if (!options.engine) await engine.close();
  }
}
