import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callTool, routeTools, toolNameOf, toolRequest, type Replica, type Route } from '../../../src/replicas/index.ts';
import { slack } from '../../../src/replicas/slack/index.ts';
import { withSlackEnvironment } from '../../helpers/slackEnvironment.ts';

const t = withSlackEnvironment();

describe('tool mode from the route table', () => {
  it('offers every Slack route as a tool with a valid, unique name and an object schema', () => {
    const tools = routeTools(slack);
    expect(tools).toHaveLength(slack.routes.length);
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      expect(tool.inputSchema.type).toBe('object');
    }
    const post = tools.find((x) => x.name === 'chat_postMessage')!;
    expect(post.inputSchema.required).toEqual(expect.arrayContaining(['channel']));
    expect(Object.keys(post.inputSchema.properties as object)).toEqual(expect.arrayContaining(['channel', 'text', 'thread_ts']));
  });

  it('a tool call changes the state exactly as the same HTTP call does', async () => {
    const viaTool = await callTool(t.router, t.env, 'slack', 'chat_postMessage', { channel: 'C0GENERAL', text: 'from a tool' });
    expect(viaTool.status).toBe(200);
    expect(viaTool.body).toMatchObject({ ok: true, channel: 'C0GENERAL', message: { text: 'from a tool' } });
    // A tool call is a well-formed request: no warning about how it was sent (Slack's missing_charset).
    expect(viaTool.body).not.toHaveProperty('warning');
    const toolDiff = await t.diff();
    await t.env.reset();
    await t.call('chat.postMessage', { channel: 'C0GENERAL', text: 'from a tool' }, { json: true });
    const httpDiff = await t.diff();
    expect(toolDiff.inserts.map((r) => r.__table__)).toEqual(httpDiff.inserts.map((r) => r.__table__));
    expect(toolDiff.inserts.length).toBeGreaterThan(0);
  });

  it('answers a bad call with the real API error, not an exception', async () => {
    const res = await callTool(t.router, t.env, 'slack', 'chat_postMessage', { channel: 'C0NOPE', text: 'x' });
    expect(res.body).toMatchObject({ ok: false, error: 'channel_not_found' });
    expect((await t.diff()).inserts).toHaveLength(0);
    await expect(callTool(t.router, t.env, 'slack', 'chat_fly', {})).rejects.toThrow(/no tool chat_fly/);
  });

  it('fills path parameters and puts the rest in the query for GET routes', () => {
    const route: Route = { method: 'GET', path: '/folders/{id}/items', summary: 'items', params: { limit: { type: 'integer', description: 'n' } }, handler: async () => new Response() };
    const replica = { ...slack, name: 'box', baseUrls: ['https://api.box.com/2.0'], routes: [route] } as Replica;
    const [tool] = routeTools(replica);
    expect(tool.name).toBe('get_folders_id_items');
    expect(tool.inputSchema.required).toEqual(['id']);
    const req = toolRequest(replica, tool, { id: 'a b', limit: 5, fields: ['name', 'size'] }, 'tok');
    expect(req.url).toBe('https://api.box.com/2.0/folders/a%20b/items?limit=5&fields=name%2Csize');
    expect(req.headers.get('authorization')).toBe('Bearer tok');
  });

  it('derives the schema from a zod input when the route has one', () => {
    const route: Route = {
      method: 'POST',
      path: '/messages/send',
      toolName: 'messages_send',
      summary: 'send',
      input: z.object({ to: z.array(z.string()).min(1), subject: z.string(), importance: z.enum(['low', 'high']).optional() }),
      handler: async () => new Response(),
    };
    const [tool] = routeTools({ ...slack, routes: [route] } as Replica);
    expect(toolNameOf(route)).toBe('messages_send');
    expect(tool.inputSchema).toMatchObject({ type: 'object', required: ['to', 'subject'], properties: { importance: { enum: ['low', 'high'] } } });
  });
});

describe("MCP's tool annotations from the route tables", () => {
  it('every route of every replica says whether it only reads, consistently with `writes`', async () => {
    const { loadReplicas } = await import('../../../src/replicas/catalog.ts');
    const { routeEffect } = await import('../../../src/replicas/tools.ts');
    const wrong = (await loadReplicas())
      .flatMap((r) => r.routes.map((route) => ({ service: r.name, route })))
      .filter(({ route }) => (routeEffect(route) === 'read') !== !route.writes)
      .map(({ service, route }) => `${service} ${route.method} ${route.path}: effect ${routeEffect(route)}, writes ${Boolean(route.writes)}`);
    expect(wrong).toEqual([]);
  });

  it("Slack's methods, all POST-able, each declare what they do", async () => {
    const { toolAnnotations } = await import('../../../src/replicas/tools.ts');
    for (const route of slack.routes) expect(route.effect, route.path).toBeDefined();
    const hints = (path: string) => toolAnnotations(slack.routes.find((r) => r.path === path)!);
    expect(hints('conversations.history')).toMatchObject({ readOnlyHint: true });
    expect(hints('chat.postMessage')).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    expect(hints('reactions.add')).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    expect(hints('chat.delete')).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
  });
});
