/**
 * What agents read about the Linear API: how to call it and what each operation does, in this project's words.
 * The schema itself is discoverable through introspection (`__schema`, `__type`).
 */
export const LINEAR_DOCS = `
POST https://api.linear.app/graphql with a JSON body {"query": "...", "variables": {...}}. Authenticate with the
header \`Authorization: <API key>\` (or \`Bearer <OAuth token>\`). Every list is a connection: ask for \`nodes\` or
\`edges { node cursor }\` and \`pageInfo { hasNextPage endCursor }\`, page with \`first\`/\`after\` (default 50,
at most 250) or \`last\`/\`before\`, order with \`orderBy: createdAt | updatedAt\` (oldest first, ties by id). Archived rows are
left out unless \`includeArchived: true\`.

Queries
- \`issue(id)\`: one issue by UUID or by identifier such as "ENG-12".
- \`issues(filter, first, after, orderBy, sort, includeArchived)\`: issues matching an IssueFilter.
- \`searchIssues(term, filter, teamId, includeComments)\`: issues whose title, description or comments contain the term.
- \`team(id)\` (UUID or key), \`teams(filter)\`, \`user(id)\`, \`users(filter, includeDisabled)\`, \`viewer\` (you),
  \`organization\`, \`workflowState(id)\`, \`workflowStates(filter)\`, \`issueLabel(id)\`, \`issueLabels(filter)\`,
  \`comment(id)\`, \`comments(filter)\`, \`issueRelation(id)\`, \`issueRelations\`, \`teamMembership(id)\`, \`teamMemberships\`,
  \`cycle(id)\`, \`cycles(filter)\`.
- Nested lists: \`Issue.children/comments/labels/relations/inverseRelations\`, \`Team.issues/states/labels/members/memberships/cycles\`,
  \`User.assignedIssues/createdIssues/delegatedIssues/teams/teamMemberships\`, \`WorkflowState.issues\`, \`IssueLabel.issues/children\`,
  \`Cycle.issues\`, \`Comment.children/createdIssues\`.
- The schema is all of Linear's. What this workspace has none of (projects, initiatives, documents, attachments,
  integrations…) reads as null or an empty list where Linear's types allow it; asking for such a root field (\`projects\`,
  \`projectCreate\`) answers a "feature not accessible" error.

Filters: each field takes a comparator — \`eq neq in nin lt lte gt gte null\`, for text also \`contains
containsIgnoreCase notContains startsWith endsWith eqIgnoreCase\`; dates also accept durations such as "-P2W".
Relations nest: \`{team: {key: {eq: "ENG"}}}\`, \`{assignee: {null: true}}\`, \`{state: {type: {eq: "started"}}}\`,
\`{labels: {some: {name: {eq: "Bug"}}}}\`; combine with \`and: [...]\` / \`or: [...]\`.

Mutations (each returns \`{success lastSyncId <entity>}\`)
- \`issueCreate(input: {teamId, title, description, assigneeId, stateId, priority, labelIds, parentId, dueDate, estimate,
  subscriberIds, cycleId, …})\`: numbers the issue in its team (ENG-13); priority 0 none, 1 urgent, 2 high, 3 medium,
  4 low; \`teamId\` is the team's id (a key such as "ENG" is refused, as Linear refuses it).
- \`issueUpdate(id, input)\`: any of the above, plus \`addedLabelIds\`/\`removedLabelIds\`; a new \`teamId\` renumbers the issue.
- \`issueBatchCreate(input: {issues: [IssueCreateInput]})\`, \`issueBatchUpdate(ids, input)\`, \`issueAddLabel(id, labelId)\`, \`issueRemoveLabel(id, labelId)\`,
  \`issueDescriptionUpdateFromFront(id, description)\`.
- \`issueArchive(id)\`, \`issueUnarchive(id)\`, \`issueDelete(id)\` (moves to the trash).
- \`commentCreate(input: {issueId, body, parentId})\`, \`commentUpdate(id, input: {body})\`, \`commentDelete(id)\`.
- \`issueLabelCreate(input: {name, color, teamId, parentId})\`, \`issueLabelUpdate\`, \`issueLabelDelete\`.
- \`issueRelationCreate(input: {issueId, relatedIssueId, type: blocks|duplicate|related|similar})\`, \`issueRelationUpdate\`,
  \`issueRelationDelete\`.
- \`workflowStateCreate(input: {teamId, name, type, color})\`, \`workflowStateUpdate\`, \`workflowStateArchive(id)\`.
- \`teamCreate(input: {name, key})\` (adds the default workflow states and you as a member), \`teamUpdate\`,
  \`teamMembershipCreate(input: {teamId, userId})\`, \`teamMembershipDelete(id)\`.
- \`userUpdate(id, input: {name, displayName, description, statusEmoji, statusLabel, timezone})\`: yourself (\`me\`) or, as an admin, anyone.

Errors come back as \`{"errors": [{"message", "path", "extensions": {"type", "code", "userPresentableMessage"}}]}\`:
an unknown field or bad variable is a "graphql error" (HTTP 400) and a missing Authorization header an "authentication
error" (HTTP 400), both before anything runs; once the operation runs, a root field of Linear's that this replica does
not serve is "feature not accessible" and an unknown id "Entity not found: Issue" ("invalid input"), with HTTP 200 and
\`"data": null\` (the data of other fields when the failing one may be null).
`;

/** One line per root operation, in this project's words; served as the field descriptions in introspection. */
export const OPERATION_DOCS: Record<string, string> = {
  'Query.issue': 'One issue, by its UUID or its identifier (e.g. "ENG-12"). Archived issues are found too.',
  'Query.issues': 'Issues matching an IssueFilter, oldest first (or by the sort given); archived ones only with includeArchived.',
  'Query.searchIssues': 'Issues whose title, description or (with includeComments, the default) comments contain the term.',
  'Query.issueSearch': 'Older form of searchIssues: issues matching a free-text query and a filter.',
  'Query.team': 'One team, by UUID or by key (e.g. "ENG").',
  'Query.teams': 'Teams matching a TeamFilter.',
  'Query.user': 'One user by UUID.',
  'Query.users': 'Users matching a UserFilter; deactivated users only with includeDisabled.',
  'Query.viewer': 'The user the API key belongs to.',
  'Query.organization': 'The workspace.',
  'Query.workflowState': 'One workflow state by UUID.',
  'Query.cycle': 'One cycle by UUID.',
  'Query.cycles': 'Cycles matching a CycleFilter (number, name, team), oldest first.',
  'Query.workflowStates': "Workflow states (each team's statuses) matching a WorkflowStateFilter.",
  'Query.issueLabel': 'One label by UUID.',
  'Query.issueLabels': 'Labels (workspace and team labels) matching an IssueLabelFilter.',
  'Query.comment': 'One comment by UUID.',
  'Query.comments': 'Comments matching a CommentFilter.',
  'Query.issueRelation': 'One relation between two issues by UUID.',
  'Query.issueRelations': 'All relations between issues.',
  'Query.teamMembership': 'One team membership by UUID.',
  'Query.teamMemberships': 'All team memberships.',
  'Mutation.issueCreate': 'Creates an issue in a team; it gets the next number of that team (KEY-n) and the team\'s first backlog state unless stateId is given.',
  'Mutation.issueUpdate': 'Changes the given fields of an issue (id or identifier); labelIds replaces the labels, addedLabelIds/removedLabelIds edit them.',
  'Mutation.issueDelete': 'Moves an issue to the trash (archived and trashed); permanentlyDelete removes it.',
  'Mutation.issueArchive': 'Archives an issue: it leaves lists unless includeArchived.',
  'Mutation.issueUnarchive': 'Brings an archived or trashed issue back.',
  'Mutation.issueAddLabel': 'Adds one label to an issue.',
  'Mutation.issueRemoveLabel': 'Removes one label from an issue.',
  'Mutation.issueBatchCreate': 'Creates several issues, each from its own IssueCreateInput (teams may differ), in the order given; one refused input creates none.',
  'Mutation.issueBatchUpdate': 'Applies the same IssueUpdateInput to several issues.',
  'Mutation.userUpdate': 'Updates a user\'s name, display name, description, status or time zone: yourself (`id: "me"`), or anyone when you are an admin.',
  'Mutation.issueDescriptionUpdateFromFront': 'Sets the description of an issue (Linear marks it internal, for its Front app).',
  'Mutation.commentCreate': 'Adds a comment (markdown body) to an issue, or a reply when parentId names a comment.',
  'Mutation.commentUpdate': 'Replaces the body of a comment.',
  'Mutation.commentDelete': 'Deletes a comment (it is archived).',
  'Mutation.issueLabelCreate': 'Creates a label, for one team (teamId) or the whole workspace; names are unique per team.',
  'Mutation.issueLabelUpdate': 'Renames or recolours a label.',
  'Mutation.issueLabelDelete': 'Deletes a label (it is archived).',
  'Mutation.issueRelationCreate': 'Relates two issues: issueId blocks / duplicates / is related to / is similar to relatedIssueId.',
  'Mutation.issueRelationUpdate': 'Changes the type or the issues of a relation.',
  'Mutation.issueRelationDelete': 'Removes a relation (it is archived).',
  'Mutation.workflowStateCreate': 'Adds a status to a team: name, type (triage, backlog, unstarted, started, completed, canceled) and color.',
  'Mutation.workflowStateUpdate': 'Renames, recolours or repositions a status.',
  'Mutation.workflowStateArchive': 'Archives a status: it leaves the team\'s states.',
  'Mutation.teamCreate': 'Creates a team with the default statuses (Backlog, Todo, In Progress, Done, Canceled; Triage when triageEnabled), the creator as its owner; a key is derived from the name when none is given.',
  'Mutation.teamUpdate': 'Changes a team\'s name, key, description, color, icon, privacy or timezone.',
  'Mutation.teamMembershipCreate': 'Adds a user to a team.',
  'Mutation.teamMembershipDelete': 'Removes a user from a team (the membership is archived).',
};
