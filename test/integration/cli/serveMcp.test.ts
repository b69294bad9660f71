import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../../src/cli/serve.ts';
import { loadSuiteFile } from '../../../src/cli/suites.ts';
import { makeFixture } from './fixtures.ts';

const fx = makeFixture();
let server: ServerHandle;

beforeAll(async () => {
  server = await startServer({ port: 0, seedsDir: fx.seeds, suites: [loadSuiteFile(fx.suite).suite] });
}, 120_000);
afterAll(async () => {
  await server?.close();
  fx.cleanup();
});

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${server.url}/api/platform${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-api-key': 'any' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

describe('difflab serve: /api/env/<envId>/mcp over Streamable HTTP', () => {
  it("offers the environment's tools; what they change is in the platform API's diff and evaluation", async () => {
    const suites = (await api('GET', '/testSuites')).testSuites;
    const testId = (await api('GET', `/testSuites/${suites[0].id}`)).tests[0].id;
    const env = await api('POST', '/initEnv', { testId });
    const run = await api('POST', '/startRun', { envId: env.environmentId, testId });

    const client = new Client({ name: 'difflab-test', version: '1.0.0' });
    const url = new URL(`${server.url}/api/env/${env.environmentId}/mcp`);
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: 'Bearer xoxb-agent' } } }));
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'chat_postMessage')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    // An environment made for a scenario offers its task as a prompt and the workspace as instructions.
    const scenario = (await api('GET', `/tests/${testId}`)) as { name: string; prompt: string };
    const { prompts } = await client.listPrompts();
    expect(prompts).toHaveLength(1);
    const task = await client.getPrompt({ name: prompts[0].name });
    expect(task.messages[0].content).toMatchObject({ type: 'text', text: expect.stringContaining(scenario.prompt) });
    expect(client.getInstructions()).toMatch(/Slack/);

    const posted = (await client.callTool({ name: 'chat_postMessage', arguments: { channel: 'C1', text: 'hello over MCP' } })) as CallToolResult;
    expect(posted.isError, text(posted)).toBe(false);
    expect(text(posted)).toContain('"ok":true');
    const refused = (await client.callTool({ name: 'chat_postMessage', arguments: { channel: 'C404', text: 'x' } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    await client.close();

    const diff = await api('POST', '/diffRun', { runId: run.runId });
    expect(diff.diff.inserts).toEqual([expect.objectContaining({ __table__: 'messages', message_text: 'hello over MCP', user_id: 'U1' })]);
    expect(await api('POST', '/evaluateRun', { runId: run.runId })).toMatchObject({ passed: true });
  }, 120_000);

  it("the service's own authentication applies: a call without a token is refused in the service's shape", async () => {
    const env = await api('POST', '/initEnv', { templateService: 'slack', templateName: 'tiny_slack', impersonateUserId: 'U1' });
    const client = new Client({ name: 'difflab-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/api/env/${env.environmentId}/mcp`)));
    const r = (await client.callTool({ name: 'auth_test', arguments: {} })) as CallToolResult;
    expect(r.isError).toBe(true);
    // Made from a template, not a scenario: no task to offer.
    expect(client.getServerCapabilities()?.prompts).toBeUndefined();
    expect(client.getInstructions()).toBeUndefined();
    expect(text(r)).toMatch(/not_authed|invalid_auth/);
    await client.close();
  }, 60_000);

  it("the platform's X-API-Key stands in for the environment's token, as on its other paths", async () => {
    const env = await api('POST', '/initEnv', { templateService: 'slack', templateName: 'tiny_slack', impersonateUserId: 'U1' });
    const client = new Client({ name: 'difflab-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/api/env/${env.environmentId}/mcp`), { requestInit: { headers: { 'x-api-key': 'any' } } }));
    const r = (await client.callTool({ name: 'auth_test', arguments: {} })) as CallToolResult;
    expect(r.isError).toBe(false);
    expect(JSON.parse(text(r).replace(/^HTTP 200\n/, ''))).toMatchObject({ ok: true, user_id: 'U1' });
    await client.close();
  }, 60_000);

  it('counts a body within the parse bounds before parsing it, and refuses one past them as a JSON-RPC error', async () => {
    const env = await api('POST', '/initEnv', { templateService: 'slack', templateName: 'tiny_slack', impersonateUserId: 'U1' });
    const nested = '['.repeat(150) + ']'.repeat(150);
    const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"auth_test","arguments":{"deep":${nested}}}}`;
    const response = await fetch(`${server.url}/api/env/${env.environmentId}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringMatching(/levels of JSON nesting/) } });
  }, 60_000);

  it("bounds a body at the SDK transport's 4 MiB, however the request would reach the server", async () => {
    const env = await api('POST', '/initEnv', { templateService: 'slack', templateName: 'tiny_slack', impersonateUserId: 'U1' });
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'chat_postMessage', arguments: { channel: 'C1', text: 'x'.repeat(5 * 1024 * 1024) } } };
    const response = await fetch(`${server.url}/api/env/${env.environmentId}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', authorization: 'Bearer xoxb-agent' },
      body: JSON.stringify(call),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringMatching(/Payload Too Large.*4194304 bytes/) } });
    expect(await api('POST', '/diffRun', { envId: env.environmentId })).toMatchObject({ diff: { inserts: [] } });
  }, 60_000);

  it('refuses a browser page of another origin (DNS rebinding) with 403, and an unknown environment with 404', async () => {
    const env = await api('POST', '/initEnv', { templateService: 'slack', templateName: 'tiny_slack', impersonateUserId: 'U1' });
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    const post = (path: string, origin?: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(origin ? { origin } : {}) },
        body: JSON.stringify(init),
      });
    expect((await post(`/api/env/${env.environmentId}/mcp`, 'http://evil.example')).status).toBe(403);
    expect((await post(`/api/env/${env.environmentId}/mcp`, 'http://localhost:5173')).status).toBe(200);
    expect((await post(`/api/env/${env.environmentId}/mcp`)).status).toBe(200);
    expect((await post('/api/env/no-such-env/mcp')).status).toBe(404);
    expect((await post('/api/env/%E0%A4%A/mcp')).status).toBe(404);
  }, 60_000);
});
