/**
 * MCP figures for `npm run bench` (issue 40): one Slack read (`conversations.info`) as an MCP tool call over stdio
 * (`difflab mcp`) and over Streamable HTTP (`serve`'s /api/env/<envId>/mcp), beside the same request over plain HTTP
 * to `serve`. Goal: an MCP call within 1.2× of the plain request.
 *
 * Both servers run as a client meets them, in a process of their own (`difflab serve`, `difflab mcp`), so every path
 * crosses a process boundary; and the three are timed in turn, call by call, so that each sees the same load on a
 * shared machine rather than one path a quiet minute and another a busy one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { summary } from './benchStats.ts';
import { repoRoot } from './files.ts';
import { loadSuiteFile, projectSuiteFiles } from './suites.ts';

const SAMPLES = 200;
const WARMUP = 5;
const SETTLE_MS = 5;
const TEST = 'random-boardgame-venue';
const CHANNEL = 'C07RANDOM';
const BIN = join(repoRoot, 'bin', 'difflab.mjs');

/** `difflab serve --port 0` in a child process, resolved with its URL once it serves. */
function startServe(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /DiffLab serving on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ url, child });
    });
    child.once('exit', (code) => reject(new Error(`difflab serve exited with ${code} before serving: ${err.trim().split('\n').slice(-3).join(' ')}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function mcpCall(client: Client): Promise<void> {
  const r = await client.callTool({ name: 'conversations_info', arguments: { channel: CHANNEL } });
  if (r.isError) throw new Error(`conversations_info: ${JSON.stringify(r.content)}`);
}

/**
 * A pause between timed calls, so that what a server does after answering (difflab mcp diffs each call once it has
 * answered it) is not timed as part of the next call, on another path.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/** Times each path once per round, in an order that turns each round, after WARMUP untimed rounds. */
async function interleaved<K extends string>(paths: Record<K, () => Promise<void>>): Promise<Record<K, number[]>> {
  const names = Object.keys(paths) as K[];
  const times = Object.fromEntries(names.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < WARMUP + SAMPLES; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length];
      const started = performance.now();
      await paths[name]();
      if (round >= WARMUP) times[name].push(performance.now() - started);
      await settle();
    }
  }
  return times;
}

export async function benchMcp(): Promise<object> {
  const file = loadSuiteFile(projectSuiteFiles('slack')[0]);
  const test = file.suite.tests.find((t) => t.id === TEST)!;
  const serve = await startServe();
  const overHttp = new Client({ name: 'difflab-bench', version: '1' });
  const overStdio = new Client({ name: 'difflab-bench', version: '1' });
  try {
    const init = await fetch(`${serve.url}/api/platform/initEnv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ templateService: 'slack', templateName: test.seed, impersonateUserId: test.actingUserId }),
    });
    const env = (await init.json()) as { environmentId: string };
    const headers = { authorization: 'Bearer xoxb-bench', 'content-type': 'application/json; charset=utf-8' };
    await overHttp.connect(new StreamableHTTPClientTransport(new URL(`${serve.url}/api/env/${env.environmentId}/mcp`), { requestInit: { headers: { authorization: headers.authorization } } }));
    await overStdio.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--suite', 'slack', '--test', TEST], stderr: 'ignore' }));
    const times = await interleaved({
      plain: async () => {
        const r = await fetch(`${serve.url}/api/env/${env.environmentId}/services/slack/conversations.info`, { method: 'POST', headers, body: JSON.stringify({ channel: CHANNEL }) });
        if (!((await r.json()) as { ok: boolean }).ok) throw new Error('conversations.info failed');
      },
      http: () => mcpCall(overHttp),
      stdio: () => mcpCall(overStdio),
    });
    const plain = summary(times.plain);
    const http = summary(times.http);
    const stdio = summary(times.stdio);
    const ratio = (x: { median: number }) => Math.round((x.median / plain.median) * 100) / 100;
    return {
      request: `slack conversations.info, ${SAMPLES} calls of each path after ${WARMUP}, in turn; difflab serve and difflab mcp each in a process of its own`,
      plainHttpMs: plain,
      mcpStreamableHttpMs: http,
      mcpStdioMs: stdio,
      streamableHttpRatio: ratio(http),
      stdioRatio: ratio(stdio),
      target: 'ratio ≤ 1.2',
    };
  } finally {
    await overStdio.close();
    await overHttp.close();
    await stop(serve.child);
  }
}
