// Lucía's first-day welcome: on the company calendar, by mail to her, and in #dublin-office.

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
async function slackUser(email) {
  return (await slack('users.lookupByEmail', { email })).user;
}
const gcal = (method, path, body) => call(`https://www.googleapis.com/calendar/v3/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
async function calendarNamed(summary) {
  const j = await gcal('GET', 'users/me/calendarList');
  const found = j.items.find((c) => c.summary === summary);
  if (!found) throw new Error(`no calendar "${summary}" in my calendar list`);
  return found;
}
const mail = (method, path, body) => call(`https://api.mailhub.example/v1/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
/** The instant of a wall-clock time (`2026-03-17`, `15:30`) in a time zone. */
function zonedUtc(day, hm, zone) {
  const guess = Date.parse(`${day}T${hm}:00Z`);
  const fmt = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  const p = Object.fromEntries(fmt.formatToParts(new Date(guess)).map((x) => [x.type, x.value]));
  const seen = Date.parse(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:00Z`);
  return new Date(guess - (seen - guess));
}

const people = (await mail('GET', `directory/people?${new URLSearchParams({ department: 'Engineering', page_size: '100' })}`)).items;
const [lucia, declan, beatriz] = ['Lucía Ferreira', 'Declan Byrne', 'Beatriz Santos'].map((n) => people.find((p) => p.display_name === n));
const start = zonedUtc('2026-03-16', '09:30', 'Europe/Dublin');
const company = await calendarNamed('Fernbrook Company');
await gcal('POST', `calendars/${encodeURIComponent(company.id)}/events?sendUpdates=all`, {
  summary: 'Welcome to Fernbrook, Lucía!', location: 'Dublin office',
  start: { dateTime: start.toISOString(), timeZone: 'Europe/Dublin' }, end: { dateTime: new Date(start.getTime() + 30 * 60e3).toISOString(), timeZone: 'Europe/Dublin' },
  attendees: [lucia, declan, beatriz].map((p) => ({ email: p.email, displayName: p.display_name })),
});
await mail('POST', 'messages/send', { to: [lucia.email], subject: 'Your first day', body: 'Hi Lucía,\n\nWelcome! On Monday 16 March at 09:30 we meet in the Dublin office with Declan and Beatriz for your welcome session (the invitation is in your calendar).\n\nPriya' });
const user = await slackUser(lucia.email);
const channel = await channelByName('general');
await slack('chat.postMessage', { channel: channel.id, text: `Please welcome <@${user.id}>, who joins Ingest on Monday 16 March!` });
