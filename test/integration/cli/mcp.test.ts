import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { parseRunRecords, runPassed } from '../../../src/agent/record.ts';
import { bin, repoRoot } from './fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'difflab-mcp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `difflab mcp` as an MCP client starts it: a child process on stdio, its stderr kept for the verdict line. */
async function connect(args: string[]): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', ...args], cwd: repoRoot, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (d) => (stderr += d));
  const client = new Client({ name: 'difflab-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

function recordOf(file: string) {
  const { records } = parseRunRecords(readFileSync(file, 'utf8'));
  expect(records).toHaveLength(1);
  return records[0];
}

describe('difflab mcp over stdio', () => {
  it("serves a Slack scenario's tools and prompt; the calls that solve it make a record that passes", async () => {
    const out = join(dir, 'solved.jsonl');
    const { client, stderr } = await connect(['--suite', 'slack', '--test', 'random-boardgame-venue', '--out', out]);
    const { tools } = await client.listTools();
    const post = tools.find((t) => t.name === 'chat_postMessage')!;
    expect(post.description).toMatch(/Post a message/);
    expect(post.inputSchema.required).toContain('channel');
    expect(post.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    expect(tools.find((t) => t.name === 'conversations_list')!.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools.find((t) => t.name === 'chat_delete')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(tools.some((t) => t.name.startsWith('execute_'))).toBe(false);
    expect(client.getInstructions()).toMatch(/Slack/);

    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['random-boardgame-venue']);
    const prompt = await client.getPrompt({ name: 'random-boardgame-venue' });
    expect(prompt.messages[0].content).toMatchObject({ type: 'text', text: expect.stringContaining('4th-floor lounge') });

    const list = (await client.callTool({ name: 'conversations_list', arguments: { limit: 200 } })) as CallToolResult;
    expect(list.isError).toBe(false);
    const random = (JSON.parse(text(list).replace(/^HTTP 200\n/, '')) as { channels: { id: string; name: string }[] }).channels.find((c) => c.name === 'random')!;
    const bad = (await client.callTool({ name: 'chat_postMessage', arguments: { channel: 'C_NO_SUCH', text: 'hi' } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain('channel_not_found');
    const posted = (await client.callTool({
      name: 'chat_postMessage',
      arguments: { channel: random.id, text: "Friday's board game night has moved to the 4th-floor lounge." },
    })) as CallToolResult;
    expect(posted.isError, text(posted)).toBe(false);
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
    await client.close();

    const record = recordOf(out);
    expect(runPassed(record)).toBe(true);
    expect(record.settings).toMatchObject({ mode: 'tools', toolset: 'api' });
    expect(record.model.model).toBe('difflab-test 1.0.0');
    const actions = record.steps.flatMap((s) => s.actions);
    expect(actions.map((a) => a.code)).toEqual(['conversations_list', 'chat_postMessage', 'chat_postMessage']);
    expect(JSON.parse(actions[2].script!)).toMatchObject({ channel: random.id });
    expect(actions[1].observation).toContain('channel_not_found');
    const afterPost = record.steps.find((s) => s.actions.includes(actions[2]) || s.actions.some((a) => a.toolCallId === actions[2].toolCallId))!;
    expect(afterPost.runDiff.inserts).toHaveLength(1);
    expect(stderr()).toMatch(/^passed random-boardgame-venue: 1\/1 assertions, 3 tool calls/m);
  }, 120_000);

  it('a session that does nothing fails', async () => {
    const out = join(dir, 'idle.jsonl');
    const { client, stderr } = await connect(['--suite', 'slack', '--test', 'random-boardgame-venue', '--out', out]);
    await client.listTools();
    await client.close();
    const record = recordOf(out);
    expect(runPassed(record)).toBe(false);
    expect(record.runDiff.inserts).toHaveLength(0);
    expect(stderr()).toMatch(/^failed random-boardgame-venue: 0\/1 assertions, 0 tool calls/m);
  }, 120_000);

  it("a company scenario offers every one of its services' tools", async () => {
    const { client } = await connect(['--suite', 'company', '--test', 'share-rebalance-runbook']);
    const { tools } = await client.listTools();
    const services = new Set(tools.map((t) => t.name.split('__')[0]));
    expect([...services].sort()).toEqual(['box', 'calendar', 'linear', 'mail', 'slack']);
    const graphql = tools.find((t) => t.name === 'linear__post_graphql')!;
    expect(graphql.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    await client.close();
  }, 120_000);

  it('a hostile message is answered and the session goes on: a line past 10 MiB, one not JSON, arguments nested past what JSON.stringify walks', async () => {
    const out = join(dir, 'hostile.jsonl');
    const child = spawn(process.execPath, [bin, 'mcp', '--suite', 'slack', '--test', 'random-boardgame-venue', '--out', out], { cwd: repoRoot });
    // A failed expectation leaves no server behind.
    onTestFinished(() => void child.kill());
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const answers = () => stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id?: unknown; result?: CallToolResult; error?: { code: number; message: string } });
    const answerTo = async (id: unknown) => {
      for (let i = 0; i < 600; i++) {
        const found = answers().find((a) => a.id === id);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no answer to ${String(id)}: ${stdout.slice(0, 2000)}\n${stderr}`);
    };
    const send = (message: unknown) => child.stdin.write(JSON.stringify(message) + '\n');
    const call = (id: number, name: string, args: unknown) => send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

    send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'hostile', version: '1' } } });
    await answerTo(0);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    // Past the SDK transport's own 10 MiB, which closed the transport: every later message went unanswered.
    call(1, 'chat_postMessage', { channel: 'general', text: 'x'.repeat(11 * 1024 * 1024) });
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    // Passed to the loop, this ended the run: its JSON.stringify threw.
    const deepLine = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"conversations_list","arguments":{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}}}`;
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    child.stdin.write(deepLine + '\n');
    // Dropped unanswered by the SDK's transport; JSON-RPC asks for a Parse error with a null id.
    child.stdin.write('{"jsonrpc":"2.0","id":4,"method":\n{"id":5,"method":"ping"}\n');
    call(3, 'conversations_list', { limit: 5 });

    const deepAnswer = await answerTo(2);
    expect(deepAnswer.result).toMatchObject({ isError: true });
    expect(text(deepAnswer.result!)).toMatch(/more than 100 levels of JSON nesting \(bound json_depth\); the call was not run/);
    const listed = await answerTo(3);
    expect(listed.result?.isError, JSON.stringify(listed)).toBe(false);
    expect(answers().filter((a) => a.id === null).map((a) => a.error)).toEqual([
      { code: -32000, message: expect.stringContaining('must not exceed 4194304 bytes') },
      { code: -32700, message: 'Parse error: Invalid JSON' },
      { code: -32700, message: 'Parse error: Invalid JSON-RPC message' },
    ]);
    expect(answers().some((a) => a.id === 1 || a.id === 4 || a.id === 5)).toBe(false);

    child.stdin.end();
    expect(await exited).toBe(0);
    const record = recordOf(out);
    expect(record.steps.flatMap((s) => s.actions).map((a) => a.code)).toEqual(['conversations_list']);
    expect(record.runDiff.inserts).toHaveLength(0);
    expect(stderr).toMatch(/^failed random-boardgame-venue: 0\/1 assertions, 1 tool calls/m);
  }, 120_000);

  it("without --test it serves the suite's seed and writes the diff when the client leaves", async () => {
    const out = join(dir, 'seed-diff.json');
    const { client } = await connect(['--suite', 'slack', '--out', out]);
    expect((await client.listPrompts().catch(() => ({ prompts: [] }))).prompts).toEqual([]);
    const posted = (await client.callTool({ name: 'chat_postMessage', arguments: { channel: 'general', text: 'hello from MCP' } })) as CallToolResult;
    expect(posted.isError, text(posted)).toBe(false);
    await client.close();
    const diff = JSON.parse(readFileSync(out, 'utf8')) as { inserts: { message_text?: string }[] };
    expect(diff.inserts.map((r) => r.message_text)).toContain('hello from MCP');
  }, 120_000);
});
