// Reply in the thread of the 3.8 plan with the release's status: N of M done, and each open issue with its assignee.

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

const issues = await linearIssues({ labels: { some: { name: { eq: 'release: 3.8' } } } });
const done = issues.filter((i) => i.state.type === 'completed');
const open = issues.filter((i) => !['completed', 'canceled'].includes(i.state.type));
const channel = await channelByName('conduit-releases');
const plan = (await history(channel.id)).find((m) => /Conduit 3\.8 plan/.test(m.text));
const text = `3.8 status: ${done.length} of ${issues.length} done. Open: ${open.map((i) => `${i.identifier} ${i.title} (${i.assignee?.name ?? 'unassigned'}, ${i.state.name})`).join('; ')}.`;
await slack('chat.postMessage', { channel: channel.id, thread_ts: plan.ts, text });
console.log(text);
const folder = await boxFind('3.8', 'folder', 'Releases');
await boxUpload(folder.id, 'Status 2026-03-09.md', `# Conduit 3.8 status, 9 March 2026\n\n${text}\n`);
