// Reference solution: post the refund update on the double-charge incident.

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

const i = await issue('PAY-1');
await comment(i.id, 'Update: refunds have been issued to all 14 affected customers.');
