import { describe, expect, it } from 'vitest';
import { linear } from '../../../../src/replicas/linear/index.ts';
import { callTool, routeTools } from '../../../../src/replicas/tools.ts';
import { larkspurSeed, OPS_AGENT } from '../../../helpers/larkspurSeed.ts';
import { withLinearEnvironment } from '../../../helpers/linearEnvironment.ts';

const t = withLinearEnvironment(larkspurSeed, OPS_AGENT, 'larkspur_tools');

describe('Linear in tool mode', () => {
  it('offers the GraphQL endpoint as post_graphql (and get_graphql) with query, variables and operationName', () => {
    const tools = routeTools(linear);
    expect(tools.map((x) => x.name)).toEqual(['post_graphql', 'get_graphql']);
    expect(tools[0].inputSchema).toMatchObject({ properties: { query: { type: 'string' }, variables: { type: 'object' } }, required: ['query'] });
  });

  it('a tool call runs the same request a script would, variables included', async () => {
    const r = await callTool(t.router, t.env, 'linear', 'post_graphql', {
      query: 'mutation($i: CommentCreateInput!) { commentCreate(input: $i) { success comment { body } } }',
      variables: { i: { issueId: 'PAY-1', body: 'From a tool call' } },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { commentCreate: { success: true, comment: { body: 'From a tool call' } } } });
    const g = await callTool(t.router, t.env, 'linear', 'get_graphql', { query: 'query($id: String!) { issue(id: $id) { title } }', variables: { id: 'PAY-1' } });
    expect(g.body).toEqual({ data: { issue: { title: 'Card charged twice when checkout retries after timeout' } } });
  });
});
