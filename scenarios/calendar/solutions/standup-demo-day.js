// Reference solution: Read a changed instance and book after it

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

const cal = await calendarNamed('Engineering');
const page = await api('GET', `/calendars/${enc(cal)}/events?singleEvents=true&timeMin=2026-04-02T00:00:00-04:00&timeMax=2026-04-03T00:00:00-04:00`);
const standup = page.items.find((e) => e.recurringEventId === 'eng_standup');
const end = Date.parse(standup.end.dateTime);
await api('POST', '/calendars/primary/events', { summary: 'Demo follow-up', start: { dateTime: new Date(end).toISOString() }, end: { dateTime: new Date(end + 1800000).toISOString() } });
