// Move the 3.8 go/no-go a day later at the same time (attendees notified), then tell #conduit-releases and mail Elena.

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
const mail = (method, path, body) => call(`https://api.mailhub.example/v1/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });

const releases = await calendarNamed('Releases');
const [meeting] = await eventsBetween(releases.id, '2026-03-09T00:00:00Z', '2026-03-21T00:00:00Z', 'Conduit 3.8 go/no-go');
const later = (t) => ({ dateTime: new Date(Date.parse(t.dateTime) + 864e5).toISOString().replace('.000Z', 'Z'), timeZone: t.timeZone });
const moved = await gcal('PATCH', `calendars/${encodeURIComponent(releases.id)}/events/${meeting.id}?sendUpdates=all`, { start: later(meeting.start), end: later(meeting.end) });
const when = `Friday 13 March, ${moved.start.dateTime.slice(11, 16)} UTC`;
const channel = await channelByName('conduit-releases');
await slack('chat.postMessage', { channel: channel.id, text: `The 3.8 go/no-go moves to ${when}. Calendar invites are updated.` });
const elena = meeting.attendees.find((a) => /^elena\./.test(a.email));
await mail('POST', 'messages/send', { to: [elena.email], subject: '3.8 go/no-go moved to Friday', body: `Hi Elena,\n\nThe Conduit 3.8 go/no-go moved from Thursday to ${when}; the invitation is updated.\n\nDeclan` });
console.log(`go/no-go now ${moved.start.dateTime}`);
