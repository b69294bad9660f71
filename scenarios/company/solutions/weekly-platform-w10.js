// Platform weekly for 2026-W10 (2–6 March): completed Platform issues, incidents declared in #incidents, high-importance
// customer mail; written like W09 in Box, its link mailed back to Tomasz.

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
/** The file's shared link, creating one with company access if it has none. */
async function boxShare(item) {
  if (item.shared_link) return item.shared_link.url;
  const j = await box('PUT', `${item.type}s/${item.id}?fields=shared_link`, { shared_link: { access: 'company' } });
  return j.shared_link.url;
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
const mail = (method, path, body) => call(`https://api.mailhub.example/v1/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
/** The newest message matching a search (`query` words plus filters such as `from`). */
async function mailFind(params) {
  const j = await mail('GET', `messages/search?${new URLSearchParams(params)}`);
  if (!j.items.length) throw new Error(`no mail for ${JSON.stringify(params)}`);
  return mail('GET', `messages/${j.items[0].id}`);
}

const from = '2026-03-02T00:00:00-08:00';
const to = '2026-03-09T00:00:00-07:00';
const done = await linearIssues({ team: { key: { eq: 'PLAT' } }, completedAt: { gte: from, lt: to } }, 'identifier title');
const incidents = await channelByName('incidents');
const declared = (await history(incidents.id, String(Date.parse(from) / 1000)))
  .filter((m) => Number(m.ts) * 1000 < Date.parse(to))
  .flatMap((m) => [...m.text.matchAll(/\*(INC-\d{4}-\d{3})\* declared — (.+?)(?:\. | I'm IC|\.$)/g)].map((x) => `${x[1]} ${x[2]}`));
const escalations = (await mail('GET', `messages?${new URLSearchParams({ importance: 'high', received_after: from, received_before: to, folder_id: 'inbox' })}`)).items;
const customers = escalations.filter((m) => !m.from.email.endsWith('@fernbrook.example'));
const w09 = await boxFind('Platform weekly 2026-W09.md', 'file', 'Reports/Weekly');
const report = [
  '# Platform weekly — 2026-W10 (2–6 March)',
  '',
  '## Completed',
  ...done.sort((a, b) => a.identifier.localeCompare(b.identifier)).map((i) => `- ${i.identifier} ${i.title}`),
  '',
  '## Incidents',
  ...declared.reverse().map((x) => `- ${x}`),
  '',
  '## Customer escalations',
  ...(customers.length ? customers.map((m) => `- ${m.from.name}: ${m.subject}`) : ['- none']),
  '',
].join('\n');
const file = await boxUpload(w09.parent.id, 'Platform weekly 2026-W10.md', report);
const link = await boxShare({ ...file, shared_link: null });
const ask = await mailFind({ query: 'Platform weekly', from: 'tomasz' });
await mail('POST', `messages/${ask.id}/reply`, { comment: `Hi Tomasz,\n\nThe Platform weekly for 2–6 March is in Box: ${link}\n\nMaya` });
console.log(report);
