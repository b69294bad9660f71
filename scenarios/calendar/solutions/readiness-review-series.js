// Reference solution: A weekly review series with guests, one meeting moved for launch week

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

const list = await api('GET', '/users/me/calendarList?showHidden=true');
const launch = list.items.find((c) => c.summary === 'Beacon 3.0 Launch').id;
const found = await api('GET', `/calendars/${enc(launch)}/events?q=${enc('launch day')}&singleEvents=true`);
const launchDay = found.items.find((e) => e.start.date).start.date; // all-day: YYYY-MM-DD
const dayAfter = new Date(Date.parse(launchDay + 'T12:00:00Z') + 86400000).toISOString().slice(0, 10);

const tz = 'America/Los_Angeles';
const series = await api('POST', `/calendars/${enc(launch)}/events?sendUpdates=all`, {
  summary: 'Launch readiness review',
  start: { dateTime: '2026-04-02T10:00:00-07:00', timeZone: tz },
  end: { dateTime: '2026-04-02T10:45:00-07:00', timeZone: tz },
  recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=4'],
  attendees: ['grace', 'hannah', 'ines'].map((n) => ({ email: `${n}@harborlight.example` })),
});
// The meeting in launch week (Monday to Sunday around launch day) moves to the day after launch, same time.
const day = Date.parse(launchDay + 'T12:00:00Z');
const monday = new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * 86400000).toISOString().slice(0, 10);
const nextMonday = new Date(Date.parse(monday) + 7 * 86400000).toISOString().slice(0, 10);
const { items } = await api('GET', `/calendars/${enc(launch)}/events/${enc(series.id)}/instances?timeMin=${monday}T00:00:00-07:00&timeMax=${nextMonday}T00:00:00-07:00`);
if (items.length !== 1) throw new Error(`expected one review in launch week, found ${items.length}`);
const moved = await api('PATCH', `/calendars/${enc(launch)}/events/${enc(items[0].id)}?sendUpdates=all`, {
  start: { dateTime: `${dayAfter}T10:00:00-07:00`, timeZone: tz },
  end: { dateTime: `${dayAfter}T10:45:00-07:00`, timeZone: tz },
});
const check = await api('GET', `/calendars/${enc(launch)}/events/${enc(moved.id)}`);
if (Date.parse(check.start.dateTime) !== Date.parse(`${dayAfter}T17:00:00Z`)) throw new Error(`moved review reads ${check.start.dateTime}`);
console.log(`series ${series.id}; launch day ${launchDay}; ${items[0].start.dateTime} -> ${check.start.dateTime}`);
