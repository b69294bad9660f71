// Reference solution: plan each backlog sub-issue of the migration.

const API = 'https://api.linear.app/graphql';

// One GraphQL request; Linear reports failures in `errors`, so any error stops the script.
async function gql(query, variables = {}) {
  const res = await fetch(API, {
    method: 'POST',
    headers: { Authorization: 'lin_api_difflab', 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function issue(id) {
  return (await gql('query($id: String!) { issue(id: $id) { id identifier title team { id } } }', { id })).issue;
}
async function stateOf(teamId, name) {
  const d = await gql('query($t: ID, $n: String) { workflowStates(filter: {team: {id: {eq: $t}}, name: {eq: $n}}) { nodes { id } } }', { t: teamId, n: name });
  return d.workflowStates.nodes[0].id;
}
async function userNamed(name) {
  return (await gql('query($n: String) { users(filter: {name: {eq: $n}}) { nodes { id } } }', { n: name })).users.nodes[0].id;
}
async function labelNamed(name) {
  return (await gql('query($n: String) { issueLabels(filter: {name: {eqIgnoreCase: $n}}) { nodes { id } } }', { n: name })).issueLabels.nodes[0].id;
}
async function update(id, input) {
  return gql('mutation($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success } }', { id, input });
}
async function comment(issueId, body, parentId) {
  return gql('mutation($input: CommentCreateInput!) { commentCreate(input: $input) { success } }', { input: { issueId, body, ...(parentId ? { parentId } : {}) } });
}
async function issuesWhere(filter) {
  const d = await gql('query($f: IssueFilter) { issues(filter: $f, first: 250) { nodes { id identifier title } } }', { f: filter });
  return d.issues.nodes;
}

const [epic] = await issuesWhere({ title: { containsIgnoreCase: 'Postgres 17' } });
for (const sub of await issuesWhere({ parent: { id: { eq: epic.id } }, state: { name: { eq: 'Backlog' } } })) {
  const c = await gql('mutation($input: IssueCreateInput!) { issueCreate(input: $input) { issue { id } } }', { input: { teamId: 'team-core', title: `Plan: ${sub.title}`, priority: 2 } });
  await gql('mutation($input: IssueRelationCreateInput!) { issueRelationCreate(input: $input) { success } }', { input: { issueId: c.issueCreate.issue.id, relatedIssueId: sub.id, type: 'blocks' } });
}
