import { describe, expect, it } from 'vitest';
import { larkspurSeed, OPS_AGENT } from '../../../helpers/larkspurSeed.ts';
import { withLinearEnvironment } from '../../../helpers/linearEnvironment.ts';

const t = withLinearEnvironment(larkspurSeed, OPS_AGENT, 'larkspur_input_validation');

/** Linear's answer to input its validation refuses: HTTP 200, "Argument Validation Error", the constraint to show. */
function expectArgumentError(r: { status: number; body: any }, constraint: RegExp) {
  expect(r.status).toBe(200);
  expect(r.body.data).toBeNull();
  expect(r.body.errors[0]).toMatchObject({ message: 'Argument Validation Error', extensions: { type: 'invalid input', userError: true } });
  expect(r.body.errors[0].extensions.userPresentableMessage).toMatch(constraint);
}

describe('values of the right GraphQL type that Linear refuses are validation errors, not 500s', () => {
  it('issueRelationUpdate with a type that is not a relation type', async () => {
    const r = await t.gql('mutation { issueRelationUpdate(id: "rel-idem-blocks-double", input: {type: "bogus"}) { success } }');
    expectArgumentError(r, /^type must be one of the following values: blocks, duplicate, related, similar$/);
    expect((await t.diff()).updates).toEqual([]);
    const ok = await t.gql('mutation { issueRelationUpdate(id: "rel-idem-blocks-double", input: {type: "related"}) { issueRelation { type } } }');
    expect(ok.body.data.issueRelationUpdate.issueRelation.type).toBe('related');
  });

  it('workflowStateCreate with a type that is not a state type', async () => {
    const r = await t.gql('mutation { workflowStateCreate(input: {teamId: "team-core", name: "Parked", type: "parked", color: "#aaaaaa"}) { success } }');
    expectArgumentError(r, /^type must be one of the following values: triage, backlog, unstarted, started, completed, canceled$/);
    expect((await t.diff()).inserts).toEqual([]);
  });

  it('issueLabelUpdate with a parent label that does not exist', async () => {
    const r = await t.gql('mutation { issueLabelUpdate(id: "label-bug", input: {parentId: "label-nope"}) { success } }');
    expect(r.status).toBe(200);
    expect(r.body.errors[0].message).toBe('Entity not found: IssueLabel');
  });
});

describe('NUL (U+0000) never reaches PostgreSQL', () => {
  it('in an id written in the document, in a variable, and in a text field', async () => {
    const inline = await t.gql('{ issue(id: "\\u0000") { id } }');
    expectArgumentError(inline, /NUL/);
    const variable = await t.gql('query($id: String!) { team(id: $id) { id } }', { id: 'team\u0000core' });
    expectArgumentError(variable, /NUL/);
    const title = await t.gql('mutation($t: String!) { issueCreate(input: {teamId: "team-core", title: $t}) { success } }', { t: 'a\u0000b' });
    expectArgumentError(title, /NUL/);
    const labels = await t.gql('mutation { issueUpdate(id: "issue-pay-double-charge", input: {labelIds: ["\\u0000"]}) { success } }');
    expectArgumentError(labels, /NUL/);
    expect((await t.diff()).inserts).toEqual([]);
    expect((await t.diff()).updates).toEqual([]);
  });
});
