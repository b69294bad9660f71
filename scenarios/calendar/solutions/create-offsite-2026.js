// Reference solution: Create a calendar and share it

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

const cal = await api('POST', '/calendars', { summary: 'Offsite 2026', description: 'Planning for the April offsite', timeZone: 'Europe/Lisbon' });
await api('POST', `/calendars/${enc(cal.id)}/acl`, { role: 'writer', scope: { type: 'user', value: 'joao@harborlight.example' } });
