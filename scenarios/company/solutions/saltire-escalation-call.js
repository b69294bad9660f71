// Book a call with Fiona tomorrow at 14:00 London, reply to her with the time, and post it in #cs-saltire.

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
const gcal = (method, path, body) => call(`https://www.googleapis.com/calendar/v3/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
async function calendarNamed(summary) {
  const j = await gcal('GET', 'users/me/calendarList');
  const found = j.items.find((c) => c.summary === summary);
  if (!found) throw new Error(`no calendar "${summary}" in my calendar list`);
  return found;
}
const mail = (method, path, body) => call(`https://api.mailhub.example/v1/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
/** The newest message matching a search (`query` words plus filters such as `from`). */
async function mailFind(params) {
  const j = await mail('GET', `messages/search?${new URLSearchParams(params)}`);
  if (!j.items.length) throw new Error(`no mail for ${JSON.stringify(params)}`);
  return mail('GET', `messages/${j.items[0].id}`);
}
/** The instant of a wall-clock time (`2026-03-17`, `15:30`) in a time zone. */
function zonedUtc(day, hm, zone) {
  const guess = Date.parse(`${day}T${hm}:00Z`);
  const fmt = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  const p = Object.fromEntries(fmt.formatToParts(new Date(guess)).map((x) => [x.type, x.value]));
  const seen = Date.parse(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:00Z`);
  return new Date(guess - (seen - guess));
}

const fiona = await mailFind({ query: 'log in Console', from: 'fiona' });
const me = await mail('GET', 'me');
const liam = (await mail('GET', `directory/people?${new URLSearchParams({ q: 'Liam' })}`)).items[0];
const start = zonedUtc('2026-03-10', '14:00', 'Europe/London');
const customers = await calendarNamed('Customer Meetings');
await gcal('POST', `calendars/${encodeURIComponent(customers.id)}/events?sendUpdates=all`, {
  summary: 'Saltire: Console login follow-up', start: { dateTime: start.toISOString(), timeZone: 'Europe/London' }, end: { dateTime: new Date(start.getTime() + 30 * 60e3).toISOString(), timeZone: 'Europe/London' },
  attendees: [{ email: fiona.from.email, displayName: fiona.from.name }, { email: liam.email, displayName: liam.display_name }, { email: me.email, displayName: me.display_name }],
});
await mail('POST', `messages/${fiona.id}/reply`, { comment: 'Hi Fiona,\n\nI have booked a call for tomorrow, Tuesday 10 March, at 14:00 London time with Liam and me to walk through the fix.\n\nFarah' });
const channel = await channelByName('cs-saltire');
await slack('chat.postMessage', { channel: channel.id, text: 'Call with Fiona about the Console login problem: tomorrow (Tuesday 10 March) 14:00 London, with Liam.' });
