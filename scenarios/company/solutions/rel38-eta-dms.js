// DM the assignee of each open, Urgent 3.8 issue asking for an ETA before Thursday's go/no-go.

const HEADERS = { Authorization: 'Bearer difflab-token', 'Content-Type': 'application/json; charset=utf-8' };
async function call(url, init = {}) {
  const r = await fetch(url, { ...init, headers: { ...HEADERS, ...(init.headers ?? {}) } });
  const text = await r.text();
  if (!r.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${r.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}
async function slack(method, args = {}) {
  // Reads as GET with a query string, writes as POST with a JSON body.
  const read = /\.(list|history|replies|info|members|conversations|lookupByEmail|messages|get)$/.test(method);
  const url = `https://slack.com/api/${method}`;
  const j = read ? await call(`${url}?${new URLSearchParams(args)}`) : await call(url, { method: 'POST', body: JSON.stringify(args) });
  if (!j.ok) throw new Error(`${method}: ${j.error}`);
  return j;
}
async function slackUser(email) {
  return (await slack('users.lookupByEmail', { email })).user;
}
async function linear(query, variables = {}) {
  const j = await call('https://api.linear.app/graphql', { method: 'POST', body: JSON.stringify({ query, variables }) });
  if (j.errors?.length) throw new Error(`linear: ${j.errors[0].message}`);
  return j.data;
}
/** Every issue matching `filter`, following the pages. */
async function linearIssues(filter, fields = 'id identifier title priority state { name type } assignee { id name email } labels { nodes { name } }') {
  const out = [];
  let after = null;
  do {
    const d = await linear(`query($filter: IssueFilter, $after: String) { issues(filter: $filter, first: 100, after: $after) { nodes { ${fields} } pageInfo { hasNextPage endCursor } } }`, { filter, after });
    out.push(...d.issues.nodes);
    after = d.issues.pageInfo.hasNextPage ? d.issues.pageInfo.endCursor : null;
  } while (after);
  return out;
}

const urgent = await linearIssues({ labels: { some: { name: { eq: 'release: 3.8' } } }, state: { type: { nin: ['completed', 'canceled'] } }, priority: { eq: 1 } });
for (const i of urgent) {
  const user = await slackUser(i.assignee.email);
  const { channel } = await slack('conversations.open', { users: user.id });
  await slack('chat.postMessage', { channel: channel.id, text: `Hi ${i.assignee.name.split(' ')[0]}, what is your ETA for ${i.identifier} (${i.title})? I need it before Thursday's 3.8 go/no-go.` });
  await linear('mutation($input: CommentCreateInput!) { commentCreate(input: $input) { success } }', { input: { issueId: i.id, body: 'Asked the assignee for an ETA before the 3.8 go/no-go.' } });
  console.log(`Asked ${i.assignee.name} about ${i.identifier}`);
}
