// DM next week's Platform on-call engineer that the pager passes to them on Monday 16 March, with a link to the
// rebalance runbook.

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
async function slackUser(email) {
  return (await slack('users.lookupByEmail', { email })).user;
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
const gcal = (method, path, body) => call(`https://www.googleapis.com/calendar/v3/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
async function calendarNamed(summary) {
  const j = await gcal('GET', 'users/me/calendarList');
  const found = j.items.find((c) => c.summary === summary);
  if (!found) throw new Error(`no calendar "${summary}" in my calendar list`);
  return found;
}
async function eventsBetween(calendarId, timeMin, timeMax, q) {
  const params = new URLSearchParams({ timeMin, timeMax, singleEvents: 'true', orderBy: 'startTime', maxResults: '250', ...(q ? { q } : {}) });
  return (await gcal('GET', `calendars/${encodeURIComponent(calendarId)}/events?${params}`)).items;
}

const oncall = await calendarNamed('Platform On-call');
const [shift] = await eventsBetween(oncall.id, '2026-03-16T17:00:00Z', '2026-03-16T18:00:00Z');
const email = shift.description.match(/\(([^)]+@[^)]+)\)/)[1];
const runbook = await boxFind('Consumer group rebalance.md', 'file', 'Runbooks');
const link = await boxShare(runbook);
const user = await slackUser(email);
const { channel } = await slack('conversations.open', { users: user.id });
await slack('chat.postMessage', { channel: channel.id, text: `Hi ${user.profile.first_name ?? user.real_name}, the Platform pager passes to you on Monday 16 March. Rebalance runbook: ${link}` });
console.log(`Reminded ${user.real_name} (${shift.summary}).`);
