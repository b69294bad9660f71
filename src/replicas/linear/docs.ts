/**
 * What agents read about the Linear API: how to call it and what each operation does, in this project's words.
 * The schema itself is discoverable through introspection (`__schema`, `__type`).
 */
export const LINEAR_DOCS = `
POST https://api.linear.app/graphql with a JSON body {"query": "...", "variables": {...}}. Authenticate with the
header \`Authorization: <API key>\` (or \`Bearer <OAuth token>\`). Every list is a connection: ask for \`nodes\` or
\`edges { node cursor }\` and \`pageInfo { hasNextPage endCursor }\`, page with \`first\`/\`after\` (default 50,
at most 250) or \`last\`/\`before\`, order with \`orderBy: createdAt | updatedAt\` (newest first). Archived rows are
left out unless \`includeArchived: true\`.

Queries
- \`issue(id)\`: one issue by UUID or by identifier such as "ENG-12".
- \`issues(filter, first, after, orderBy, sort, includeArchived)\`: issues matching an IssueFilter.
- \`searchIssues(term, filter, teamId, includeComments)\`: issues whose title, description or comments contain the term.
- \`team(id)\` (UUID or key), \`teams(filter)\`, \`user(id)\`, \`users(filter, includeDisabled)\`, \`viewer\` (you),
  \`organization\`, \`workflowState(id)\`, \`workflowStates(filter)\`, \`issueLabel(id)\`, \`issueLabels(filter)\`,
  \`comment(id)\`, \`comments(filter)\`, \`issueRelation(id)\`, \`issueRelations\`, \`teamMembership(id)\`, \`teamMemberships\`.
- Nested lists: \`Issue.children/comments/labels/relations/inverseRelations\`, \`Team.issues/states/labels/members/memberships\`,
  \`User.assignedIssues/createdIssues/teams/teamMemberships\`, \`WorkflowState.issues\`, \`IssueLabel.issues/children\`.

Filters: each field takes a comparator — \`eq neq in nin lt lte gt gte null\`, for text also \`contains
containsIgnoreCase notContains startsWith endsWith eqIgnoreCase\`; dates also accept durations such as "-P2W".
Relations nest: \`{team: {key: {eq: "ENG"}}}\`, \`{assignee: {null: true}}\`, \`{state: {type: {eq: "started"}}}\`,
\`{labels: {some: {name: {eq: "Bug"}}}}\`; combine with \`and: [...]\` / \`or: [...]\`.

Mutations (each returns \`{success lastSyncId <entity>}\`)
- \`issueCreate(input: {teamId, title, description, assigneeId, stateId, priority, labelIds, parentId, dueDate, estimate})\`:
  numbers the issue in its team (ENG-13); priority 0 none, 1 urgent, 2 high, 3 medium, 4 low.
- \`issueUpdate(id, input)\`: any of the above, plus \`addedLabelIds\`/\`removedLabelIds\`; a new \`teamId\` renumbers the issue.
- \`issueBatchUpdate(ids, input)\`, \`issueAddLabel(id, labelId)\`, \`issueRemoveLabel(id, labelId)\`.
- \`issueArchive(id)\`, \`issueUnarchive(id)\`, \`issueDelete(id)\` (moves to the trash).
- \`commentCreate(input: {issueId, body, parentId})\`, \`commentUpdate(id, input: {body})\`, \`commentDelete(id)\`.
- \`issueLabelCreate(input: {name, color, teamId, parentId})\`, \`issueLabelUpdate\`, \`issueLabelDelete\`.
- \`issueRelationCreate(input: {issueId, relatedIssueId, type: blocks|duplicate|related|similar})\`, \`issueRelationUpdate\`,
  \`issueRelationDelete\`.
- \`workflowStateCreate(input: {teamId, name, type, color})\`, \`workflowStateUpdate\`, \`workflowStateArchive(id)\`.
- \`teamCreate(input: {name, key})\` (adds the default workflow states and you as a member), \`teamUpdate\`,
  \`teamMembershipCreate(input: {teamId, userId})\`, \`teamMembershipDelete(id)\`.

Errors come back as \`{"errors": [{"message", "path", "extensions": {"type", "code", "userPresentableMessage"}}]}\`:
an unknown field or bad variable is a "graphql error" (HTTP 400), an unknown id is "Entity not found: Issue"
("invalid input", HTTP 400), a missing Authorization header is an "authentication error" (HTTP 400).
`;
