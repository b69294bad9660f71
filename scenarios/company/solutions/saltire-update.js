// Update Saltire on their login problem: the state of the engineering issue behind SUP-88, to Fiona, on SUP-88, and in
// #cs-saltire.

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
async function linear(query, variables = {}) {
  const j = await call('https://api.linear.app/graphql', { method: 'POST', body: JSON.stringify({ query, variables }) });
  if (j.errors?.length) throw new Error(`linear: ${j.errors[0].message}`);
  return j.data;
}
const mail = (method, path, body) => call(`https://api.mailhub.example/v1/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
/** The newest message matching a search (`query` words plus filters such as `from`). */
async function mailFind(params) {
  const j = await mail('GET', `messages/search?${new URLSearchParams(params)}`);
  if (!j.items.length) throw new Error(`no mail for ${JSON.stringify(params)}`);
  return mail('GET', `messages/${j.items[0].id}`);
}

const { issue } = await linear(`{ issue(id: "SUP-88") { id identifier relations { nodes { type relatedIssue { identifier } } } } }`);
const engId = issue.relations.nodes.find((r) => r.type === 'related').relatedIssue.identifier;
const { issue: eng } = await linear('query($id: String!) { issue(id: $id) { identifier title state { name } comments { nodes { body createdAt } } } }', { id: engId });
const latest = eng.comments.nodes.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
const update = `${eng.identifier} (${eng.title}) is ${eng.state.name}. ${latest.body}`;
const fiona = await mailFind({ query: 'log in Console', from: 'fiona' });
await mail('POST', `messages/${fiona.id}/reply`, { comment: `Hi Fiona,\n\nAn update on your login problem (our ${issue.identifier}): ${update} We keep ${issue.identifier} open until the permanent fix ships.\n\nFarah` });
await linear('mutation($input: CommentCreateInput!) { commentCreate(input: $input) { success } }', { input: { issueId: issue.id, body: `Customer updated by mail: ${update}` } });
const channel = await channelByName('cs-saltire');
await slack('chat.postMessage', { channel: channel.id, text: `Saltire login update sent to Fiona: ${update}` });
