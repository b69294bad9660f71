// Reference solution: A weekly series with a fixed number of meetings

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

await api('POST', '/calendars/primary/events', {
  summary: '1:1 Priya / Grace',
  start: { dateTime: '2026-04-02T14:00:00-07:00', timeZone: 'America/Los_Angeles' },
  end: { dateTime: '2026-04-02T14:30:00-07:00', timeZone: 'America/Los_Angeles' },
  recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=6'],
  attendees: [{ email: 'grace@harborlight.example' }],
});
