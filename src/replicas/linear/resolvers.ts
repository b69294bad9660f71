import type { Row } from '../../engine/index.ts';
import { paginate, type ConnectionArgs } from './connection.ts';
import type { LinearContext } from './context.ts';
import type { EntityName } from './entities.ts';
import { inputError, notFound } from './errors.ts';
import { findIssue, organization, requireIssue, requireTeam, viewer } from './lookup.ts';
import type { Sql } from './sql.ts';

type Resolver = (source: any, args: any, ctx: LinearContext) => unknown;
export type ResolverMap = Record<string, Record<string, Resolver>>;

/** A connection of `entity` rows whose `column` holds the parent's id. */
const childrenBy = (entity: EntityName, column: string) => (parent: Row, args: ConnectionArgs, ctx: LinearContext) =>
  paginate(ctx, entity, args, (sql: Sql, x: string) => `${x}."${column}" = ${sql.p(parent.id)}`);

const labelsOfIssue = (issue: Row, args: ConnectionArgs, ctx: LinearContext) =>
  paginate(ctx, 'issueLabel', args, (sql, x) =>
    `EXISTS (SELECT 1 FROM issue_label_issue_association a WHERE a."issue_label_id" = ${x}."id" AND a."issue_id" = ${sql.p(issue.id)})`);

const issuesOfLabel = (label: Row, args: ConnectionArgs, ctx: LinearContext) =>
  paginate(ctx, 'issue', args, (sql, x) =>
    `EXISTS (SELECT 1 FROM issue_label_issue_association a WHERE a."issue_id" = ${x}."id" AND a."issue_label_id" = ${sql.p(label.id)})`);

const membersOfTeam = (team: Row, args: ConnectionArgs & { includeDisabled?: boolean }, ctx: LinearContext) =>
  paginate(ctx, 'user', args, (sql, x) =>
    `EXISTS (SELECT 1 FROM team_memberships m WHERE m."userId" = ${x}."id" AND m."teamId" = ${sql.p(team.id)} AND m."archivedAt" IS NULL)` +
    (args.includeDisabled ? '' : ` AND ${x}."active"`));

const teamsOfUser = (user: Row, args: ConnectionArgs, ctx: LinearContext) =>
  paginate(ctx, 'team', args, (sql, x) =>
    `EXISTS (SELECT 1 FROM team_memberships m WHERE m."teamId" = ${x}."id" AND m."userId" = ${sql.p(user.id)} AND m."archivedAt" IS NULL)`);

const all = (entity: EntityName) => (_: unknown, args: ConnectionArgs, ctx: LinearContext) => paginate(ctx, entity, args);

async function labelIds(issue: Row, _: unknown, ctx: LinearContext): Promise<string[]> {
  const rows = await ctx.query<{ id: string }>(
    `SELECT l."id" FROM issue_label_issue_association a JOIN issue_labels l ON l."id" = a."issue_label_id" WHERE a."issue_id" = $1 ORDER BY l."name"`,
    [issue.id],
  );
  return rows.map((r) => r.id);
}

/** Issue fields that are not columns; shared by `Issue` and `IssueSearchResult`. */
const issueFields: Record<string, Resolver> = {
  team: (i, _, ctx) => ctx.require('team', i.teamId),
  state: (i, _, ctx) => ctx.load('workflowState', i.stateId),
  assignee: (i, _, ctx) => ctx.load('user', i.assigneeId),
  creator: (i, _, ctx) => ctx.load('user', i.creatorId),
  parent: (i, _, ctx) => ctx.load('issue', i.parentId),
  cycle: (i, _, ctx) => ctx.load('cycle', i.cycleId),
  delegate: (i, _, ctx) => ctx.load('user', i.delegateId),
  snoozedBy: (i, _, ctx) => ctx.load('user', i.snoozedById),
  subscribers: (i: Row, args: ConnectionArgs & { includeDisabled?: boolean }, ctx: LinearContext) =>
    paginate(ctx, 'user', args, (sql, x) =>
      `${x}."id" = ANY(${sql.p(Array.isArray(i.subscriberIds) ? i.subscriberIds : [])}::text[])` + (args.includeDisabled ? '' : ` AND ${x}."active"`)),
  labelIds,
  children: childrenBy('issue', 'parentId'),
  comments: childrenBy('comment', 'issueId'),
  labels: labelsOfIssue,
  relations: childrenBy('issueRelation', 'issueId'),
  inverseRelations: childrenBy('issueRelation', 'relatedIssueId'),
};

export const queryResolvers: ResolverMap = {
  Query: {
    issue: async (_, { id }, ctx) => requireIssue(ctx, id),
    issues: all('issue'),
    issueSearch: (_, args, ctx) => paginate(ctx, 'issue', withTerm(args, args.query)),
    searchIssues: async (_, args, ctx) => {
      const filter = args.teamId ? { and: [args.filter ?? {}, { team: { id: { eq: args.teamId } } }] } : args.filter;
      const conn = await paginate(ctx, 'issue', withTerm({ ...args, filter }, args.term, args.includeComments));
      return { ...conn, totalCount: conn.nodes.length, archivePayload: { archive: '', totalCount: 0, databaseVersion: 0, includesDependencies: [] } };
    },
    team: (_, { id }, ctx) => requireTeam(ctx, id),
    teams: all('team'),
    user: (_, { id }, ctx) => ctx.require('user', id),
    users: (_, args, ctx) => paginate(ctx, 'user', args, args.includeDisabled ? undefined : (_sql, x) => `${x}."active"`),
    viewer: (_, __, ctx) => viewer(ctx),
    organization: (_, __, ctx) => organization(ctx),
    workflowState: (_, { id }, ctx) => ctx.require('workflowState', id),
    workflowStates: all('workflowState'),
    issueLabel: (_, { id }, ctx) => ctx.require('issueLabel', id),
    issueLabels: all('issueLabel'),
    comment: async (_, { id }, ctx) => {
      if (!id) throw inputError('id is required', 'A comment id is required.');
      return ctx.require('comment', id);
    },
    comments: all('comment'),
    issueRelation: (_, { id }, ctx) => ctx.require('issueRelation', id),
    issueRelations: all('issueRelation'),
    teamMembership: (_, { id }, ctx) => ctx.require('teamMembership', id),
    teamMemberships: all('teamMembership'),
    cycle: (_, { id }, ctx) => ctx.require('cycle', id),
    cycles: all('cycle'),
  },
  Issue: issueFields,
  IssueSearchResult: { ...issueFields, metadata: () => ({}) },
  Team: {
    issues: childrenBy('issue', 'teamId'),
    states: childrenBy('workflowState', 'teamId'),
    labels: childrenBy('issueLabel', 'teamId'),
    members: membersOfTeam,
    memberships: childrenBy('teamMembership', 'teamId'),
    organization: (_, __, ctx) => organization(ctx),
    issueCount: async (t, { includeArchived }, ctx) => {
      const rows = await ctx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM issues WHERE "teamId" = $1 ${includeArchived ? '' : 'AND "archivedAt" IS NULL'}`,
        [t.id],
      );
      return rows[0].n;
    },
    visibility: (t) => (t.private ? 'private' : 'public'),
    cycles: childrenBy('cycle', 'teamId'),
    children: (t, _, ctx) => ctx.query(`SELECT * FROM teams WHERE "parentId" = $1 AND "archivedAt" IS NULL ORDER BY "createdAt", "id"`, [t.id]),
    ancestors: async (t, _, ctx) => {
      const chain: Row[] = [];
      let parent = await ctx.load('team', t.parentId as string | null);
      while (parent && !chain.some((a) => a.id === parent!.id)) {
        chain.push(parent);
        parent = await ctx.load('team', parent.parentId as string | null);
      }
      return chain;
    },
    membership: async (t, { userId }, ctx) =>
      (await ctx.query(`SELECT * FROM team_memberships WHERE "teamId" = $1 AND "userId" = $2 AND "archivedAt" IS NULL ORDER BY "createdAt", "id" LIMIT 1`, [t.id, userId]))[0] ?? null,
  },
  User: {
    assignedIssues: childrenBy('issue', 'assigneeId'),
    createdIssues: childrenBy('issue', 'creatorId'),
    delegatedIssues: childrenBy('issue', 'delegateId'),
    teamMemberships: childrenBy('teamMembership', 'userId'),
    teams: teamsOfUser,
    organization: (_, __, ctx) => organization(ctx),
    isMe: (u, _, ctx) => u.id === ctx.actingUserId,
  },
  Organization: {
    teams: all('team'),
    users: (_, args, ctx) => paginate(ctx, 'user', args, args.includeDisabled ? undefined : (_sql, x) => `${x}."active"`),
    labels: all('issueLabel'),
  },
  WorkflowState: {
    team: (s, _, ctx) => ctx.require('team', s.teamId),
    issues: childrenBy('issue', 'stateId'),
  },
  IssueLabel: {
    team: (l, _, ctx) => ctx.load('team', l.teamId),
    parent: (l, _, ctx) => ctx.load('issueLabel', l.parentId),
    creator: (l, _, ctx) => ctx.load('user', l.creatorId),
    organization: (_, __, ctx) => organization(ctx),
    children: childrenBy('issueLabel', 'parentId'),
    issues: issuesOfLabel,
  },
  Comment: {
    issue: (c, _, ctx) => ctx.load('issue', c.issueId),
    user: (c, _, ctx) => ctx.load('user', c.userId),
    parent: (c, _, ctx) => ctx.load('comment', c.parentId),
    resolvingComment: (c, _, ctx) => ctx.load('comment', c.resolvingCommentId),
    resolvingUser: (c, _, ctx) => ctx.load('user', c.resolvingUserId),
    children: childrenBy('comment', 'parentId'),
    createdIssues: childrenBy('issue', 'sourceCommentId'),
    // Derived from the markdown body, which is what mutations write (a stored bodyData would go stale).
    bodyData: (c) => JSON.stringify(prosemirror(String(c.body ?? ''))),
  },
  IssueRelation: {
    issue: (r, _, ctx) => ctx.require('issue', r.issueId),
    relatedIssue: (r, _, ctx) => ctx.require('issue', r.relatedIssueId),
  },
  TeamMembership: {
    team: (m, _, ctx) => ctx.require('team', m.teamId),
    user: (m, _, ctx) => ctx.require('user', m.userId),
  },
  Cycle: {
    team: (c, _, ctx) => ctx.require('team', c.teamId),
    issues: childrenBy('issue', 'cycleId'),
    // Where the cycle stands against the environment's clock, read once per request.
    isActive: (c, _, ctx) => time(c.startsAt) <= ctx.requestTime() && ctx.requestTime() < time(c.endsAt) && c.completedAt == null,
    isPast: (c, _, ctx) => time(c.endsAt) <= ctx.requestTime(),
    isFuture: (c, _, ctx) => time(c.startsAt) > ctx.requestTime(),
    isNext: async (c, _, ctx) => {
      const [next] = await ctx.query<{ id: string }>(
        `SELECT "id" FROM cycles WHERE "teamId" = $1 AND "startsAt" > $2 AND "archivedAt" IS NULL ORDER BY "startsAt", "id" LIMIT 1`,
        [c.teamId, new Date(ctx.requestTime()).toISOString()],
      );
      return next?.id === c.id;
    },
  },
};

const time = (value: unknown) => (value instanceof Date ? value.getTime() : Date.parse(String(value)));

/** A free-text term narrows issues to those whose title, description (or, if asked, comments) contain it. */
function withTerm(args: ConnectionArgs, term: string | null | undefined, includeComments = true): ConnectionArgs {
  if (!term) return args;
  const text = includeComments
    ? { searchableContent: { contains: term } }
    : { or: [{ title: { containsIgnoreCase: term } }, { description: { containsIgnoreCase: term } }] };
  return { ...args, filter: args.filter ? { and: [args.filter, text] } : text };
}

/** The rich-text document Linear keeps beside a comment's markdown body: one paragraph per line. */
export function prosemirror(body: string) {
  return {
    type: 'doc',
    content: body.split('\n').map((line) => ({ type: 'paragraph', ...(line ? { content: [{ type: 'text', text: line }] } : {}) })),
  };
}

export { findIssue, notFound };
