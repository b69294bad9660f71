import {
  buildSchema,
  getNamedType,
  isAbstractType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLObjectType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { linearSchema } from '../../../../src/replicas/linear/executor.ts';
import { linearFullSdl } from '../../../../src/replicas/linear/fullSdl.ts';
import { linearSdl } from '../../../../src/replicas/linear/sdl.ts';
import { larkspurSeed, OPS_AGENT } from '../../../helpers/larkspurSeed.ts';
import { withLinearEnvironment } from '../../../helpers/linearEnvironment.ts';

const t = withLinearEnvironment(larkspurSeed, OPS_AGENT, 'larkspur_unserved');
const full = buildSchema(linearFullSdl);
const fieldNames = (type: string) => Object.keys((full.getType(type) as GraphQLObjectType).getFields()).sort();

describe("introspection answers Linear's definition of every type, the fields the replica does not serve included", () => {
  it('Issue, Team and Project have all their fields, and the schema all of Linear\'s types', async () => {
    const fields = 'fields(includeDeprecated: true) { name }';
    const r = await t.gql(`{ issue: __type(name: "Issue") { ${fields} } team: __type(name: "Team") { ${fields} }
      project: __type(name: "Project") { ${fields} } __schema { types { name } } }`);
    expect(r.status).toBe(200);
    const names = (x: { fields: { name: string }[] }) => x.fields.map((f) => f.name).sort();
    expect(names(r.body.data.issue)).toEqual(fieldNames('Issue'));
    expect(names(r.body.data.issue)).toEqual(expect.arrayContaining(['attachments', 'history', 'botActor', 'documents', 'title', 'team']));
    expect(names(r.body.data.team)).toEqual(fieldNames('Team'));
    expect(names(r.body.data.project)).toEqual(expect.arrayContaining(['issues', 'status', 'lead', 'members', 'progress']));
    expect(r.body.data.__schema.types.length).toBeGreaterThan(1000);
  });
});

describe('a field the replica does not serve reads null, or the empty value of its non-null type', () => {
  it('connections are empty, lists empty, nullable objects null, counters 0, flags false, and nothing is an error', async () => {
    const r = await t.gql(`{ issue(id: "PAY-1") {
      id title
      attachments { nodes { id } edges { cursor } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }
      history(first: 5) { nodes { id } }
      documents { nodes { id } }
      releases { nodes { id } }
      botActor { id }
      externalUserCreator { id }
      favorite { id }
      addedToTeamAt
      sharedAccess { isShared sharedWithCount sharedWithUsers { id } disallowedIssueFields }
      reactions { id }
      project { id name }
    } }`);
    expect(r.body.errors).toBeUndefined();
    const emptyConnection = { nodes: [], pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } };
    expect(r.body.data.issue).toMatchObject({
      title: expect.any(String),
      attachments: { ...emptyConnection, edges: [] },
      history: { nodes: [] },
      documents: { nodes: [] },
      releases: { nodes: [] },
      botActor: null,
      externalUserCreator: null,
      favorite: null,
      addedToTeamAt: null,
      sharedAccess: { isShared: false, sharedWithCount: 0, sharedWithUsers: [], disallowedIssueFields: [] },
      reactions: [],
      project: null,
    });
  });

  it('the SDK-newer team settings read their empty values, and the workspace its counters', async () => {
    const r = await t.gql('{ team(id: "team-core") { key initiativesEnabled ledInitiativeCount securitySettings projects { nodes { id } } } }');
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.team).toEqual({ key: expect.any(String), initiativesEnabled: false, ledInitiativeCount: 0, securitySettings: {}, projects: { nodes: [] } });
  });
});

describe('what the replica holds is served, not emptied', () => {
  it('cycles: by id, listed, per team, with their issues and team', async () => {
    const cycle = await t.gql('{ cycle(id: "cycle-core-1") { id number team { id } issues { nodes { id } } isActive isPast isFuture } }');
    expect(cycle.body.errors).toBeUndefined();
    expect(cycle.body.data.cycle).toMatchObject({ id: 'cycle-core-1', team: { id: 'team-core' } });
    expect(typeof cycle.body.data.cycle.isActive).toBe('boolean');
    const listed = await t.gql('{ cycles { nodes { id } } team(id: "team-core") { cycles { nodes { id } } } }');
    expect(listed.body.data.cycles.nodes.map((c: any) => c.id)).toContain('cycle-core-1');
    expect(listed.body.data.team.cycles.nodes.map((c: any) => c.id)).toContain('cycle-core-1');
    // An issue put in the cycle is among the cycle's issues.
    await t.gql('mutation { issueUpdate(id: "PAY-1", input: {cycleId: "cycle-core-1"}) { success } }');
    const after = await t.gql('{ cycle(id: "cycle-core-1") { issues { nodes { identifier } } } }');
    expect(after.body.data.cycle.issues.nodes.map((i: any) => i.identifier)).toContain('PAY-1');
  });

  it("a team's membership of a user, and a user's delegated issues", async () => {
    const r = await t.gql(`{ team(id: "team-core") { membership(userId: "${OPS_AGENT}") { user { id } } children { id } ancestors { id } }
      viewer { delegatedIssues { nodes { id } } } }`);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.team.membership).toEqual({ user: { id: OPS_AGENT } });
    expect(r.body.data.team).toMatchObject({ children: [], ancestors: [] });
    expect(r.body.data.viewer.delegatedIssues.nodes).toEqual([]);
  });
});

describe('a root field the replica does not serve', () => {
  it('answers "feature not accessible", in Linear\'s error shape, with no data', async () => {
    const r = await t.gql('{ projects { nodes { id } } }');
    expect(r.status).toBe(200);
    expect(r.body.data).toBeNull();
    expect(r.body.errors).toHaveLength(1);
    expect(r.body.errors[0]).toMatchObject({
      message: 'Query.projects is not available: this replica of Linear does not serve it',
      path: ['projects'],
      extensions: { type: 'feature not accessible', code: 'FEATURE_NOT_ACCESSIBLE', userError: true },
    });
  });

  it('a mutation of one, even beside one it serves, writes nothing', async () => {
    const r = await t.gql(`mutation { issueCreate(input: {teamId: "team-core", title: "Kept?"}) { success }
      projectCreate(input: {name: "Roadmap", teamIds: ["team-core"]}) { success } }`);
    expect(r.status).toBe(200);
    expect(r.body.errors.map((e: any) => e.extensions.type)).toEqual(['feature not accessible']);
    expect((await t.diff()).inserts).toEqual([]);
  });
});

describe('the rule holds for every type the replica returns', async () => {
  const schema = await linearSchema();
  const declared = buildSchema(linearSdl);
  // Served: a resolver computes it, or the replica's SDL declares it (a column, or a property the mutations set).
  const resolved = (type: GraphQLObjectType, field: string) => Boolean(type.getFields()[field]?.resolve);
  const isDeclared = (type: GraphQLObjectType, field: string) => Boolean((declared.getType(type.name) as GraphQLObjectType | undefined)?.getFields()[field]);
  const isEntity = (type: unknown) => isObjectType(type) && type.getInterfaces().some((i) => i.name === 'Node');

  it('no non-null field that would need data the replica lacks is left to the empty-value rule', () => {
    // The types a response can hold objects of: reached from the served root fields through fields with a resolver
    // and through non-null object fields (a payload's entity, or an object the rule fills with empty values).
    // Nullable fields without a resolver read the row's column or the payload's property: null for anything else.
    const reached = new Set<string>();
    const queue: GraphQLObjectType[] = [];
    const reach = (type: unknown) => {
      if (isObjectType(type) && !reached.has(type.name)) {
        reached.add(type.name);
        queue.push(type);
      }
    };
    for (const root of [schema.getQueryType()!, schema.getMutationType()!]) {
      for (const f of Object.values(root.getFields())) if (f.resolve) reach(getNamedType(f.type));
    }
    const problems: string[] = [];
    while (queue.length) {
      const type = queue.shift()!;
      for (const f of Object.values(type.getFields())) {
        const named = getNamedType(f.type);
        if (resolved(type, f.name)) {
          reach(named);
          continue;
        }
        if (!isNonNullType(f.type) || isListType(f.type.ofType)) continue;
        reach(named);
        // A non-null entity, union or interface has no empty value, and an enum's first value would be made up.
        if ((isEntity(named) || isAbstractType(named) || isEnumType(named)) && !isDeclared(type, f.name)) problems.push(`${type.name}.${f.name}: ${f.type}`);
      }
    }
    expect(reached.size).toBeGreaterThan(30);
    expect(problems).toEqual([]);
  });
});
