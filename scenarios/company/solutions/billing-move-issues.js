// As decided in #proj-billing-export: the open billing-export issues move from Console to Data, each into the Data
// workflow state of the same name; confirm in the decision's thread.

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
async function channelByName(name) {
  let cursor = '';
  do {
    const j = await slack('conversations.list', { types: 'public_channel,private_channel', exclude_archived: 'true', limit: '200', ...(cursor ? { cursor } : {}) });
    const found = j.channels.find((c) => c.name === name);
    if (found) return found;
    cursor = j.response_metadata?.next_cursor ?? '';
  } while (cursor);
  throw new Error(`no channel #${name}`);
}
async function history(channel, oldest) {
  const out = [];
  let cursor = '';
  do {
    const j = await slack('conversations.history', { channel, limit: '200', ...(oldest ? { oldest } : {}), ...(cursor ? { cursor } : {}) });
    out.push(...j.messages);
    cursor = j.response_metadata?.next_cursor ?? '';
  } while (cursor);
  return out;
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

const channel = await channelByName('proj-billing-export');
const decision = (await history(channel.id)).find((m) => /moves from the Console team to the Data team/.test(m.text));
const d = await linear('{ teams(filter: { key: { eq: "DATA" } }) { nodes { id key states { nodes { id name } } } } }');
const data = d.teams.nodes[0];
const open = await linearIssues({ team: { key: { eq: 'CON' } }, labels: { some: { name: { eq: 'project: billing-export' } } }, state: { type: { nin: ['completed', 'canceled'] } } });
for (const i of open) {
  await linear('mutation($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success } }', {
    id: i.id, input: { teamId: data.id, stateId: data.states.nodes.find((s) => s.name === i.state.name).id },
  });
}
await slack('chat.postMessage', { channel: channel.id, thread_ts: decision.ts, text: `Done: ${open.length} open billing-export issues moved to the Data team in Linear (${open.map((i) => i.identifier).join(', ')}).` });
