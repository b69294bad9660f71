import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withLinearEnvironment } from '../../../helpers/linearEnvironment.ts';

// Agent-Diff's Linear seed is read where it is, never copied into the repository.
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const seedPath = resolve(repoRoot, '../shared/agent-diff/seeds/linear_expanded.json');
const present = existsSync(seedPath);
const AGENT = '2790a7ee-fde0-4537-9588-e233aa5a68d1';
const ENG = 'ad608998-915c-4bad-bcd9-85ebfccccee8';

describe.skipIf(!present)('Linear replica on the Agent-Diff seed', () => {
  const t = withLinearEnvironment(present ? JSON.parse(readFileSync(seedPath, 'utf8')) : {}, AGENT, 'linear_expanded_test');

  it('lists teams and reads an issue by identifier', async () => {
    const r = await t.gql(`{ teams { nodes { id key name } } issue(id: "ENG-1") { id identifier title team { key } state { name type } labelIds priorityLabel } }`);
    expect(r.status).toBe(200);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.teams.nodes.map((n: any) => n.key)).toContain('ENG');
    expect(r.body.data.issue).toMatchObject({ identifier: 'ENG-1', team: { key: 'ENG' }, state: { type: 'backlog' } });
  });

  it("creates an issue numbered in its team; the diff shows the new issues row and the team's issueCount grown", async () => {
    const before = await t.query<{ n: number }>(`SELECT max("number")::int AS n FROM issues WHERE "teamId" = $1`, [ENG]);
    const r = await t.gql(`mutation($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { identifier title priority priorityLabel state { name } creator { id } } } }`, {
      input: { teamId: ENG, title: 'Fix login bug', priority: 2 },
    });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.issueCreate).toMatchObject({ success: true, issue: { identifier: `ENG-${before[0].n + 1}`, priority: 2, priorityLabel: 'High', creator: { id: AGENT } } });
    const diff = await t.diff();
    expect(diff.inserts.map((row) => row.__table__)).toEqual(['issues']);
    // As in Agent-Diff's recorded diffs of the same task: the team row changes in issueCount only.
    expect(diff.updates).toHaveLength(1);
    const [u] = diff.updates;
    expect(u.__table__).toBe('teams');
    expect(Object.keys(u.after).filter((k) => JSON.stringify(u.after[k]) !== JSON.stringify(u.before[k]))).toEqual(['issueCount']);
    expect(u.after.issueCount).toBe(Number(u.before.issueCount) + 1);
  });

  it('filters issues through relations: team key and state type', async () => {
    const r = await t.gql(`{ issues(filter: {team: {key: {eq: "ENG"}}, state: {type: {eq: "backlog"}}}, first: 100) { nodes { identifier team { key } state { type } } } }`);
    expect(r.body.errors).toBeUndefined();
    const nodes = r.body.data.issues.nodes;
    expect(nodes.length).toBeGreaterThan(0);
    expect(nodes.every((n: any) => n.team.key === 'ENG' && n.state.type === 'backlog')).toBe(true);
    const count = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM issues i JOIN teams t ON t.id = i."teamId" JOIN workflow_states s ON s.id = i."stateId" WHERE t.key = 'ENG' AND s.type = 'backlog' AND i."archivedAt" IS NULL`,
    );
    expect(nodes.length).toBe(count[0].n);
  });
});
