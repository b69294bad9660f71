// Kieran is on call in the week of 23 March but leaves on the 13th: that week goes to Hugo, who is told by DM.

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
const [shift] = await eventsBetween(oncall.id, '2026-03-23T17:00:00Z', '2026-03-23T18:00:00Z');
const hugo = (await slack('users.list', { limit: '200' })).members.find((u) => u.real_name === 'Hugo Lefèvre');
await gcal('PATCH', `calendars/${encodeURIComponent(oncall.id)}/events/${shift.id}`, { summary: `On-call: ${hugo.real_name}`, description: `Primary: ${hugo.real_name} (${hugo.profile.email})` });
const { channel } = await slack('conversations.open', { users: hugo.id });
await slack('chat.postMessage', { channel: channel.id, text: 'Hi Hugo, Kieran leaves on the 13th, so you now have the Platform pager for the week of 23 March (instead of Kieran). Thank you!' });
