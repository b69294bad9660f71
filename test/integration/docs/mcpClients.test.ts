import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { bin, repoRoot } from '../cli/fixtures.ts';

/** The guide whose client configurations are checked (the coordinator moves it: change this path with it). */
const GUIDE = 'docs/mcp.md';

interface Launch {
  client: string;
  command: string;
  args: string[];
}

function blocks(text: string, lang: string): string[] {
  return [...text.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]);
}

/** Every client configuration in the guide, as the command line it starts. */
function launches(text: string): Launch[] {
  const found: Launch[] = [];
  for (const json of blocks(text, 'json')) {
    const server = (JSON.parse(json) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers.difflab;
    found.push({ client: 'mcp.json', command: server.command, args: server.args });
  }
  for (const toml of blocks(text, 'toml')) {
    const server = (parseToml(toml) as { mcp_servers: Record<string, { command: string; args: string[] }> }).mcp_servers.difflab;
    found.push({ client: 'codex', command: server.command, args: server.args });
  }
  for (const python of blocks(text, 'python')) {
    const params = /params=(\{.*\}),\n/.exec(python);
    if (params) found.push({ client: 'openai-agents', ...(JSON.parse(params[1]) as { command: string; args: string[] }) });
  }
  for (const sh of blocks(text, 'sh')) {
    const line = sh.split('\n').find((l) => /^claude mcp add [^-]*--( |$)/.test(l) && !l.includes('--transport'));
    if (line) {
      const [command, ...args] = line.split(' -- ')[1].trim().split(/\s+/);
      found.push({ client: 'claude mcp add', command, args });
    }
  }
  return found;
}

describe(`the MCP client configurations in ${GUIDE}`, () => {
  const examples = launches(readFileSync(join(repoRoot, GUIDE), 'utf8'));

  it('has one for Claude Code (command and .mcp.json), Codex, Cursor and the OpenAI Agents SDK, all starting difflab mcp', () => {
    expect(examples.map((e) => e.client).sort()).toEqual(['claude mcp add', 'codex', 'mcp.json', 'mcp.json', 'openai-agents']);
    for (const e of examples) expect([e.command, ...e.args.slice(0, 2)], e.client).toEqual(['npx', 'difflab', 'mcp']);
  });

  it('starts the command they name, which answers initialize and tools/list over stdio', async () => {
    const distinct = [...new Map(examples.map((e) => [JSON.stringify(e.args), e])).values()];
    for (const e of distinct) {
      // `npx difflab` runs the installed package's bin; from this checkout, that is bin/difflab.mjs.
      const args = e.args.slice(1).map((a) => (a === 'run.jsonl' ? '/dev/null' : a));
      const client = new Client({ name: 'docs-test', version: '1' });
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, ...args], cwd: repoRoot, stderr: 'ignore' }));
      expect(client.getServerVersion()?.name).toBe('difflab');
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('chat_postMessage');
      await client.close();
    }
  }, 120_000);
});
