// Add a "Done so far" section, listing every completed release: 3.8 issue, as a new version of the release-notes draft.

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

const done = (await linearIssues({ labels: { some: { name: { eq: 'release: 3.8' } } }, state: { type: { eq: 'completed' } } }, 'identifier title'))
  .sort((a, b) => a.identifier.localeCompare(b.identifier));
const notes = await boxFind('Conduit 3.8 release notes (draft).md', 'file', 'Releases/3.8');
const text = await boxText(notes.id);
const updated = `${text.trimEnd()}\n\n## Done so far\n${done.map((i) => `- ${i.identifier} ${i.title}`).join('\n')}\n`;
await boxUpload(null, notes.name, updated, notes.id);
console.log(updated);
const channel = await channelByName('conduit-releases');
const plan = (await history(channel.id)).find((m) => /Conduit 3\.8 plan/.test(m.text));
await slack('chat.postMessage', { channel: channel.id, thread_ts: plan.ts, text: `Release notes draft updated: ${done.length} issues under Done so far (${done.map((i) => i.identifier).join(', ')}).` });
