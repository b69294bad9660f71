// Reference solution: An event set in Tokyo time with guests

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
  summary: 'APAC pricing review',
  start: { dateTime: '2026-03-31T09:00:00+09:00', timeZone: 'Asia/Tokyo' },
  end: { dateTime: '2026-03-31T09:45:00+09:00', timeZone: 'Asia/Tokyo' },
  attendees: [{ email: 'kenji@harborlight.example' }, { email: 'emi@harborlight.example' }],
});
