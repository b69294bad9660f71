import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { describe, expect, it } from 'vitest';
import { agentTools } from '../../../src/agent/world.ts';
import { ExchangeTransport, oneJsonRequest, type McpPost } from '../../../src/cli/mcpExchange.ts';
import { createMcpServer, type McpServerOptions } from '../../../src/cli/mcpServer.ts';
import { replicas } from '../../../src/replicas/index.ts';

// serve's MCP endpoint answers a plain JSON-RPC request through ExchangeTransport and anything else through the SDK's
// own transport: a client must not be able to tell which one answered.

const slack = replicas.find((r) => r.name === 'slack')!;
const options: McpServerOptions = {
  tools: agentTools([slack]),
  instructions: 'You act in a Slack workspace.',
  prompt: { name: 'say-hello', title: 'Say hello', description: 'The task.', text: 'Task:\nPost hello in #general' },
  async call(tool, args) {
    if (args.channel === 'C_MISSING') return { text: 'HTTP 200\n{"ok":false,"error":"channel_not_found"}', isError: true };
    return { text: `HTTP 200\n${JSON.stringify({ ok: true, tool: tool.spec.name, args })}`, isError: false };
  },
};

const HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25' };

interface Case {
  name: string;
  headers?: Record<string, string>;
  method?: string;
  json: unknown;
}

const call = (name: string, args: unknown, id: unknown = 1) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

const TAKEN: Case[] = [
  { name: 'a tool call', json: call('conversations_info', { channel: 'C07RANDOM' }) },
  { name: 'a tool call the service refuses (isError)', json: call('conversations_info', { channel: 'C_MISSING' }) },
  { name: 'an unknown tool (a protocol error)', json: call('no_such_tool', {}) },
  { name: 'a string id', json: call('auth_test', {}, 'req-7') },
  { name: 'id 0 and a progress token', json: { ...call('auth_test', {}, 0), params: { name: 'auth_test', arguments: {}, _meta: { progressToken: 3 } } } },
  { name: 'tools/list', json: { jsonrpc: '2.0', id: 2, method: 'tools/list' } },
  { name: 'tools/list with a cursor never issued', json: { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { cursor: 'x' } } },
  { name: 'ping', json: { jsonrpc: '2.0', id: 3, method: 'ping' } },
  { name: 'prompts/list', json: { jsonrpc: '2.0', id: 4, method: 'prompts/list' } },
  { name: 'prompts/get', json: { jsonrpc: '2.0', id: 4, method: 'prompts/get', params: { name: 'say-hello' } } },
  { name: 'prompts/get of another prompt', json: { jsonrpc: '2.0', id: 4, method: 'prompts/get', params: { name: 'other' } } },
  { name: 'a method the server has no capability for', json: { jsonrpc: '2.0', id: 4, method: 'resources/list' } },
  { name: 'an unknown method', json: { jsonrpc: '2.0', id: 5, method: 'resources/subscribe', params: { uri: 'x' } } },
  { name: 'tools/call without params', json: { jsonrpc: '2.0', id: 6, method: 'tools/call' } },
  { name: 'arguments that are not an object', json: call('auth_test', 5) },
  { name: 'a cursor that is not a string', json: { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { cursor: 5 } } },
  {
    name: 'an older protocol version and a charset',
    headers: { ...HEADERS, 'content-type': 'Application/JSON; charset=utf-8', 'mcp-protocol-version': '2025-06-18' },
    json: call('auth_test', {}),
  },
];

const LEFT_TO_THE_SDK: Case[] = [
  { name: 'initialize', json: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } } } },
  { name: 'a notification', json: { jsonrpc: '2.0', method: 'notifications/initialized' } },
  { name: 'a batch', json: [call('auth_test', {}), { jsonrpc: '2.0', id: 2, method: 'ping' }] },
  { name: 'no protocol version header', headers: { accept: HEADERS.accept, 'content-type': 'application/json' }, json: call('auth_test', {}) },
  { name: 'an unsupported protocol version', headers: { ...HEADERS, 'mcp-protocol-version': '1999-01-01' }, json: call('auth_test', {}) },
  { name: 'a text/plain body', headers: { ...HEADERS, 'content-type': 'text/plain' }, json: call('auth_test', {}) },
  { name: 'an Accept without event streams', headers: { ...HEADERS, accept: 'application/json' }, json: call('auth_test', {}) },
  { name: 'a GET', method: 'GET', json: undefined },
  { name: 'a body that is not JSON', json: undefined },
  { name: 'JSON that is not JSON-RPC', json: { id: 1, method: 'ping' } },
  { name: 'a response from the client', json: { jsonrpc: '2.0', id: 9, result: {} } },
];

function post(c: Case): McpPost {
  const headers = c.headers ?? HEADERS;
  return { method: c.method ?? 'POST', header: (name) => headers[name as keyof typeof headers], json: c.json };
}

async function viaSdkTransport(c: Case) {
  const server = createMcpServer(options);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  const response = await transport.handleRequest(new Request('http://127.0.0.1/mcp', { method: 'POST', headers: c.headers ?? HEADERS, body: JSON.stringify(c.json) }));
  const answer = { status: response.status, contentType: response.headers.get('content-type'), body: await response.text() };
  await server.close();
  return answer;
}

async function viaExchange(c: Case) {
  const request = oneJsonRequest(post(c));
  if (!request) throw new Error(`${c.name}: not taken`);
  const server = createMcpServer(options);
  const exchange = new ExchangeTransport();
  await server.connect(exchange);
  const wire = await exchange.answer(request);
  await server.close();
  return { status: wire.status, contentType: wire.headers.find(([k]) => k === 'content-type')?.[1] ?? null, body: Buffer.from(wire.body!).toString('utf8') };
}

describe("serve's MCP exchange: the SDK's Server without the SDK's HTTP transport", () => {
  it.each(TAKEN)('answers $name byte for byte as the SDK transport does', async (c) => {
    const sdk = await viaSdkTransport(c);
    expect(sdk.status).toBe(200);
    expect(await viaExchange(c)).toEqual(sdk);
  });

  it.each(LEFT_TO_THE_SDK)('leaves $name to the SDK transport', (c) => {
    expect(oneJsonRequest(post(c))).toBeNull();
  });
});

describe('a request whose params are malformed', () => {
  const MALFORMED: (Case & { field: string })[] = [
    { name: 'tools/call with arguments that are a number', field: 'arguments', json: call('auth_test', 5) },
    { name: 'tools/call with arguments that are an array', field: 'arguments', json: call('auth_test', [1, 2]) },
    { name: 'tools/call with a name that is a number', field: 'name', json: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 5 } } },
    { name: 'tools/list with a cursor that is a number', field: 'cursor', json: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 5 } } },
    { name: 'prompts/list with a cursor that is an object', field: 'cursor', json: { jsonrpc: '2.0', id: 1, method: 'prompts/list', params: { cursor: {} } } },
    { name: 'prompts/get without a name', field: 'name', json: { jsonrpc: '2.0', id: 1, method: 'prompts/get', params: {} } },
    { name: 'prompts/get with an argument that is not a string', field: 'arguments', json: { jsonrpc: '2.0', id: 1, method: 'prompts/get', params: { name: 'say-hello', arguments: { a: 5 } } } },
  ];

  // JSON-RPC's invalid params, the client's mistake; the SDK's own parse answered these -32603, an internal error.
  it.each(MALFORMED)('answers $name -32602 naming the field, on both paths', async (c) => {
    for (const answer of [await viaSdkTransport(c), await viaExchange(c)]) {
      const body = JSON.parse(answer.body) as { id: number; error?: { code: number; message: string } };
      expect(body.id).toBe(1);
      expect(body.error?.code).toBe(-32602);
      expect(body.error?.message).toContain(`"${c.field}"`);
    }
  });
});
