// Gwen (Harrowgate Foods — not Harrow & Vale) asked for their review deck: reply with a company shared link to it.

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
const mail = (method, path, body) => call(`https://api.mailhub.example/v1/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
/** The newest message matching a search (`query` words plus filters such as `from`). */
async function mailFind(params) {
  const j = await mail('GET', `messages/search?${new URLSearchParams(params)}`);
  if (!j.items.length) throw new Error(`no mail for ${JSON.stringify(params)}`);
  return mail('GET', `messages/${j.items[0].id}`);
}

const ask = await mailFind({ query: 'deck', from: 'gwen' });
const deck = await boxFind('QBR 2026-Q1 deck.pptx', 'file', 'Harrowgate Foods');
const link = await boxShare(deck);
await mail('POST', `messages/${ask.id}/reply`, { comment: `Hi Gwen,\n\nHere is the deck for our review: ${link}\n\nBest,\nJonah` });
