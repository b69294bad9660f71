import { getNamedType, isInputObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { linearSchema } from '../../../../src/replicas/linear/executor.ts';
import { INPUT_FIELDS, MUTATION_ARGUMENTS } from '../../../../src/replicas/linear/inputFields.ts';
import { larkspurSeed, OPS_AGENT } from '../../../helpers/larkspurSeed.ts';
import { withLinearEnvironment } from '../../../helpers/linearEnvironment.ts';

describe('every input field and argument of the implemented mutations is accounted for', async () => {
  const schema = await linearSchema();
  // The implemented mutations are the ones with a resolver; the rest of Linear's answer "feature not accessible".
  const mutations = Object.values(schema.getMutationType()!.getFields()).filter((m) => m.resolve);

  it('each input type a mutation takes lists exactly its fields as stored, handled or ignored', () => {
    const inputs = new Set(mutations.flatMap((m) => m.args.map((a) => getNamedType(a.type)).filter(isInputObjectType).map((t) => t.name)));
    inputs.delete('InheritanceEntityMapping'); // teamUpdate's `mapping`, ignored as a whole (MUTATION_ARGUMENTS)
    expect([...inputs].sort()).toEqual(Object.keys(INPUT_FIELDS).sort());
    for (const name of inputs) {
      const use = INPUT_FIELDS[name];
      const listed = [...use.stored, ...use.handled, ...Object.keys(use.ignored)];
      expect(new Set(listed).size, `${name} lists a field twice`).toBe(listed.length);
      expect(listed.sort(), name).toEqual(Object.keys((schema.getType(name) as any).getFields()).sort());
    }
  });

  it('each argument beside id and input is listed', () => {
    for (const m of mutations) {
      const extra = m.args.map((a) => a.name).filter((a) => !['id', 'ids', 'input', 'labelId', 'description'].includes(a));
      if (!extra.length) continue;
      const use = MUTATION_ARGUMENTS[`Mutation.${m.name}`];
      expect(use, `Mutation.${m.name}`).toBeDefined();
      expect([...use.stored, ...use.handled, ...Object.keys(use.ignored)].sort()).toEqual(extra.sort());
    }
  });
});

const t = withLinearEnvironment(larkspurSeed, OPS_AGENT, 'larkspur_input_fields');

describe('the fields real models send have their effect', () => {
  it('issueCreate takes subscriberIds (beside the creator and the assignee, whom Linear subscribes), cycleId and sort orders', async () => {
    const r = await t.gql(`mutation { issueCreate(input: {teamId: "team-core", title: "Three at once", assigneeId: "user-dev",
      subscriberIds: ["user-greta", "user-dev"], cycleId: "cycle-core-1", sortOrder: 12.5, slaType: onlyBusinessDays}) {
      issue { id cycle { id } subscribers { nodes { id } } } } }`);
    expect(r.body.errors).toBeUndefined();
    const issue = r.body.data.issueCreate.issue;
    expect(issue.cycle).toEqual({ id: 'cycle-core-1' });
    expect(issue.subscribers.nodes.map((u: any) => u.id).sort()).toEqual([OPS_AGENT, 'user-dev', 'user-greta'].sort());
    const [row] = (await t.diff()).inserts.filter((x) => x.__table__ === 'issues');
    expect(row).toMatchObject({ cycleId: 'cycle-core-1', sortOrder: 12.5, slaType: 'onlyBusinessDays' });
  });

  it('refuses ids of things this workspace has none of, and unknown subscribers, writing nothing', async () => {
    const project = await t.gql('mutation { issueCreate(input: {teamId: "team-core", title: "x", projectId: "p1"}) { success } }');
    expect(project.body.errors[0].message).toBe('Entity not found: Project');
    const sub = await t.gql('mutation { issueCreate(input: {teamId: "team-core", title: "x", subscriberIds: ["user-nobody"]}) { success } }');
    expect(sub.body.errors[0].message).toBe('Entity not found: User');
    const cycle = await t.gql('mutation { issueUpdate(id: "PAY-1", input: {cycleId: "cycle-nope"}) { success } }');
    expect(cycle.body.errors[0].message).toBe('Entity not found: Cycle');
    expect((await t.diff()).inserts).toEqual([]);
    expect((await t.diff()).updates).toEqual([]);
  });

  it('accepts the fields it ignores, changing nothing for them', async () => {
    const r = await t.gql(`mutation { issueUpdate(id: "PAY-1", input: {title: "Renamed", descriptionData: "{}", autoClosedByParentClosing: true}) { issue { title } } }`);
    expect(r.body.data.issueUpdate.issue.title).toBe('Renamed');
    const [u] = (await t.diff()).updates;
    expect(Object.keys(u.after).filter((k) => JSON.stringify(u.after[k]) !== JSON.stringify(u.before[k])).sort()).toEqual(['title', 'updatedAt']);
  });

  it('issueDescriptionUpdateFromFront sets the description', async () => {
    const r = await t.gql('mutation { issueDescriptionUpdateFromFront(id: "PAY-1", description: "From Front") { success issue { description } } }');
    expect(r.body.data.issueDescriptionUpdateFromFront).toEqual({ success: true, issue: { description: 'From Front' } });
  });

  it('commentUpdate resolves a thread, and skipEditedAt leaves editedAt alone', async () => {
    const r = await t.gql(`mutation { commentUpdate(id: "comment-double-1", input: {body: "Edited", resolvingUserId: "user-dev"}, skipEditedAt: true) {
      comment { body resolvedAt resolvingUser { id } editedAt } } }`);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.commentUpdate.comment).toMatchObject({ body: 'Edited', resolvingUser: { id: 'user-dev' }, editedAt: null });
    expect(r.body.data.commentUpdate.comment.resolvedAt).not.toBeNull();
  });

  it('teamCreate copies the settings of copySettingsFromTeamId, and adds Triage when triage is enabled', async () => {
    const r = await t.gql(`mutation { teamCreate(copySettingsFromTeamId: "team-core", input: {name: "Platform", key: "PLAT", triageEnabled: true}) {
      team { timezone cyclesEnabled triageEnabled states { nodes { name type } } } } }`);
    expect(r.body.errors).toBeUndefined();
    const team = r.body.data.teamCreate.team;
    expect(team).toMatchObject({ timezone: 'Europe/Berlin', cyclesEnabled: true, triageEnabled: true });
    expect(team.states.nodes.map((s: any) => s.name)).toEqual(['Triage', 'Backlog', 'Todo', 'In Progress', 'Done', 'Canceled']);
  });
});
