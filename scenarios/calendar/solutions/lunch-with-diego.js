// Reference solution: Book lunch tomorrow

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
  summary: 'Lunch with Diego',
  start: { dateTime: '2026-03-26T12:30:00-07:00', timeZone: 'America/Los_Angeles' },
  end: { dateTime: '2026-03-26T13:30:00-07:00', timeZone: 'America/Los_Angeles' },
});
