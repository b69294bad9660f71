// Move Kieran's working documents into the Platform Handover folder and tell him.

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
const box = (method, path, body) => call(`https://api.box.com/2.0/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
/** The one item called `name` (a file or folder) whose path contains `under`, by search. */
async function boxFind(name, type, under = '') {
  const j = await box('GET', `search?${new URLSearchParams({ query: `"${name}"`, type, limit: '50', fields: 'name,path_collection,parent,shared_link,type' })}`);
  const hits = j.entries.filter((e) => e.name === name && e.path_collection.entries.map((p) => p.name).join('/').includes(under));
  if (hits.length !== 1) throw new Error(`box: ${hits.length} items called "${name}" under "${under}"`);
  return hits[0];
}

const found = await box('GET', `search?${new URLSearchParams({ query: '"Kieran -"', type: 'file', fields: 'name,parent', limit: '50' })}`);
const docs = found.entries.filter((f) => f.name.startsWith('Kieran - '));
const handover = await boxFind('Handover', 'folder', 'Engineering/Platform');
for (const doc of docs) await box('PUT', `files/${doc.id}`, { parent: { id: handover.id } });
const kieran = (await slack('users.list', { limit: '200' })).members.find((u) => u.real_name === 'Kieran Walsh');
const { channel } = await slack('conversations.open', { users: kieran.id });
await slack('chat.postMessage', { channel: channel.id, text: `Thanks Kieran — I moved ${docs.map((d) => `"${d.name}"`).join(' and ')} into Engineering/Platform/Handover in Box.` });
console.log(`Moved ${docs.length} documents.`);
