// A Box review task on the go/no-go checklist for QA sign-off, due Wednesday 11 March; and a note on CON-119.

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
async function linear(query, variables = {}) {
  const j = await call('https://api.linear.app/graphql', { method: 'POST', body: JSON.stringify({ query, variables }) });
  if (j.errors?.length) throw new Error(`linear: ${j.errors[0].message}`);
  return j.data;
}

const checklist = await boxFind('Go-no-go checklist.md', 'file', 'Releases/3.8');
await box('POST', 'tasks', { item: { type: 'file', id: checklist.id }, action: 'review', message: 'QA sign-off for Conduit 3.8 (Tessa)', due_at: '2026-03-11T17:00:00Z' });
const { issue } = await linear('{ issue(id: "CON-119") { id } }');
await linear('mutation($input: CommentCreateInput!) { commentCreate(input: $input) { success } }', { input: { issueId: issue.id, body: 'QA sign-off for 3.8 waits on this issue (review task on the go/no-go checklist in Box, due 11 March).' } });
