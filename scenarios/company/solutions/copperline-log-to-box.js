// Save the webhook log Daniel attached to the Copperline folder in Box and link it on the matching Support issue.

const HEADERS = { Authorization: 'Bearer difflab-token', 'Content-Type': 'application/json; charset=utf-8' };
async function call(url, init = {}) {
  const r = await fetch(url, { ...init, headers: { ...HEADERS, ...(init.headers ?? {}) } });
  const text = await r.text();
  if (!r.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${r.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
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

const complaint = await mailFind({ query: 'webhooks', from: 'daniel.osei' });
const { items } = await mail('GET', `messages/${complaint.id}/attachments`);
const attachment = await mail('GET', `messages/${complaint.id}/attachments/${items[0].id}`);
const folder = await boxFind('Copperline Retail', 'folder', 'Customers');
const form = new FormData();
form.append('attributes', JSON.stringify({ name: attachment.name, parent: { id: folder.id } }));
form.append('file', new Blob([attachment.content], { type: attachment.content_type }), attachment.name);
const r = await fetch('https://upload.box.com/api/2.0/files/content', { method: 'POST', headers: { Authorization: HEADERS.Authorization }, body: form });
const file = (await r.json()).entries[0];
const link = await boxShare({ ...file, shared_link: null });
const [issue] = await linearIssues({ labels: { some: { name: { eq: 'Copperline Retail' } } }, title: { containsIgnoreCase: 'webhook' } });
await linear('mutation($input: CommentCreateInput!) { commentCreate(input: $input) { success } }', { input: { issueId: issue.id, body: `Customer's delivery log (duplicates on 3 March): ${link}` } });
console.log(`${attachment.name} → ${link}, linked on ${issue.identifier}`);
