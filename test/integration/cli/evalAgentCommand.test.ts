import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRunRecords, type AgentRunRecord } from '../../../src/agent/record.ts';
import { difflab, makeFixture, repoRoot, tinySeed } from './fixtures.ts';

const fixture = makeFixture();
afterAll(() => fixture.cleanup());

const added = (channel: string) => ({ diff_type: 'added', entity: 'messages', where: { channel_id: channel, message_text: { contains: 'hello' } }, expected_count: 1 });
const test = (id: string, prompt: string, channel: string) => ({ id, title: id, prompt, assertions: [added(channel)], solution: `solutions/${id}.js` });
const suite = (id: string, tests: unknown[]) => JSON.stringify({ format: 'difflab-suite/1', id, name: id, services: ['slack'], seed: 'agent_slack', acting_user: 'U1', tests });
fixture.file('seeds/agent_slack.json', JSON.stringify(tinySeed));
for (const id of ['post-general', 'post-random', 'greet-again', 'wave-dev']) fixture.file(`solutions/${id}.js`, '// never read by an external agent\n');
const mainSuite = fixture.file(
  'agent-suite.json',
  suite('agents', [
    test('post-general', 'Post hello in #general', 'C1'),
    test('post-random', 'Post hello in #random', 'C2'),
    test('greet-again', 'Greet #general with a hello once more', 'C1'),
  ]),
);
const hangSuite = fixture.file('agent-hang-suite.json', suite('agents-hang', [test('wave-dev', 'Wave hello at #dev', 'C3')]));

const reportDir = join(fixture.dir, 'seen');
const post = (channel: string) => ({ tool: 'chat_postMessage', args: { channel, text: 'hello from the scripted agent' } });
const plan = fixture.file(
  'plan.json',
  JSON.stringify({
    reportDir,
    plays: [
      // Right: its calls solve the task.
      { match: 'hello in #general', calls: [{ tool: 'conversations_list', args: { limit: 10 } }, post('C1')], end: 'exit', usage: { inputTokens: 120, outputTokens: 30 } },
      // Wrong: a channel that does not exist (refused), then #dev, not #random.
      { match: 'hello in #random', calls: [post('C_NOPE'), post('C3')], end: 'exit' },
      // Does the right thing, then crashes: errored all the same.
      { match: 'once more', calls: [post('C1')], end: 'crash' },
      // Hangs past the time limit.
      { match: 'Wave hello', calls: [post('C3')], end: 'hang' },
    ],
  }),
);
const agentCommand = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(repoRoot, 'test/fixtures/mcpScriptedAgent.mjs'))} ${JSON.stringify(plan)}`;
const evalArgs = (suiteFile: string) => ['eval', '--suite', suiteFile, '--seeds', fixture.seeds, '--agent-command', agentCommand, '--trials', '1', '--concurrency', '2', '--batch', 'scripted agent'];
const records = (file: string) => parseRunRecords(readFileSync(file, 'utf8')).records;
const byScenario = (rs: AgentRunRecord[]) => Object.fromEntries(rs.map((r) => [r.scenario.id, r]));

interface Seen {
  match: string;
  cwd: string;
  cwdListing: string[];
  home: string;
  homeListing: string[];
  env: Record<string, string>;
  stdin: string;
  promptFile: string;
  mcpPrompt: string;
  codexConfig: string;
  cursorConfig: { mcpServers: { difflab: { url: string } } };
  url: string;
  tools: string[];
  answers: { tool: string; isError: boolean; text: string }[];
}

describe('difflab eval --agent-command: an external agent over MCP', () => {
  it('judges runs as their calls deserve, errors a crash and a hang, shows the agent nothing of the suites, and merges like eval', async () => {
    // The main suite in two shards, as a scheduler would run it; the hanging agent on its own, with a shorter limit
    // (long enough for it to make its call first on a loaded machine).
    const shards = join(fixture.dir, 'shards');
    for (const shard of ['1/2', '2/2']) {
      const r = await difflab([...evalArgs(mainSuite), '--shard', shard, '--agent-timeout', '300', '--out-dir', shards]);
      expect(r.code, r.stderr).toBe(0);
    }
    const hung = join(fixture.dir, 'hung.jsonl');
    const h = await difflab([...evalArgs(hangSuite), '--agent-timeout', '20', '--out', hung]);
    expect(h.code, h.stderr).toBe(0);

    const merged = join(fixture.dir, 'merged.jsonl');
    const m = await difflab(['merge', shards, hung, '--out', merged]);
    expect(m.code, m.stderr).toBe(0);
    expect(m.stderr).toContain('merged 4 runs from 3 file(s)');
    const runs = byScenario(records(merged));

    expect(runs['post-general']).toMatchObject({ state: 'passed', endReason: 'final_answer', answer: 'Done: posted the message.', error: null });
    expect(runs['post-general'].usage).toEqual({ inputTokens: 120, outputTokens: 30 });
    expect(runs['post-random']).toMatchObject({ state: 'failed', endReason: 'final_answer' });
    expect(runs['post-random'].runDiff.inserts).toEqual([expect.objectContaining({ channel_id: 'C3' })]);
    expect(runs['post-random'].usage).toEqual({ inputTokens: 0, outputTokens: 0 });
    // The crash left the right state, but nothing says how the agent would have gone on.
    expect(runs['greet-again']).toMatchObject({ state: 'errored', endReason: 'error', errorKind: 'other' });
    expect(runs['greet-again'].error).toMatch(/exited with code 3: scripted agent: crashing as planned/);
    expect(runs['greet-again'].verdict.passed).toBe(true);
    expect(runs['wave-dev']).toMatchObject({ state: 'errored', endReason: 'error', errorKind: 'timeout' });
    expect(runs['wave-dev'].error).toMatch(/ran past its time limit of 20 s and was stopped/);
    // The hanging agent's call before it hung is kept, with its diff.
    expect(runs['wave-dev'].runDiff.inserts).toHaveLength(1);

    for (const r of Object.values(runs)) {
      expect(r.model).toMatchObject({ baseURL: 'mcp:agent-command', model: agentCommand });
      expect(r.settings).toMatchObject({ mode: 'tools', toolset: 'api', docs: 'none' });
      expect(r.batch).toBe('scripted agent');
    }
    // Each tool call is a step with its arguments and the diff after it, as difflab mcp records them.
    const general = runs['post-general'];
    expect(general.steps.flatMap((s) => s.actions.map((a) => a.code))).toEqual(['conversations_list', 'chat_postMessage']);
    expect(general.steps[1].runDiff.inserts).toHaveLength(1);

    // The report counts the errored runs apart: 1 of 2 judged runs passed.
    const report = await difflab(['report', merged]);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toContain('2 of 4 runs errored');
    expect(report.stdout).toContain('by kind: other 1, timeout 1');
    const row = report.stdout.split('\n').find((l) => l.startsWith(agentCommand))!;
    // runs, pass … tokens (those the agent reported), cost (unknown for a command), errored
    const cells = row.slice(agentCommand.length).trim().split(/\s+/);
    expect([...cells.slice(0, 2), ...cells.slice(-3)]).toEqual(['4', '50.0%', '150', '-', '2']);

    // What each agent saw: an empty working directory, its own HOME with the MCP configurations, the prompt, the
    // server's tools — and nothing that names a suite, a seed, a solution or DiffLab's folder.
    const seen = readdirSync(reportDir).map((f) => JSON.parse(readFileSync(join(reportDir, f), 'utf8')) as Seen);
    expect(seen.map((s) => s.match).sort()).toEqual(['Wave hello', 'hello in #general', 'hello in #random', 'once more']);
    const forbidden = [fixture.dir, repoRoot, 'agent-suite', 'agent-hang-suite', 'agent_slack', 'solutions', 'post-general', 'wave-dev'];
    for (const s of seen) {
      expect(s.cwdListing).toEqual([]);
      expect(s.homeListing.sort()).toEqual(['.codex', '.codex/config.toml', '.cursor', '.cursor/mcp.json', 'mcp.json', 'prompt.txt']);
      expect(Object.keys(s.env).sort()).toEqual(
        ['CODEX_HOME', 'DIFFLAB_MCP_CONFIG', 'DIFFLAB_MCP_URL', 'DIFFLAB_PROMPT', 'DIFFLAB_PROMPT_FILE', 'DIFFLAB_USAGE_FILE', 'HOME', 'PATH', 'PWD', 'TMPDIR'].filter(
          (k) => k !== 'PWD' || 'PWD' in s.env,
        ),
      );
      const world = JSON.stringify({ ...s, match: undefined, answers: undefined, tools: undefined });
      for (const text of forbidden) expect(world, `the agent saw ${text}`).not.toContain(text);
      expect(s.stdin).toBe(s.env.DIFFLAB_PROMPT);
      expect(s.promptFile).toBe(s.env.DIFFLAB_PROMPT);
      expect(s.mcpPrompt).toBe(s.env.DIFFLAB_PROMPT);
      expect(s.env.DIFFLAB_PROMPT).toMatch(/^Task:\n/);
      expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}\/mcp$/);
      expect(s.env.DIFFLAB_MCP_URL).toBe(s.url);
      expect(s.codexConfig).toBe(`[mcp_servers.difflab]\nurl = "${s.url}"\ndefault_tools_approval_mode = "approve"\n`);
      expect(s.cursorConfig.mcpServers.difflab.url).toBe(s.url);
      expect(s.tools).toContain('chat_postMessage');
      expect(s.tools.some((t) => t.startsWith('execute_'))).toBe(false);
    }
    const random = seen.find((s) => s.match === 'hello in #random')!;
    expect(random.answers).toEqual([
      { tool: 'chat_postMessage', isError: true, text: expect.stringContaining('channel_not_found') },
      { tool: 'chat_postMessage', isError: false, text: expect.stringContaining('"ok":true') },
    ]);

    // The agent mended (it no longer crashes or hangs): --retry-errored runs exactly the two errored runs again, with
    // the recorded command, and replaces them.
    const mended = JSON.parse(readFileSync(plan, 'utf8')) as { plays: { end: string }[] };
    for (const p of mended.plays) p.end = 'exit';
    writeFileSync(plan, JSON.stringify(mended));
    const retried = join(fixture.dir, 'retried.jsonl');
    const again = await difflab(['eval', '--retry-errored', merged, '--suite', mainSuite, '--suite', hangSuite, '--seeds', fixture.seeds, '--agent-timeout', '300', '--out', retried]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('retrying 2 errored runs');
    const after = records(retried);
    expect(after.map((r) => r.id)).toEqual(records(merged).map((r) => r.id));
    expect(Object.fromEntries(after.map((r) => [r.scenario.id, r.state]))).toEqual({ 'post-general': 'passed', 'post-random': 'failed', 'greet-again': 'passed', 'wave-dev': 'passed' });
  }, 900_000);

  it('refuses what an external agent cannot be given', async () => {
    const r = await difflab([...evalArgs(mainSuite), '--provider', 'openai', '--model', 'x', '--out', join(fixture.dir, 'never.jsonl')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--agent-command brings its own model and loop: --provider, --model cannot be given with it');
    const e = await difflab([...evalArgs(mainSuite), '--agent-env', 'DIFFLAB_NO_SUCH_VARIABLE', '--out', join(fixture.dir, 'never.jsonl')]);
    expect(e.code).toBe(2);
    expect(e.stderr).toContain('--agent-env DIFFLAB_NO_SUCH_VARIABLE: no such variable');
  });
});
