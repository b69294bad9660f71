// Reply to Tomasz with the number of incidents declared in #incidents last week (2–6 March) and their ids.

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
const mail = (method, path, body) => call(`https://api.mailhub.example/v1/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
/** The newest message matching a search (`query` words plus filters such as `from`). */
async function mailFind(params) {
  const j = await mail('GET', `messages/search?${new URLSearchParams(params)}`);
  if (!j.items.length) throw new Error(`no mail for ${JSON.stringify(params)}`);
  return mail('GET', `messages/${j.items[0].id}`);
}

const incidents = await channelByName('incidents');
const from = Date.parse('2026-03-02T00:00:00-08:00') / 1000;
const to = Date.parse('2026-03-09T00:00:00-07:00') / 1000;
const declared = (await history(incidents.id, String(from))).filter((m) => Number(m.ts) < to).flatMap((m) => [...m.text.matchAll(/\*(INC-\d{4}-\d{3})\* declared/g)].map((x) => x[1])).sort();
const ask = await mailFind({ query: 'Platform weekly', from: 'tomasz' });
await mail('POST', `messages/${ask.id}/reply`, { comment: `Hi Tomasz,\n\nA first number while I write the weekly: ${declared.length} incidents last week (${declared.join(', ')}).\n\nMaya` });
const platform = await channelByName('team-platform');
await slack('chat.postMessage', { channel: platform.id, text: `Last week: ${declared.length} incidents (${declared.join(', ')}). The weekly follows.` });
