// Reference solution: End a series after a date

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

const ev = await eventNamed('primary', '1:1 Priya / Kenji');
const rule = ev.recurrence.find((r) => r.startsWith('RRULE:'));
await api('PATCH', `/calendars/primary/events/${ev.id}`, { recurrence: [`${rule};UNTIL=20260415T065959Z`] });
// "After April 14" in Priya's zone: 00:00Z would still hold the April 14 17:00 PDT meeting, which ends after it.
const inst = await api('GET', `/calendars/primary/events/${ev.id}/instances?timeMin=${enc('2026-04-15T00:00:00-07:00')}&timeMax=2026-12-31T00:00:00Z`);
if (inst.items.length) throw new Error('meetings remain after April 14');
