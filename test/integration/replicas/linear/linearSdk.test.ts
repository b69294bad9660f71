import { LinearClient } from '@linear/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../../../src/cli/serve.ts';

// The official SDK sends its requests with the global fetch, so it talks to a real `difflab serve` on a free port,
// whose default Linear environment is the project's own seed, acting as the ops agent.
let server: ServerHandle;
let client: LinearClient;
/** The X-Complexity figure of every answer the SDK received, as Linear reports it on each response. */
const complexities: number[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = await startServer({ port: 0, seedsDir: 'scenarios/linear/seeds', defaultSeed: 'larkspur_linear', defaultUser: 'user-ops-bot' });
  client = new LinearClient({ apiKey: 'lin_api_placeholder', apiUrl: `${server.url}/graphql` });
  globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
    const res = await realFetch(...args);
    const figure = res.headers.get('x-complexity');
    if (figure !== null) complexities.push(Number(figure));
    return res;
  };
}, 120_000);
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
});

describe('@linear/sdk against difflab serve', () => {
  it('reads the viewer and the organization', async () => {
    const me = await client.viewer;
    expect(me).toMatchObject({ id: 'user-ops-bot', name: 'Tandem Ops Agent' });
    const org = await client.organization;
    expect(org.urlKey).toBe('larkspur');
  });

  it('lists issues with a filter and pages through them with fetchNext', async () => {
    const filter = { team: { key: { eq: 'CORE' } }, state: { type: { neq: 'completed' } } };
    const paged = await client.issues({ filter, first: 5 });
    expect(paged.nodes).toHaveLength(5);
    // fetchNext appends the next page to the same connection, following pageInfo.endCursor.
    for (let i = 0; paged.pageInfo.hasNextPage && i < 100; i++) await paged.fetchNext();
    // The SDK's issue document costs 44.1 points an issue: 250 of them (11,025) are over Linear's limit, 200 are not.
    await expect(client.issues({ filter, first: 250 })).rejects.toMatchObject({ type: 'InvalidInput', message: expect.stringContaining('Complexity: 11025') });
    const all = await client.issues({ filter, first: 200 });
    expect(all.pageInfo.hasNextPage).toBe(false);
    expect(paged.nodes.map((n) => n.identifier)).toEqual(all.nodes.map((n) => n.identifier));
    expect(all.nodes.length).toBeGreaterThan(10);
    expect(all.nodes.every((n) => n.identifier.startsWith('CORE-'))).toBe(true);
  });

  it('creates an issue, moves it, assigns it, comments, labels and relates it, and reads it back lazily', async () => {
    const teams = await client.teams({ filter: { key: { eq: 'PAY' } } });
    const pay = teams.nodes[0];
    const created = await client.createIssue({ teamId: pay.id, title: 'Chargeback webhook ignored', priority: 2 });
    expect(created.success).toBe(true);
    const issue = await created.issue;
    expect(issue?.identifier).toMatch(/^PAY-\d+$/);

    const states = await pay.states();
    const review = states.nodes.find((s) => s.name === 'In Review')!;
    await client.updateIssue(issue!.id, { stateId: review.id, assigneeId: 'user-dev' });
    await client.createComment({ issueId: issue!.id, body: 'Seen in production logs.' });
    await client.issueAddLabel(issue!.id, 'label-bug');
    await client.createIssueRelation({ issueId: issue!.id, relatedIssueId: 'issue-pay-double-charge', type: 'related' as never });

    const again = await client.issue(issue!.identifier);
    expect((await again.state)?.name).toBe('In Review');
    expect((await again.assignee)?.id).toBe('user-dev');
    expect((await again.team)?.key).toBe('PAY');
    expect((await again.labels()).nodes.map((l) => l.name)).toEqual(['Bug']);
    expect((await again.comments()).nodes.map((c) => c.body)).toEqual(['Seen in production logs.']);
    const relations = await again.relations();
    expect(relations.nodes).toHaveLength(1);
    expect((await relations.nodes[0].relatedIssue)?.id).toBe('issue-pay-double-charge');
    expect(again.priorityLabel).toBe('High');
  });

  it('reports an unknown issue as the SDK error Linear would cause', async () => {
    await expect(client.issue('PAY-9999')).rejects.toMatchObject({ type: 'InvalidInput', message: expect.stringContaining('Could not find referenced Issue') });
  });

  it('reports a part of Linear the replica does not serve as the SDK\'s FeatureNotAccessible error', async () => {
    await expect(client.projects()).rejects.toMatchObject({ type: 'FeatureNotAccessible', message: expect.stringContaining('Query.projects') });
    // A served type's unserved connections read empty through the SDK's own documents.
    const issue = await client.issue('CORE-1');
    expect((await issue.attachments()).nodes).toEqual([]);
    expect(await issue.project).toBeUndefined();
  });

  it("keeps every query the SDK sent above within Linear's complexity limit of 10,000", () => {
    expect(complexities.length).toBeGreaterThanOrEqual(15);
    expect(Math.max(...complexities)).toBeLessThanOrEqual(10_000);
  });
});

describe('a query over the complexity limit against difflab serve', () => {
  const nested = `{ issues(first: 50) { nodes { id team { issues(first: 50) { nodes { id team { issues(first: 50) { nodes { id team {
    issues(first: 50) { nodes { id team { issues(first: 50) { nodes { id title } } } } } } } } } } } } } } }`;
  const post = (query: string) =>
    realFetch(`${server.url}/graphql`, { method: 'POST', headers: { authorization: 'lin_api_x', 'content-type': 'application/json' }, body: JSON.stringify({ query }) });

  it('is refused while a health check and an ordinary read sent with it are answered', async () => {
    const [hostile, health, read] = await Promise.all([
      post(nested),
      realFetch(`${server.url}/api/platform/health`),
      post('{ issue(id: "CORE-1") { identifier title } }'),
    ]);
    expect(hostile.status).toBe(400);
    expect((await hostile.json()).errors[0].message).toBe('Query too complex');
    expect(health.status).toBe(200);
    expect(read.status).toBe(200);
    expect((await read.json()).data.issue.identifier).toBe('CORE-1');
    // And the server is still there for the SDK.
    expect((await client.viewer).id).toBe('user-ops-bot');
  });
});

