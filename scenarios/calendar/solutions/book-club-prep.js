// Reference solution: Find a monthly instance and book around it

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

async function calendarNamed(name) {
  const list = await api('GET', '/users/me/calendarList?showHidden=true');
  const found = list.items.find((c) => (c.summaryOverride ?? c.summary) === name || c.summary === name);
  if (!found) throw new Error(`no calendar named ${name}`);
  return found.id;
}

const cal = await calendarNamed('Book Club');
const page = await api('GET', `/calendars/${enc(cal)}/events?singleEvents=true&orderBy=startTime&timeMin=2026-04-01T00:00:00-07:00&timeMax=2026-05-01T00:00:00-07:00`);
const day = page.items[0].start.dateTime.slice(0, 10);
const before = new Date(Date.parse(day + 'T12:00:00Z') - 86400000).toISOString().slice(0, 10);
await api('POST', '/calendars/primary/events', {
  summary: 'Buy the book club book',
  start: { dateTime: `${before}T12:00:00-07:00`, timeZone: 'America/Los_Angeles' },
  end: { dateTime: `${before}T12:15:00-07:00`, timeZone: 'America/Los_Angeles' },
});
