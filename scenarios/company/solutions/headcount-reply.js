// Reply to Hannah with Platform's row of the 2026 headcount plan.

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
const mail = (method, path, body) => call(`https://api.mailhub.example/v1/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
/** The newest message matching a search (`query` words plus filters such as `from`). */
async function mailFind(params) {
  const j = await mail('GET', `messages/search?${new URLSearchParams(params)}`);
  if (!j.items.length) throw new Error(`no mail for ${JSON.stringify(params)}`);
  return mail('GET', `messages/${j.items[0].id}`);
}

const ask = await mailFind({ query: 'headcount', from: 'hannah' });
const plan = await boxFind('Engineering headcount plan 2026.csv', 'file', 'Finance');
const [header, ...rows] = (await boxText(plan.id)).trim().split('\n').map((l) => l.split(','));
const row = Object.fromEntries(header.map((h, i) => [h, rows.find((r) => r[0] === 'Platform')[i]]));
const line = `Platform: current ${row.current}, open roles ${row.open_roles}, planned Q2 ${row.planned_q2}`;
await mail('POST', `messages/${ask.id}/reply`, { comment: `Hi Hannah,\n\n${line}.\n\nMaya` });
console.log(line);
await box('POST', 'comments', { item: { type: 'file', id: plan.id }, message: `Platform confirmed (${line}).` });
