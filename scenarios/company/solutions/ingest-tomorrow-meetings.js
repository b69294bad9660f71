// Post tomorrow's Ingest Team meetings (times in Dublin) in #team-ingest.

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
async function eventsBetween(calendarId, timeMin, timeMax, q) {
  const params = new URLSearchParams({ timeMin, timeMax, singleEvents: 'true', orderBy: 'startTime', maxResults: '250', ...(q ? { q } : {}) });
  return (await gcal('GET', `calendars/${encodeURIComponent(calendarId)}/events?${params}`)).items;
}

const ingest = await calendarNamed('Ingest Team');
const events = (await eventsBetween(ingest.id, '2026-03-10T00:00:00Z', '2026-03-11T00:00:00Z')).filter((e) => e.status !== 'cancelled');
const dublin = (t) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Dublin', hour: '2-digit', minute: '2-digit' }).format(new Date(t));
const standup = events.find((e) => e.summary === 'Ingest standup');
await gcal('PATCH', `calendars/${encodeURIComponent(ingest.id)}/events/${standup.id}`, { summary: 'Ingest standup + 3.8 code freeze check' });
standup.summary = 'Ingest standup + 3.8 code freeze check';
const lines = events.map((e) => `• ${dublin(e.start.dateTime)}–${dublin(e.end.dateTime)} ${e.summary}`);
const channel = await channelByName('team-ingest');
await slack('chat.postMessage', { channel: channel.id, text: `Tomorrow (Tuesday 10 March), Dublin time:\n${lines.join('\n')}` });
console.log(lines.join('\n'));
