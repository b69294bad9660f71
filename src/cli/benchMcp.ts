/**
 * MCP figures for `npm run bench` (issue 40): one Slack read (`conversations.info`) as an MCP tool call over stdio
 * (`difflab mcp`, a child process) and over Streamable HTTP (`serve`'s /api/env/<envId>/mcp), beside the same request
 * over plain HTTP to `serve`. Goal: an MCP call within 1.2× of the plain request.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { join } from 'node:path';
import { summary } from './benchStats.ts';
import { repoRoot } from './files.ts';
import { seedsDir } from './seeds.ts';
import { startServer } from './serve.ts';
import { loadSuiteFile, projectSuiteFiles } from './suites.ts';

const SAMPLES = 40;
const WARMUP = 5;
const TEST = 'random-boardgame-venue';
const CHANNEL = 'C07RANDOM';

async function measure(call: () => Promise<unknown>): Promise<{ n: number; median: number; p95: number }> {
  for (let i = 0; i < WARMUP; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return summary(times);
}

async function mcpCall(client: Client): Promise<void> {
  const r = await client.callTool({ name: 'conversations_info', arguments: { channel: CHANNEL } });
  if (r.isError) throw new Error(`conversations_info: ${JSON.stringify(r.content)}`);
}

export async function benchMcp(): Promise<object> {
  const file = loadSuiteFile(projectSuiteFiles('slack')[0]);
  const test = file.suite.tests.find((t) => t.id === TEST)!;
  const server = await startServer({ port: 0, seedsDir: seedsDir(undefined), suites: [file.suite] });
  let plain, http, stdio;
  try {
    const init = await fetch(`${server.url}/api/platform/initEnv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ templateService: 'slack', templateName: test.seed, impersonateUserId: test.actingUserId }),
    });
    const env = (await init.json()) as { environmentId: string };
    const headers = { authorization: 'Bearer xoxb-bench', 'content-type': 'application/json; charset=utf-8' };
    plain = await measure(async () => {
      const r = await fetch(`${server.url}/api/env/${env.environmentId}/services/slack/conversations.info`, { method: 'POST', headers, body: JSON.stringify({ channel: CHANNEL }) });
      if (!((await r.json()) as { ok: boolean }).ok) throw new Error('conversations.info failed');
    });
    const overHttp = new Client({ name: 'difflab-bench', version: '1' });
    await overHttp.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/api/env/${env.environmentId}/mcp`), { requestInit: { headers: { authorization: headers.authorization } } }));
    http = await measure(() => mcpCall(overHttp));
    await overHttp.close();
  } finally {
    await server.close();
  }
  const overStdio = new Client({ name: 'difflab-bench', version: '1' });
  await overStdio.connect(new StdioClientTransport({ command: process.execPath, args: [join(repoRoot, 'bin', 'difflab.mjs'), 'mcp', '--suite', 'slack', '--test', TEST], stderr: 'ignore' }));
  try {
    stdio = await measure(() => mcpCall(overStdio));
  } finally {
    await overStdio.close();
  }
  const ratio = (x: { median: number }) => Math.round((x.median / plain.median) * 100) / 100;
  return {
    request: `slack conversations.info, ${SAMPLES} calls after ${WARMUP}`,
    plainHttpMs: plain,
    mcpStreamableHttpMs: http,
    mcpStdioMs: stdio,
    streamableHttpRatio: ratio(http),
    stdioRatio: ratio(stdio),
    target: 'ratio ≤ 1.2',
  };
}
