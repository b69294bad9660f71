// Reference solution: Move an event to another day, same time

const BASE = 'https://www.googleapis.com/calendar/v3';

// Calls the Calendar API; returns the parsed body (null for 204) or throws with Google's error message.
async function api(method, path, body) {
  const res = await fetch(BASE + path, {
    method,
    headers: { Authorization: 'Bearer ya29.difflab', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 204) return null;
  const data = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${data.error.message}`);
  return data;
}
const enc = encodeURIComponent;

async function eventNamed(calendarId, text, params = '') {
  const page = await api('GET', `/calendars/${enc(calendarId)}/events?q=${enc(text)}${params}`);
  const found = page.items.find((e) => e.summary && e.summary.includes(text));
  if (!found) throw new Error(`no event matching ${text}`);
  return found;
}

const ev = await eventNamed('primary', 'Parcelwise');
await api('PATCH', `/calendars/primary/events/${ev.id}`, {
  start: { dateTime: '2026-03-31T11:00:00-07:00', timeZone: 'America/Los_Angeles' },
  end: { dateTime: '2026-03-31T12:00:00-07:00', timeZone: 'America/Los_Angeles' },
});
