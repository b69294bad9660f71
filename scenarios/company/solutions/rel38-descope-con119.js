// CON-119 will not make 3.8: relabel it 3.9, say why on the issue, drop it from the notes draft, tell the channel.

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
async function boxUpload(folderId, name, text, fileId) {
  const form = new FormData();
  form.append('attributes', JSON.stringify(fileId ? { name } : { name, parent: { id: folderId } }));
  form.append('file', new Blob([text], { type: 'text/markdown' }), name);
  const url = fileId ? `https://upload.box.com/api/2.0/files/${fileId}/content` : 'https://upload.box.com/api/2.0/files/content';
  const r = await fetch(url, { method: 'POST', headers: { Authorization: HEADERS.Authorization }, body: form });
  if (!r.ok) throw new Error(`upload ${name}: ${r.status} ${await r.text()}`);
  return (await r.json()).entries[0];
}
async function linear(query, variables = {}) {
  const j = await call('https://api.linear.app/graphql', { method: 'POST', body: JSON.stringify({ query, variables }) });
  if (j.errors?.length) throw new Error(`linear: ${j.errors[0].message}`);
  return j.data;
}

const d = await linear(`{
  issue(id: "CON-119") { id identifier title labels { nodes { id name } } }
  issueLabels(filter: { name: { in: ["release: 3.8", "release: 3.9"] } }) { nodes { id name } }
}`);
const id = (name) => d.issueLabels.nodes.find((l) => l.name === name).id;
await linear('mutation($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success } }', {
  id: d.issue.id, input: { removedLabelIds: [id('release: 3.8')], addedLabelIds: [id('release: 3.9')] },
});
await linear('mutation($input: CommentCreateInput!) { commentCreate(input: $input) { success } }', {
  input: { issueId: d.issue.id, body: 'Moved out of 3.8 into 3.9: the fix will not be ready before the go/no-go.' },
});
const notes = await boxFind('Conduit 3.8 release notes (draft).md', 'file', 'Releases/3.8');
const text = await boxText(notes.id);
await boxUpload(null, notes.name, text.split('\n').filter((line) => !line.includes(d.issue.identifier)).join('\n'), notes.id);
const channel = await channelByName('conduit-releases');
await slack('chat.postMessage', { channel: channel.id, text: `${d.issue.identifier} (${d.issue.title}) moves from 3.8 to 3.9; the release notes draft no longer lists it.` });
