import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorkbench } from '../../../../src/cli/nodeEngine.ts';
import { answerFromConsole, gradeHybrid, referenceAnswerJudge, type TraceEntry } from '../../../../src/evaluation/index.ts';
import { callTool } from '../../../../src/replicas/index.ts';
import { loadSuite, type Scenario } from '../../../../src/scenarios/index.ts';
import type { Workbench } from '../../../../src/session/index.ts';
import { repoRoot } from '../../cli/fixtures.ts';

/**
 * The mail suite through the real pieces: scripts in the QuickJS sandbox calling MailHub with fetch (code mode),
 * the same work as native tool calls (tool mode), and the hybrid verdict with the self-test's scripted judge.
 */
let workbench: Workbench;
let tests: Scenario[];
const byId = (id: string) => tests.find((t) => t.id === id)!;
const solution = (t: Scenario) => readFileSync(join(repoRoot, 'scenarios/mail', t.solution!), 'utf8');

beforeAll(async () => {
  workbench = await openWorkbench(join(repoRoot, 'scenarios'));
  const loaded = loadSuite(readFileSync(join(repoRoot, 'scenarios/mail/suite.json'), 'utf8'));
  if (!loaded.ok) throw new Error('the mail suite does not load');
  tests = loaded.suite.tests;
}, 300_000);
afterAll(() => workbench.engine.close());

describe('MailHub in code mode and tool mode', () => {
  it('a sandboxed script reaches MailHub through fetch and its verdict passes', async () => {
    const session = await workbench.open(byId('reply-all-uat'));
    const step = await session.runStep(solution(byId('reply-all-uat')));
    expect(step.script.ok).toBe(true);
    expect(step.verdict.passed).toBe(true);
    await session.dispose();
  });

  it('the same task done with tool calls gives the same diff as the script', async () => {
    const scenario = byId('reply-all-uat');
    const scripted = await workbench.open(scenario);
    const scriptDiff = (await scripted.runStep(solution(scenario))).runDiff;
    await scripted.dispose();

    const session = await workbench.open(scenario);
    const call = (name: string, args: Record<string, unknown>) => callTool(workbench.router, session.env, 'mail', name, args);
    const found = await call('get_messages_search', { query: 'UAT sign-off' });
    const id = (found.body as any).items[0].id;
    const sent = await call('post_messages_message_id_reply_all', { message_id: id, comment: 'Operations signs off. Thanks all! Amara' });
    expect(sent.status).toBe(201);
    const { run } = await session.env.diffs();
    expect(JSON.stringify(run)).toBe(JSON.stringify(scriptDiff));
    expect((await session.evaluate(run)).passed).toBe(true);
    await session.dispose();
  });

  it('tool mode validates like code mode: a bad argument is a 400 naming the field, and nothing changes', async () => {
    const session = await workbench.open(byId('compose-to-group'));
    const r = await callTool(workbench.router, session.env, 'mail', 'post_messages_send', { to: ['jonas'], subject: 'x' });
    expect(r.status).toBe(400);
    expect((r.body as any).error).toMatchObject({ code: 'invalid_request', field: 'to.0' });
    const { run } = await session.env.diffs();
    expect(run.inserts.length + run.updates.length + run.deletes.length).toBe(0);
    await session.dispose();
  });
});

describe('hybrid verdicts of the rubric scenarios with the scripted judge', () => {
  it('every scenario with rubrics passes with its reference solution and fails when nothing is done', async () => {
    const rubricTests = tests.filter((t) => t.rubrics.length > 0 && t.referenceAnswer);
    expect(rubricTests.length).toBeGreaterThan(0);
    for (const scenario of rubricTests) {
      for (const [source, shouldPass] of [[solution(scenario), true], ['', false]] as const) {
        const session = await workbench.open(scenario);
        const step = await session.runStep(source);
        const answer = answerFromConsole(step.script.console);
        const trace: TraceEntry[] = step.script.console.map((l) => ({ kind: 'console', text: l.text }));
        const verdict = await gradeHybrid({
          scenario,
          verdict: step.verdict,
          closedWorld: scenario.closedWorld,
          criticalAssertions: scenario.criticalAssertions,
          rubrics: scenario.rubrics,
          answer,
          trace,
          diff: step.runDiff,
          referenceAnswer: scenario.referenceAnswer,
          judge: referenceAnswerJudge,
        });
        expect({ id: scenario.id, passed: verdict.passed, mode: verdict.mode }).toEqual({ id: scenario.id, passed: shouldPass, mode: 'hybrid' });
        await session.dispose();
      }
    }
  });
});
