import { describe, expect, it } from 'vitest';
import { serveMcpOnLoopback } from '../../../src/cli/mcpLoopback.ts';

const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body });

describe('serveMcpOnLoopback', () => {
  it('answers MCP only at its secret path, refuses a foreign Origin and an oversized message, and keeps serving', async () => {
    const server = await serveMcpOnLoopback({ tools: [], call: async () => ({ text: '', isError: false }) });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}\/mcp$/);
      const guessed = await post(new URL('/mcp', server.url).href, JSON.stringify(initialize));
      expect(guessed.status).toBe(404);
      const rebinding = await post(server.url, JSON.stringify(initialize), { origin: 'http://evil.example' });
      expect(rebinding.status).toBe(403);
      const huge = await post(server.url, 'x'.repeat(5 * 1024 * 1024));
      expect(huge.status).toBe(413);
      expect(await huge.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
      const ok = await post(server.url, JSON.stringify(initialize));
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ id: 1, result: { serverInfo: { name: 'difflab' } } });
    } finally {
      await server.close();
    }
  });
});
