// Give Lucía the Ingest team's good-first issue (ING-139) and tell her onboarding buddy.

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

const d = await linear(`{
  issue(id: "ING-139") { id identifier title }
  users(filter: { name: { eq: "Lucía Ferreira" } }) { nodes { id email } }
}`);
await linear('mutation($id: String!, $a: String!) { issueUpdate(id: $id, input: { assigneeId: $a }) { success } }', { id: d.issue.id, a: d.users.nodes[0].id });
const channel = await channelByName('team-ingest');
const note = (await history(channel.id)).find((m) => /joins us/.test(m.text) && /onboarding buddy/.test(m.text));
const buddy = note.text.match(/<@(\w+)> is her onboarding buddy/)[1];
const { channel: dm } = await slack('conversations.open', { users: buddy });
await slack('chat.postMessage', { channel: dm.id, text: `I assigned ${d.issue.identifier} (${d.issue.title}) to Lucía as her first issue — could you pair with her on it in her first week?` });
