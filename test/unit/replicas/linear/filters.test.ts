import { describe, expect, it } from 'vitest';
import { larkspurSeed, OPS_AGENT } from '../../../helpers/larkspurSeed.ts';
import { withLinearEnvironment } from '../../../helpers/linearEnvironment.ts';

const t = withLinearEnvironment(larkspurSeed, OPS_AGENT, 'larkspur_filters');

/** Identifiers of the issues a filter selects, through the API. */
async function ids(filter: unknown, extra = ''): Promise<string[]> {
  const r = await t.gql(`query($f: IssueFilter) { issues(filter: $f, first: 250 ${extra}) { nodes { id } } }`, { f: filter });
  expect(r.body.errors).toBeUndefined();
  return r.body.data.issues.nodes.map((n: any) => n.id).sort();
}

/** The same selection computed directly in SQL, as the expectation. */
async function sqlIds(where: string, params: unknown[] = []): Promise<string[]> {
  const rows = await t.query<{ id: string }>(`SELECT i.id FROM issues i WHERE i."archivedAt" IS NULL AND (${where})`, params);
  return rows.map((r) => r.id).sort();
}

describe('IssueFilter comparators', () => {
  it('eq / neq / in / nin on numbers', async () => {
    expect(await ids({ priority: { eq: 1 } })).toEqual(await sqlIds(`i.priority = 1`));
    expect(await ids({ priority: { neq: 0 } })).toEqual(await sqlIds(`i.priority <> 0`));
    expect(await ids({ priority: { in: [1, 2] } })).toEqual(await sqlIds(`i.priority IN (1, 2)`));
    expect(await ids({ priority: { nin: [0, 4] } })).toEqual(await sqlIds(`i.priority NOT IN (0, 4)`));
    expect(await ids({ priority: { gte: 3 } })).toEqual(await sqlIds(`i.priority >= 3`));
    expect(await ids({ priority: { lt: 2 } })).toEqual(await sqlIds(`i.priority < 2`));
  });

  it('string comparators: contains is case-sensitive, containsIgnoreCase is not; startsWith / endsWith', async () => {
    expect(await ids({ title: { contains: 'Crash' } })).toEqual(await sqlIds(`i.title LIKE '%Crash%'`));
    expect(await ids({ title: { containsIgnoreCase: 'crash' } })).toEqual(await sqlIds(`i.title ILIKE '%crash%'`));
    expect((await ids({ title: { containsIgnoreCase: 'crash' } })).length).toBeGreaterThan((await ids({ title: { contains: 'crash' } })).length);
    expect(await ids({ title: { startsWith: 'Fix' } })).toEqual(await sqlIds(`i.title LIKE 'Fix%'`));
    expect(await ids({ title: { endsWith: 'customers' } })).toEqual(await sqlIds(`i.title LIKE '%customers'`));
    expect(await ids({ title: { notContains: 'a' } })).toEqual(await sqlIds(`i.title NOT LIKE '%a%'`));
  });

  it('LIKE wildcards in the value are literal', async () => {
    expect(await ids({ title: { contains: '%' } })).toEqual([]);
  });

  it('null on a nullable relation and on a nullable field', async () => {
    expect(await ids({ assignee: { null: true } })).toEqual(await sqlIds(`i."assigneeId" IS NULL`));
    expect(await ids({ dueDate: { null: false } })).toEqual(await sqlIds(`i."dueDate" IS NOT NULL`));
    expect(await ids({ parent: { null: false } })).toEqual(await sqlIds(`i."parentId" IS NOT NULL`));
  });

  it('or inside a nullable relation: unassigned or assigned to Dev', async () => {
    expect(await ids({ assignee: { or: [{ null: true }, { id: { eq: 'user-dev' } }] } })).toEqual(
      await sqlIds(`i."assigneeId" IS NULL OR i."assigneeId" = 'user-dev'`),
    );
  });

  it('nested relation filters: team key, state type, assignee name', async () => {
    expect(await ids({ team: { key: { eq: 'CORE' } } })).toEqual(await sqlIds(`i."teamId" = 'team-core'`));
    expect(await ids({ state: { type: { eq: 'started' } } })).toEqual(
      await sqlIds(`EXISTS (SELECT 1 FROM workflow_states s WHERE s.id = i."stateId" AND s.type = 'started')`),
    );
    expect(await ids({ assignee: { name: { eqIgnoreCase: 'dev patel' } } })).toEqual(await sqlIds(`i."assigneeId" = 'user-dev'`));
    expect(await ids({ assignee: { isMe: { eq: true } } })).toEqual(await sqlIds(`i."assigneeId" = $1`, [OPS_AGENT]));
  });

  it('labels: some, every, plain fields, and length', async () => {
    const bug = await sqlIds(`EXISTS (SELECT 1 FROM issue_label_issue_association a WHERE a.issue_id = i.id AND a.issue_label_id = 'label-bug')`);
    expect(bug.length).toBeGreaterThan(5);
    expect(await ids({ labels: { some: { name: { eq: 'Bug' } } } })).toEqual(bug);
    expect(await ids({ labels: { name: { eq: 'Bug' } } })).toEqual(bug);
    expect(await ids({ labels: { length: { gte: 2 } } })).toEqual(
      await sqlIds(`(SELECT count(*) FROM issue_label_issue_association a WHERE a.issue_id = i.id) >= 2`),
    );
    const every = await ids({ labels: { every: { name: { eq: 'Bug' } } } });
    expect(every).toEqual(
      await sqlIds(`NOT EXISTS (SELECT 1 FROM issue_label_issue_association a WHERE a.issue_id = i.id AND a.issue_label_id <> 'label-bug')`),
    );
  });

  it('and / or combine', async () => {
    expect(await ids({ or: [{ priority: { eq: 1 } }, { team: { key: { eq: 'DES' } } }] })).toEqual(
      await sqlIds(`i.priority = 1 OR i."teamId" = 'team-des'`),
    );
    expect(await ids({ and: [{ priority: { eq: 2 } }, { team: { key: { in: ['PAY', 'CORE'] } } }] })).toEqual(
      await sqlIds(`i.priority = 2 AND i."teamId" IN ('team-pay', 'team-core')`),
    );
  });

  it('children and parent filters', async () => {
    expect(await ids({ children: { some: { state: { type: { eq: 'completed' } } } } })).toEqual(
      await sqlIds(`EXISTS (SELECT 1 FROM issues c JOIN workflow_states s ON s.id = c."stateId" WHERE c."parentId" = i.id AND c."archivedAt" IS NULL AND s.type = 'completed')`),
    );
    expect(await ids({ parent: { id: { eq: 'issue-core-pg17' } } })).toEqual(await sqlIds(`i."parentId" = 'issue-core-pg17'`));
  });

  it('dates: absolute and relative durations against the environment clock', async () => {
    expect(await ids({ createdAt: { gt: '2025-12-01T00:00:00Z' } })).toEqual(await sqlIds(`i."createdAt" > '2025-12-01T00:00:00Z'`));
    const recent = await ids({ createdAt: { gt: '-P4W' } });
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThan(300);
  });

  it('archived issues are hidden unless includeArchived', async () => {
    expect(await ids({ title: { contains: 'marketing banner' } })).toEqual([]);
    expect(await ids({ title: { contains: 'marketing banner' } }, ', includeArchived: true')).toEqual(['issue-web-archived-banner']);
  });

  it('searchableContent reaches comments', async () => {
    expect(await ids({ searchableContent: { contains: 'PaymentIntent' } })).toEqual(['issue-pay-double-charge']);
  });
});

describe('pagination', () => {
  it('first/after and last/before walk the same order, with consistent pageInfo', async () => {
    const all = await t.gql(`{ issues(first: 250, filter: {team: {key: {eq: "WEB"}}}) { nodes { id } } }`);
    const order = all.body.data.issues.nodes.map((n: any) => n.id);
    const p1 = await t.gql(`{ issues(first: 3, filter: {team: {key: {eq: "WEB"}}}) { edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage endCursor startCursor } } }`);
    const c1 = p1.body.data.issues;
    expect(c1.edges.map((e: any) => e.node.id)).toEqual(order.slice(0, 3));
    expect(c1.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false, endCursor: order[2], startCursor: order[0] });
    const p2 = await t.gql(`query($a: String) { issues(first: 3, after: $a, filter: {team: {key: {eq: "WEB"}}}) { nodes { id } pageInfo { hasPreviousPage } } }`, { a: c1.pageInfo.endCursor });
    expect(p2.body.data.issues.nodes.map((n: any) => n.id)).toEqual(order.slice(3, 6));
    const back = await t.gql(`query($b: String) { issues(last: 2, before: $b, filter: {team: {key: {eq: "WEB"}}}) { nodes { id } pageInfo { hasPreviousPage hasNextPage } } }`, { b: order[5] });
    expect(back.body.data.issues.nodes.map((n: any) => n.id)).toEqual(order.slice(3, 5));
    expect(back.body.data.issues.pageInfo).toEqual({ hasPreviousPage: true, hasNextPage: true });
  });

  it('orderBy updatedAt (oldest first, as createdAt) and sort by priority', async () => {
    const r = await t.gql(`{ issues(first: 20, sort: [{priority: {order: Ascending}}]) { nodes { priority } } }`);
    const p = r.body.data.issues.nodes.map((n: any) => (n.priority === 0 ? 5 : n.priority));
    expect(p).toEqual([...p].sort((a, b) => a - b));
    const u = await t.gql(`{ issues(first: 20, orderBy: updatedAt) { nodes { updatedAt } } }`);
    const times = u.body.data.issues.nodes.map((n: any) => n.updatedAt);
    expect(times).toEqual([...times].sort());
  });

  it('lists oldest first by default, rows created at the same instant by id ascending (as Agent-Diff recorded them)', async () => {
    const r = await t.gql(`{ workflowStates(first: 250) { nodes { id createdAt } } }`);
    const nodes = r.body.data.workflowStates.nodes.map((n: any) => [n.createdAt, n.id]);
    expect(nodes).toEqual([...nodes].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1)));
    const issues = (await t.gql(`{ issues(first: 250) { nodes { createdAt } } }`)).body.data.issues.nodes.map((n: any) => n.createdAt);
    expect(issues).toEqual([...issues].sort());
    expect(issues[0] < issues[issues.length - 1]).toBe(true);
  });
});
