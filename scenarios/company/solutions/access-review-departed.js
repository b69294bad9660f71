// In #security, list the stale accounts of the Q1 access review that belong to people who have left (deactivated in Slack).

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

const sheet = await boxFind('Q1 access review.csv', 'file', 'Security');
const [header, ...rows] = (await boxText(sheet.id)).trim().split('\n').map((l) => l.split(','));
const col = (name) => header.indexOf(name);
const stale = rows.filter((r) => r[col('status')] === 'stale');
const members = (await slack('users.list', { limit: '200' })).members;
const departed = new Set(members.filter((u) => u.deleted).map((u) => u.profile.email));
const theirs = stale.filter((r) => departed.has(r[col('account')]));
const channel = await channelByName('security');
await slack('chat.postMessage', { channel: channel.id, text: `Stale accounts of people who have left, from the Q1 access review:\n${theirs.map((r) => `• ${r[col('system')]}: ${r[col('account')]} (${r[col('owner')]}, last login ${r[col('last_login')]})`).join('\n')}` });
console.log(theirs);
await box('POST', 'comments', { item: { type: 'file', id: sheet.id }, message: `Flagged in #security: ${theirs.map((r) => `${r[col('system')]} ${r[col('account')]}`).join(', ')}.` });
