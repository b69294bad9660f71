// Reference solution: Import an external invite by iCalUID

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

await api('POST', '/calendars/primary/events/import', {
  iCalUID: 'kickoff-7781@parcelwise.example',
  summary: 'Parcelwise kickoff',
  organizer: { email: 'ana@parcelwise.example' },
  start: { dateTime: '2026-04-08T10:00:00+01:00', timeZone: 'Europe/Lisbon' },
  end: { dateTime: '2026-04-08T11:00:00+01:00', timeZone: 'Europe/Lisbon' },
});
