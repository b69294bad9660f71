// Reference solution: A weekday series with an end date

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

const cal = await calendarNamed('Beacon 3.0 Launch');
const series = await api('POST', `/calendars/${enc(cal)}/events`, {
  summary: 'Launch war room',
  start: { dateTime: '2026-04-06T08:30:00-07:00', timeZone: 'America/Los_Angeles' },
  end: { dateTime: '2026-04-06T09:00:00-07:00', timeZone: 'America/Los_Angeles' },
  recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20260415T065959Z'],
});
const inst = await api('GET', `/calendars/${enc(cal)}/events/${series.id}/instances`);
if (inst.items.length !== 7) throw new Error(`expected 7 war rooms, got ${inst.items.length}`);
