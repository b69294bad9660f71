import { describe, expect, it } from 'vitest';
import { OPERATION_DOCS } from '../../../../src/replicas/linear/docs.ts';
import { larkspurSeed, OPS_AGENT } from '../../../helpers/larkspurSeed.ts';
import { withLinearEnvironment } from '../../../helpers/linearEnvironment.ts';

const t = withLinearEnvironment(larkspurSeed, OPS_AGENT, 'larkspur_operations');

describe('transport and errors', () => {
  it('refuses a request without credentials with Linear\'s authentication error', async () => {
    const r = await t.gql('{ viewer { id } }', undefined, { token: null });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ message: 'Authentication required, not authenticated', extensions: { type: 'authentication error', code: 'AUTHENTICATION_ERROR' } });
  });

  it('accepts a raw API key and a Bearer token', async () => {
    expect((await t.gql('{ viewer { id } }', undefined, { token: 'lin_api_x' })).body.data.viewer.id).toBe(OPS_AGENT);
    expect((await t.gql('{ viewer { id } }', undefined, { token: 'Bearer oauth' })).body.data.viewer.id).toBe(OPS_AGENT);
  });

  it('rejects an unknown field as a GraphQL validation error with HTTP 400', async () => {
    const r = await t.gql('{ issues { nodes { id colour } } }');
    expect(r.status).toBe(400);
    expect(r.body.data).toBeUndefined();
    expect(r.body.errors[0]).toMatchObject({ message: 'Cannot query field "colour" on type "Issue".', extensions: { type: 'graphql error' } });
  });

  it('rejects a syntax error and a bad enum value', async () => {
    expect((await t.gql('{ issues { nodes { id }')).status).toBe(400);
    const r = await t.gql('mutation { issueRelationCreate(input: {issueId: "a", relatedIssueId: "b", type: blocking}) { success } }');
    expect(r.status).toBe(400);
    expect(r.body.errors[0].message).toMatch(/IssueRelationType/);
  });

  it('a missing required variable is a request error', async () => {
    const r = await t.gql('query($id: String!) { issue(id: $id) { id } }', {});
    expect(r.status).toBe(400);
    expect(r.body.errors[0].message).toMatch(/\$id/);
  });

  it('an unknown id is "Entity not found" with userPresentableMessage, HTTP 200 and data null, and writes nothing', async () => {
    const r = await t.gql('{ issue(id: "ENG-404") { id } }');
    expect(r.status).toBe(200);
    expect(r.body.data).toBeNull();
    expect(r.body.errors[0]).toMatchObject({
      message: 'Entity not found: Issue',
      path: ['issue'],
      extensions: { type: 'invalid input', code: 'INPUT_ERROR', userPresentableMessage: 'Could not find referenced Issue.' },
    });
    const m = await t.gql('mutation { issueUpdate(id: "issue-pay-refund-tool", input: {assigneeId: "user-nobody"}) { success } }');
    expect(m.status).toBe(200);
    expect(m.body.errors[0].message).toBe('Entity not found: User');
    expect((await t.diff()).updates).toEqual([]);
  });

  it('a mutation Linear refuses (a team key in use) is HTTP 200 with errors and data null, and writes nothing', async () => {
    const r = await t.gql('mutation { teamCreate(input: {name: "Core again", key: "CORE"}) { success team { id } } }');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: null, errors: [expect.objectContaining({ message: 'team key already in use', path: ['teamCreate'] })] });
    expect((await t.diff()).inserts).toEqual([]);
  });

  it('GET runs a query from the query string and refuses a mutation', async () => {
    const get = (q: string) =>
      t.router.route(new Request(`https://api.linear.app/graphql?query=${encodeURIComponent(q)}`, { headers: { authorization: 'lin_api_x' } }), t.env);
    const r = await get('{ viewer { id } }');
    expect(r.status).toBe(200);
    expect((await r.json()).data.viewer.id).toBe(OPS_AGENT);
    const m = await get('mutation { commentDelete(id: "comment-double-1") { success } }');
    expect(m.status).toBe(405);
    expect((await t.diff()).updates).toEqual([]);
  });

  it('a body that is not JSON is a 400 graphql error', async () => {
    const r = await t.router.route(
      new Request('https://api.linear.app/graphql', { method: 'POST', headers: { authorization: 'k', 'content-type': 'application/json' }, body: 'query { viewer { id } }' }),
      t.env,
    );
    expect(r.status).toBe(400);
    expect((await r.json()).errors[0].extensions.type).toBe('graphql error');
  });

  it('introspection works', async () => {
    const r = await t.gql('{ __type(name: "IssueFilter") { inputFields { name } } __schema { mutationType { fields { name } } } }');
    expect(r.body.data.__type.inputFields.map((f: any) => f.name)).toEqual(expect.arrayContaining(['team', 'state', 'labels', 'and', 'or']));
    expect(r.body.data.__schema.mutationType.fields.map((f: any) => f.name)).toContain('issueCreate');
    const docs = await t.gql('{ __schema { queryType { fields { name description } } mutationType { fields { name description } } } }');
    const all = [...docs.body.data.__schema.queryType.fields, ...docs.body.data.__schema.mutationType.fields];
    expect(all.filter((f: any) => !f.description).map((f: any) => f.name)).toEqual([]);
    // Linear's other root fields are there too, each saying that the replica does not serve it.
    const notServed = all.filter((f: any) => /^Not served by this replica/.test(f.description)).map((f: any) => f.name);
    expect(notServed).toEqual(expect.arrayContaining(['projects', 'projectCreate', 'attachments', 'initiatives']));
    expect(all.length - notServed.length).toBe(Object.keys(OPERATION_DOCS).length);
  });
});

describe('issueBatchCreate and userUpdate', () => {
  it('issueBatchCreate creates each issue in its own team, in order, and creates none when one is refused', async () => {
    const q = 'mutation($input: IssueBatchCreateInput!) { issueBatchCreate(input: $input) { success issues { title identifier team { key } } } }';
    const r = await t.gql(q, { input: { issues: [{ teamId: 'team-core', title: 'Batch one' }, { teamId: 'team-web', title: 'Batch two' }] } });
    expect(r.status).toBe(200);
    expect(r.body.data.issueBatchCreate.success).toBe(true);
    expect(r.body.data.issueBatchCreate.issues.map((i: any) => [i.title, i.team.key])).toEqual([['Batch one', 'CORE'], ['Batch two', 'WEB']]);
    expect((await t.diff()).inserts.filter((row) => row.__table__ === 'issues').map((row) => row.title)).toEqual(['Batch one', 'Batch two']);
    const bad = await t.gql(q, { input: { issues: [{ teamId: 'team-core', title: 'Kept?' }, { teamId: '4a7c0a0e-0f5e-4c5e-9f0a-6a1b2c3d4e5f', title: 'No team' }] } });
    expect(bad.body).toMatchObject({ data: null, errors: [{ message: 'Entity not found: Team' }] });
    expect((await t.diff()).inserts.filter((row) => row.__table__ === 'issues')).toHaveLength(2);
  });

  it('userUpdate changes the caller (`me`) and, for an admin, anyone; a member cannot change another user', async () => {
    const q = (id: string) => `mutation { userUpdate(id: "${id}", input: {statusLabel: "On call", displayName: "ops"}) { success user { id statusLabel displayName } } }`;
    const me = await t.gql(q('me'));
    expect(me.body.data.userUpdate).toEqual({ success: true, user: { id: OPS_AGENT, statusLabel: 'On call', displayName: 'ops' } });
    const other = await t.gql(q('user-dev'));
    expect(other.body).toMatchObject({ data: null, errors: [{ extensions: { type: 'forbidden' } }] });
    t.actAs('user-amara');
    expect((await t.gql(q('user-dev'))).body.data.userUpdate.user).toEqual({ id: 'user-dev', statusLabel: 'On call', displayName: 'ops' });
  });
});

describe('issues', () => {
  it('issue(id) takes a UUID or an identifier, case-insensitively', async () => {
    const a = await t.gql('{ a: issue(id: "issue-pay-double-charge") { identifier } b: issue(id: "pay-1") { id } }');
    expect(a.body.data).toEqual({ a: { identifier: 'PAY-1' }, b: { id: 'issue-pay-double-charge' } });
  });

  it('issueCreate numbers per team, defaults the state to Backlog, and stores priorityLabel and labels', async () => {
    const r = await t.gql(`mutation { issueCreate(input: {teamId: "team-des", title: "Icon set for reminders", priority: 4, labelIds: ["label-feature"]}) {
      success lastSyncId issue { identifier number priority priorityLabel state { name } labels { nodes { name } } labelIds creator { id } url } } }`);
    expect(r.body.errors).toBeUndefined();
    const issue = r.body.data.issueCreate.issue;
    const max = await t.query<{ n: number }>(`SELECT max(number)::int AS n FROM issues WHERE "teamId" = 'team-des'`);
    expect(issue).toMatchObject({ identifier: `DES-${max[0].n}`, priority: 4, priorityLabel: 'Low', state: { name: 'Backlog' }, labels: { nodes: [{ name: 'Feature' }] }, labelIds: ['label-feature'], creator: { id: OPS_AGENT } });
    expect(issue.url).toMatch(/^https:\/\/linear\.app\/larkspur\/issue\/DES-\d+\//);
    expect(typeof r.body.data.issueCreate.lastSyncId).toBe('number');
    const diff = await t.diff();
    expect(diff.inserts.map((x) => x.__table__).sort()).toEqual(['issue_label_issue_association', 'issues']);
  });

  it('issueCreate rejects a priority outside 0–4 and a state of another team', async () => {
    const bad = await t.gql('mutation { issueCreate(input: {teamId: "team-des", title: "x", priority: 7}) { success } }');
    expect(bad.body.errors[0].extensions.type).toBe('invalid input');
    const other = await t.gql('mutation { issueCreate(input: {teamId: "team-des", title: "x", stateId: "state-web-todo"}) { success } }');
    expect(other.body.errors[0].extensions.userPresentableMessage).toMatch(/another team/);
    expect((await t.diff()).inserts).toEqual([]);
  });

  it('issueUpdate changes only what it is given (plus updatedAt)', async () => {
    const r = await t.gql('mutation { issueUpdate(id: "PAY-2", input: {stateId: "state-pay-in-progress", assigneeId: "user-dev"}) { success issue { state { name } assignee { id } } } }');
    expect(r.body.data.issueUpdate).toEqual({ success: true, issue: { state: { name: 'In Progress' }, assignee: { id: 'user-dev' } } });
    const diff = await t.diff();
    expect(diff.updates).toHaveLength(1);
    const changed = Object.keys(diff.updates[0].after).filter((k) => JSON.stringify(diff.updates[0].after[k]) !== JSON.stringify(diff.updates[0].before[k]));
    expect(changed.sort()).toEqual(['assigneeId', 'stateId', 'updatedAt']);
  });

  it('moving an issue to another team changes teamId only (as Agent-Diff\'s verdicts expect)', async () => {
    const r = await t.gql('mutation { issueUpdate(id: "issue-mob-ios-crash-dup", input: {teamId: "team-web"}) { issue { identifier team { key } } } }');
    expect(r.body.data.issueUpdate.issue).toEqual({ identifier: 'MOB-3', team: { key: 'WEB' } });
    const diff = await t.diff();
    const u = diff.updates[0];
    expect(Object.keys(u.after).filter((k) => JSON.stringify(u.after[k]) !== JSON.stringify(u.before[k])).sort()).toEqual(['teamId', 'updatedAt']);
  });

  it('addedLabelIds / removedLabelIds and issueAddLabel / issueRemoveLabel edit the association rows and keep labelIds in step', async () => {
    await t.gql('mutation { issueUpdate(id: "PAY-1", input: {addedLabelIds: ["label-regression"], removedLabelIds: ["label-customer"]}) { success } }');
    await t.gql('mutation { issueAddLabel(id: "PAY-2", labelId: "label-security") { success } }');
    await t.gql('mutation { issueRemoveLabel(id: "PAY-2", labelId: "label-improvement") { success } }');
    const diff = await t.diff();
    expect(diff.inserts.map((r) => `${r.issue_id}+${r.issue_label_id}`).sort()).toEqual(['issue-pay-double-charge+label-regression', 'issue-pay-idempotency+label-security']);
    expect(diff.deletes.map((r) => `${r.issue_id}-${r.issue_label_id}`).sort()).toEqual(['issue-pay-double-charge-label-customer', 'issue-pay-idempotency-label-improvement']);
    // Each issue's row changes in labelIds (and updatedAt) only, to the labels its association rows now hold.
    expect(diff.updates.map((u) => u.after.id).sort()).toEqual(['issue-pay-double-charge', 'issue-pay-idempotency']);
    for (const u of diff.updates) {
      expect(Object.keys(u.after).filter((k) => JSON.stringify(u.after[k]) !== JSON.stringify(u.before[k])).sort()).toEqual(['labelIds', 'updatedAt']);
      const rows = await t.query<{ l: string }>(`SELECT "issue_label_id" AS l FROM issue_label_issue_association WHERE "issue_id" = $1`, [u.after.id]);
      expect([...(u.after.labelIds as string[])].sort()).toEqual(rows.map((r) => r.l).sort());
    }
  });

  it('a team key where teamId wants an id is refused as Linear refuses it; an unknown UUID is not found', async () => {
    const r = await t.gql('mutation { issueCreate(input: {teamId: "CORE", title: "By key"}) { success } }');
    expect(r.status).toBe(200);
    expect(r.body.errors[0]).toMatchObject({ message: 'Argument Validation Error', extensions: { type: 'invalid input', userPresentableMessage: 'teamId must be a UUID' } });
    const u = await t.gql('mutation { issueUpdate(id: "PAY-1", input: {teamId: "4a7c0a0e-0f5e-4c5e-9f0a-6a1b2c3d4e5f"}) { success } }');
    expect(u.body.errors[0].message).toBe('Entity not found: Team');
    expect((await t.diff()).inserts).toEqual([]);
    expect((await t.diff()).updates).toEqual([]);
  });

  it('issueArchive hides the issue from lists; issueDelete trashes it; issueUnarchive brings it back', async () => {
    await t.gql('mutation { issueArchive(id: "DATA-2") { success entity { archivedAt } } }');
    expect((await t.gql('{ issues(filter: {id: {eq: "issue-data-etl-window"}}) { nodes { id } } }')).body.data.issues.nodes).toEqual([]);
    const del = await t.gql('mutation { issueDelete(id: "DATA-1") { success entity { trashed archivedAt } } }');
    expect(del.body.data.issueDelete.entity.trashed).toBe(true);
    await t.gql('mutation { issueUnarchive(id: "DATA-2") { success } }');
    expect((await t.gql('{ issues(filter: {id: {eq: "issue-data-etl-window"}}) { nodes { id } } }')).body.data.issues.nodes).toHaveLength(1);
  });

  it('issueBatchUpdate updates several issues at once', async () => {
    const r = await t.gql('mutation { issueBatchUpdate(ids: ["issue-sup-sso", "issue-sup-vat"], input: {priority: 2}) { success issues { priorityLabel } } }');
    expect(r.body.data.issueBatchUpdate).toEqual({ success: true, issues: [{ priorityLabel: 'High' }, { priorityLabel: 'High' }] });
  });

  it('searchIssues finds text in titles and comments', async () => {
    const r = await t.gql('{ searchIssues(term: "PaymentIntent") { totalCount nodes { identifier } } }');
    expect(r.body.data.searchIssues).toEqual({ totalCount: 1, nodes: [{ identifier: 'PAY-1' }] });
  });
});

describe('comments, labels, relations, states, teams', () => {
  it('commentCreate / commentUpdate / commentDelete', async () => {
    const c = await t.gql('mutation { commentCreate(input: {issueId: "PAY-1", body: "Refunds issued."}) { success comment { id body user { id } issue { identifier } } } }');
    const comment = c.body.data.commentCreate.comment;
    expect(comment).toMatchObject({ body: 'Refunds issued.', user: { id: OPS_AGENT }, issue: { identifier: 'PAY-1' } });
    const u = await t.gql(`mutation { commentUpdate(id: "${comment.id}", input: {body: "Refunds issued to all 14."}) { comment { body editedAt } } }`);
    expect(u.body.data.commentUpdate.comment.editedAt).toBeTruthy();
    const d = await t.gql('mutation { commentDelete(id: "comment-double-2") { success entityId } }');
    expect(d.body.data.commentDelete).toEqual({ success: true, entityId: 'comment-double-2' });
    const rows = await t.query<{ archivedAt: unknown }>(`SELECT "archivedAt" FROM comments WHERE id = 'comment-double-2'`);
    expect(rows[0].archivedAt).not.toBeNull();
    const list = await t.gql('{ issue(id: "PAY-1") { comments { nodes { id } } } }');
    expect(list.body.data.issue.comments.nodes.map((n: any) => n.id)).not.toContain('comment-double-2');
  });

  it('issueLabelCreate refuses a duplicate name; issueLabelUpdate renames', async () => {
    const dup = await t.gql('mutation { issueLabelCreate(input: {name: "bug"}) { success } }');
    expect(dup.body.errors[0].extensions.type).toBe('invalid input');
    const ok = await t.gql('mutation { issueLabelCreate(input: {name: "on-call", color: "#ff0000", teamId: "team-core"}) { success issueLabel { name team { key } } } }');
    expect(ok.body.data.issueLabelCreate.issueLabel).toEqual({ name: 'on-call', team: { key: 'CORE' } });
    const up = await t.gql('mutation { issueLabelUpdate(id: "label-old-sprint", input: {name: "leftover"}) { issueLabel { name } } }');
    expect(up.body.data.issueLabelUpdate.issueLabel.name).toBe('leftover');
  });

  it('issueRelationCreate stores both titles; relations and inverseRelations read them; delete archives', async () => {
    const r = await t.gql('mutation { issueRelationCreate(input: {issueId: "CORE-4", relatedIssueId: "CORE-5", type: blocks}) { issueRelation { id type issue { identifier } relatedIssue { identifier } } } }');
    const rel = r.body.data.issueRelationCreate.issueRelation;
    expect(rel).toMatchObject({ type: 'blocks', issue: { identifier: 'CORE-4' }, relatedIssue: { identifier: 'CORE-5' } });
    const row = await t.query(`SELECT "issueTitle", "relatedIssueTitle" FROM issue_relations WHERE id = $1`, [rel.id]);
    expect(row[0]).toEqual({ issueTitle: 'Cut over reads to the new cluster', relatedIssueTitle: 'Decommission the old booking database' });
    const inv = await t.gql('{ issue(id: "CORE-5") { inverseRelations { nodes { id type issue { identifier } } } } }');
    expect(inv.body.data.issue.inverseRelations.nodes).toContainEqual({ id: rel.id, type: 'blocks', issue: { identifier: 'CORE-4' } });
    await t.gql(`mutation { issueRelationDelete(id: "${rel.id}") { success } }`);
    const after = await t.gql('{ issue(id: "CORE-5") { inverseRelations { nodes { id } } } }');
    expect(after.body.data.issue.inverseRelations.nodes.map((n: any) => n.id)).not.toContain(rel.id);
  });

  it('workflowStateCreate / workflowStateArchive', async () => {
    const c = await t.gql('mutation { workflowStateCreate(input: {teamId: "team-sup", name: "Escalated", type: "started", color: "#ff0000"}) { workflowState { name type position team { key } } } }');
    expect(c.body.data.workflowStateCreate.workflowState).toMatchObject({ name: 'Escalated', type: 'started', team: { key: 'SUP' } });
    const a = await t.gql('mutation { workflowStateArchive(id: "state-sup-waiting-on-customer") { success entity { archivedAt } } }');
    expect(a.body.data.workflowStateArchive.entity.archivedAt).toBeTruthy();
    const states = await t.gql('{ team(id: "SUP") { states { nodes { name } } } }');
    expect(states.body.data.team.states.nodes.map((s: any) => s.name)).not.toContain('Waiting on Customer');
  });

  it('teamCreate adds default states and the creator as owner; teamMembershipCreate refuses a duplicate', async () => {
    const r = await t.gql('mutation { teamCreate(input: {name: "Growth Experiments", key: "GRO"}) { team { id key states { nodes { name } } members { nodes { id } } } } }');
    const team = r.body.data.teamCreate.team;
    expect(team.key).toBe('GRO');
    // Linear's documented default workflow, in its order.
    expect(team.states.nodes.map((s: any) => s.name)).toEqual(['Backlog', 'Todo', 'In Progress', 'Done', 'Canceled']);
    expect(team.members.nodes).toEqual([{ id: OPS_AGENT }]);
    const m = await t.gql(`mutation { teamMembershipCreate(input: {teamId: "${team.id}", userId: "user-greta"}) { teamMembership { user { id } team { key } } } }`);
    expect(m.body.data.teamMembershipCreate.teamMembership).toEqual({ user: { id: 'user-greta' }, team: { key: 'GRO' } });
    const dup = await t.gql(`mutation { teamMembershipCreate(input: {teamId: "${team.id}", userId: "user-greta"}) { success } }`);
    expect(dup.body.errors[0].extensions.type).toBe('invalid input');
  });

  it('viewer, organization, users and team lookups by key', async () => {
    const r = await t.gql('{ viewer { id isMe } organization { name urlKey } users(filter: {email: {endsWith: "@larkspur.example"}}) { nodes { id } } team(id: "PAY") { id issueCount } }');
    expect(r.body.data.viewer).toEqual({ id: OPS_AGENT, isMe: true });
    expect(r.body.data.organization).toEqual({ name: 'Larkspur', urlKey: 'larkspur' });
    expect(r.body.data.users.nodes.length).toBe(42);
    expect(r.body.data.team.id).toBe('team-pay');
  });
});
