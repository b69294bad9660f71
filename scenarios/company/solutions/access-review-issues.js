// One Security issue per stale account of the Q1 access review, assigned to Viktor and related to the review issue.

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

const sheet = await boxFind('Q1 access review.csv', 'file', 'Security');
const [header, ...rows] = (await boxText(sheet.id)).trim().split('\n').map((l) => l.split(','));
const col = (name) => header.indexOf(name);
const stale = rows.filter((r) => r[col('status')] === 'stale');
const d = await linear(`{
  teams(filter: { key: { eq: "SEC" } }) { nodes { id } }
  users(filter: { name: { eq: "Viktor Hale" } }) { nodes { id } }
  issues(filter: { team: { key: { eq: "SEC" } }, title: { eq: "Q1 access review" } }) { nodes { id identifier } }
}`);
const created = [];
for (const r of stale) {
  const { issueCreate } = await linear('mutation($input: IssueCreateInput!) { issueCreate(input: $input) { issue { id identifier } } }', {
    input: { teamId: d.teams.nodes[0].id, assigneeId: d.users.nodes[0].id, title: `Remove stale account: ${r[col('account')]} (${r[col('system')]})`, description: `Last login ${r[col('last_login')]}; owner ${r[col('owner')]}.` },
  });
  await linear('mutation($input: IssueRelationCreateInput!) { issueRelationCreate(input: $input) { success } }', { input: { issueId: issueCreate.issue.id, relatedIssueId: d.issues.nodes[0].id, type: 'related' } });
  created.push(issueCreate.issue.identifier);
  console.log(issueCreate.issue.identifier, r.join(','));
}
await box('POST', 'comments', { item: { type: 'file', id: sheet.id }, message: `Linear issues for the stale accounts: ${created.join(', ')}.` });
