// Forward the resolved status-page mail about INC-2026-014 to Liam and Zoe, and say so in #support-escalations.

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
const mail = (method, path, body) => call(`https://api.mailhub.example/v1/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
/** The newest message matching a search (`query` words plus filters such as `from`). */
async function mailFind(params) {
  const j = await mail('GET', `messages/search?${new URLSearchParams(params)}`);
  if (!j.items.length) throw new Error(`no mail for ${JSON.stringify(params)}`);
  return mail('GET', `messages/${j.items[0].id}`);
}

const status = await mailFind({ query: 'Resolved Delayed event processing', folder_id: 'inbox' });
const people = (await mail('GET', `directory/people?${new URLSearchParams({ department: 'Support', page_size: '50' })}`)).items;
const to = ['Liam', 'Zoe'].map((first) => people.find((p) => p.display_name.startsWith(first)).email);
await mail('POST', `messages/${status.id}/forward`, { to, comment: 'FYI: the resolution notice for INC-2026-014 went out to customers.' });
const channel = await channelByName('support-escalations');
await slack('chat.postMessage', { channel: channel.id, text: 'The status page has announced that INC-2026-014 (EU ingest delays) is resolved; the notice is forwarded to Liam and Zoe.' });
