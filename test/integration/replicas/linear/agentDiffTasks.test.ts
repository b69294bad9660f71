import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evaluateDiff, type AssertionSpec } from '../../../../src/evaluation/index.ts';
import { withLinearEnvironment } from '../../../helpers/linearEnvironment.ts';

// Agent-Diff's Linear seed and suite are read where they are, never copied into the repository. These tests carry
// out a few of its tasks the way a correct agent would and check that Agent-Diff's own assertions pass on the diff.
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const seedPath = resolve(repoRoot, '../shared/agent-diff/seeds/linear_expanded.json');
const suitePath = resolve(repoRoot, '../shared/agent-diff/testsuites/linear_bench.json');
const present = existsSync(seedPath) && existsSync(suitePath);
const suite = present ? JSON.parse(readFileSync(suitePath, 'utf8')) : { tests: [] };
const AGENT = '2790a7ee-fde0-4537-9588-e233aa5a68d1';

describe.skipIf(!present)("Agent-Diff's Linear suite", () => {
  it('passes difflab check with its seed', () => {
    const r = spawnSync(process.execPath, [resolve(repoRoot, 'bin/difflab.mjs'), 'check', '--suite', suitePath, '--seeds', resolve(repoRoot, '../shared/agent-diff/seeds')], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, format: 'agent-diff', tests: 57, seeds: [expect.objectContaining({ name: 'linear_expanded', ok: true })] });
  });
});

describe.skipIf(!present)("Agent-Diff's Linear tasks, solved through the API, pass Agent-Diff's assertions", () => {
  const t = withLinearEnvironment(present ? JSON.parse(readFileSync(seedPath, 'utf8')) : {}, AGENT, 'linear_expanded_tasks');

  async function verdict(testId: string) {
    const test = suite.tests.find((x: { id: string }) => x.id === testId);
    const spec: AssertionSpec = { assertions: test.assertions, ignore_fields: test.ignore_fields ?? suite.ignore_fields };
    return evaluateDiff(spec, await t.diff(), { schema: t.env.template.schemaInfo, closedWorld: true });
  }
  async function ok(query: string, variables?: Record<string, unknown>) {
    const r = await t.gql(query, variables);
    expect(r.body.errors).toBeUndefined();
    return r.body.data;
  }
  const teamId = async (name: string) => (await ok(`query($n: String) { teams(filter: {name: {eq: $n}}) { nodes { id } } }`, { n: name })).teams.nodes[0].id;

  it("test_0: create an issue in Engineering; the team's issueCount grows, and the closed world explains it by the new issue", async () => {
    await ok(`mutation($t: String!) { issueCreate(input: {teamId: $t, title: "Fix login bug"}) { success } }`, { t: await teamId('Engineering') });
    const v = await verdict('test_0');
    expect(v.agent_diff_passed).toBe(true);
    expect((await t.diff()).updates.map((u) => u.__table__)).toEqual(['teams']);
    expect(v.closed_world_passed).toBe(true);
  });

  it('test_12-style label changes: labelIds follows the association rows and is explained by them', async () => {
    const labels = await ok(`{ issueLabels { nodes { id name } } }`);
    const bug = labels.issueLabels.nodes[0].id;
    await ok(`mutation($l: String!) { issueAddLabel(id: "ENG-2", labelId: $l) { success } }`, { l: bug });
    const diff = await t.diff();
    expect(diff.updates.map((u) => u.__table__)).toEqual(['issues']);
    expect(diff.updates[0].after.labelIds).toContain(bug);
    const spec: AssertionSpec = { assertions: [{ diff_type: 'added', entity: 'issue_label_issue_association', where: { issue_label_id: bug }, expected_count: 1 }], ignore_fields: suite.ignore_fields };
    const v = evaluateDiff(spec, diff, { schema: t.env.template.schemaInfo, closedWorld: true });
    expect(v.closed_world_passed).toBe(true);
  });

  it('test_6: priority to Urgent changes priority and priorityLabel only', async () => {
    await ok(`mutation { issueUpdate(id: "ENG-1", input: {priority: 1}) { success } }`);
    const v = await verdict('test_6');
    expect(v.failures).toEqual([]);
    expect(v.passed).toBe(true);
  });

  it('test_8: description update', async () => {
    await ok(`mutation { issueUpdate(id: "ENG-1", input: {description: "Root cause: session timeout issue"}) { success } }`);
    expect((await verdict('test_8')).passed).toBe(true);
  });

  it('test_21: deleting a comment archives it', async () => {
    const d = await ok(`{ issue(id: "ENG-1") { comments { nodes { id } } } }`);
    await ok(`mutation($id: String!) { commentDelete(id: $id) { success } }`, { id: d.issue.comments.nodes[0].id });
    expect((await verdict('test_21')).passed).toBe(true);
  });

  it('test_28: removing a workflow state archives it', async () => {
    const d = await ok(`{ workflowStates(filter: {name: {eq: "Duplicate"}, team: {name: {eq: "Engineering"}}}) { nodes { id } } }`);
    await ok(`mutation($id: String!) { workflowStateArchive(id: $id) { success } }`, { id: d.workflowStates.nodes[0].id });
    expect((await verdict('test_28')).passed).toBe(true);
  });

  it('test_30: team membership', async () => {
    await ok(`mutation($t: String!) { teamMembershipCreate(input: {teamId: $t, userId: "b55072d7-ccaa-43cd-8ab7-3dca324e3294"}) { success } }`, { t: await teamId('Product') });
    expect((await verdict('test_30')).passed).toBe(true);
  });

  it('test_2: moving ENG-1 to In Progress changes stateId only', async () => {
    const d = await ok(`{ issue(id: "ENG-1") { team { states { nodes { id name } } } } }`);
    const progress = d.issue.team.states.nodes.find((s: { name: string }) => s.name === 'In Progress');
    await ok(`mutation($s: String) { issueUpdate(id: "ENG-1", input: {stateId: $s}) { success } }`, { s: progress.id });
    expect((await verdict('test_2')).passed).toBe(true);
  });

  it('test_3: assigning ENG-2 to John Doe', async () => {
    const d = await ok(`{ users(filter: {name: {eq: "John Doe"}}) { nodes { id } } }`);
    await ok(`mutation($u: String) { issueUpdate(id: "ENG-2", input: {assigneeId: $u}) { success } }`, { u: d.users.nodes[0].id });
    expect((await verdict('test_3')).passed).toBe(true);
  });

  it('test_5: a new team brings its default Backlog state and the creator\'s membership, and the closed world explains them', async () => {
    await ok(`mutation { teamCreate(input: {name: "Design"}) { success } }`);
    const v = await verdict('test_5');
    expect(v.agent_diff_passed).toBe(true);
    expect(v.closed_world_passed).toBe(true);
  });
});
