// Turn the action items of the INC-2026-014 postmortem into Linear issues (owner's team, assigned to the owner,
// labelled incident-followup, related to the issue tracking the lag) and list them in the incident's Slack thread.

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
const box = (method, path, body) => call(`https://api.box.com/2.0/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
/** The one item called `name` (a file or folder) whose path contains `under`, by search. */
async function boxFind(name, type, under = '') {
  const j = await box('GET', `search?${new URLSearchParams({ query: `"${name}"`, type, limit: '50', fields: 'name,path_collection,parent,shared_link,type' })}`);
  const hits = j.entries.filter((e) => e.name === name && e.path_collection.entries.map((p) => p.name).join('/').includes(under));
  if (hits.length !== 1) throw new Error(`box: ${hits.length} items called "${name}" under "${under}"`);
  return hits[0];
}
async function boxText(fileId) {
  const r = await fetch(`https://api.box.com/2.0/files/${fileId}/content`, { headers: HEADERS });
  if (!r.ok) throw new Error(`download ${fileId}: ${r.status}`);
  return r.text();
}
async function linear(query, variables = {}) {
  const j = await call('https://api.linear.app/graphql', { method: 'POST', body: JSON.stringify({ query, variables }) });
  if (j.errors?.length) throw new Error(`linear: ${j.errors[0].message}`);
  return j.data;
}

const doc = await boxFind('INC-2026-014 postmortem (draft).md', 'file', 'Incidents');
const text = await boxText(doc.id);
// | 1 | Action | Owner | Team |
const items = [...text.matchAll(/^\| (\d+) \| (.+?) \| (.+?) \| (.+?) \|$/gm)].map((m) => ({ action: m[2].trim(), owner: m[3].trim(), team: m[4].trim() }));
console.log('Action items:', items);
const lag = text.match(/Follow-up already open: ([A-Z]+-\d+) \(the lag itself\)/)[1];
const d = await linear(`query($lag: String!) {
  teams { nodes { id name } }
  users { nodes { id name } }
  issueLabels(filter: { name: { eq: "incident-followup" } }) { nodes { id } }
  issue(id: $lag) { id identifier }
}`, { lag });
const created = [];
for (const item of items) {
  const team = d.teams.nodes.find((t) => t.name === item.team);
  const owner = d.users.nodes.find((u) => u.name === item.owner);
  const r = await linear('mutation($input: IssueCreateInput!) { issueCreate(input: $input) { issue { id identifier } } }', {
    input: { teamId: team.id, title: item.action, assigneeId: owner.id, labelIds: [d.issueLabels.nodes[0].id], description: `Action item ${created.length + 1} of the INC-2026-014 postmortem.` },
  });
  const issue = r.issueCreate.issue;
  await linear('mutation($input: IssueRelationCreateInput!) { issueRelationCreate(input: $input) { success } }', { input: { issueId: issue.id, relatedIssueId: d.issue.id, type: 'related' } });
  created.push(issue.identifier);
  console.log(`${issue.identifier}: ${item.action} (${item.owner})`);
}
const incidents = await channelByName('incidents');
const root = (await history(incidents.id)).find((m) => /\*INC-2026-014\* declared/.test(m.text));
await slack('chat.postMessage', { channel: incidents.id, thread_ts: root.ts, text: `Postmortem action items are now tracked in Linear: ${created.join(', ')} (all related to ${d.issue.identifier}).` });
