import { describe, expect, it } from 'vitest';
import { docsFor, endpointsCalled } from '../../../src/agent/docs.ts';
import { codeModePrompt, toolModePrompt } from '../../../src/agent/prompts.ts';
import { agentTools } from '../../../src/agent/world.ts';
import { createRouter } from '../../../src/replicas/index.ts';
import { slack } from '../../../src/replicas/slack/index.ts';
import { box } from '../../../src/replicas/box/index.ts';
import { linear } from '../../../src/replicas/linear/index.ts';

describe('docs conditions', () => {
  it('none gives nothing, relevant gives the named endpoints, all gives every route of the service', () => {
    expect(docsFor([slack], 'none', ['chat.postMessage'])).toBe('');
    const relevant = docsFor([slack], 'relevant', ['conversations.list', 'chat.postMessage']);
    expect(relevant).toContain('### chat.postMessage');
    expect(relevant).toContain('### conversations.list');
    expect(relevant).not.toContain('### reactions.add');
    // The route table's docs text is what the model reads.
    expect(relevant).toContain(slack.routes.find((r) => r.path === 'chat.postMessage')!.docs!.slice(0, 60));
    const all = docsFor([slack], 'all');
    expect(all.match(/^### /gm)).toHaveLength(slack.routes.length);
  });

  it('records which endpoints a script called from its request log', () => {
    const router = createRouter([slack]);
    const called = endpointsCalled(router, [
      { method: 'GET', url: 'https://slack.com/api/conversations.list?limit=200' },
      { method: 'POST', url: 'https://slack.com/api/chat.postMessage' },
      { method: 'POST', url: 'https://slack.com/api/chat.postMessage' },
      { method: 'GET', url: 'https://example.com/nowhere' },
    ]);
    expect(called).toEqual(['conversations.list', 'chat.postMessage']);
  });

  it('prompts name the real base URL and carry the docs; tool mode lists the route tables\' tools', () => {
    const docs = docsFor([slack], 'relevant', ['chat.postMessage']);
    const code = codeModePrompt([slack], docs);
    expect(code).toContain('https://slack.com/api/');
    expect(code).toContain('### chat.postMessage');
    expect(code).toMatch(/```bash blocks run in a Bash shell with curl, jq/);
    expect(toolModePrompt([slack], '')).not.toContain('# API documentation');
    const tools = agentTools([slack]);
    expect(tools).toHaveLength(slack.routes.length);
    expect(tools.find((t) => t.spec.name === 'chat_postMessage')?.spec.parameters).toMatchObject({ type: 'object', required: ['channel'] });
  });

  it('a scenario across services: its prompt names every service, relevant docs come from each, tools from all', () => {
    const services = [slack, box, linear];
    const router = createRouter(services);
    const called = endpointsCalled(router, [
      { method: 'GET', url: 'https://api.box.com/2.0/search?query=runbook' },
      { method: 'POST', url: 'https://api.linear.app/graphql' },
      { method: 'POST', url: 'https://slack.com/api/chat.postMessage' },
    ]);
    expect(called).toEqual(['GET search', 'POST graphql', 'chat.postMessage']);
    const docs = docsFor(services, 'relevant', called);
    expect(docs.match(/^## .*$/gm)).toEqual([
      `## ${slack.title} (base URL https://slack.com/api/)`,
      `## ${box.title} (base URL https://api.box.com/2.0/)`,
      `## ${linear.title} (base URL https://api.linear.app/)`,
    ]);
    expect(docs.match(/^### .*$/gm)).toEqual(['### chat.postMessage', '### GET search', '### POST graphql']);
    const code = codeModePrompt(services, docs);
    for (const base of ['https://slack.com/api/', 'https://api.box.com/2.0/', 'https://api.linear.app/']) expect(code).toContain(base);
    const tools = agentTools(services);
    expect(tools).toHaveLength(slack.routes.length + box.routes.length + linear.routes.length);
    expect(new Set(tools.map((t) => t.service))).toEqual(new Set(['slack', 'box', 'linear']));
    expect(tools.map((t) => t.spec.name)).toEqual(expect.arrayContaining(['slack__chat_postMessage', 'linear__post_graphql']));
    expect(new Set(tools.map((t) => t.spec.name)).size).toBe(tools.length);
  });
});
