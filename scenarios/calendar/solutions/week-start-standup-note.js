// Reference solution: Read a setting and act on it

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

const setting = await api('GET', '/users/me/settings/weekStart');
const first = Number(setting.value); // 0 Sunday, 1 Monday, 6 Saturday
const today = new Date('2026-03-25T12:00:00Z');
let d = new Date(today.getTime() + 86400000);
while (d.getUTCDay() !== first) d = new Date(d.getTime() + 86400000);
const day = d.toISOString().slice(0, 10);
const next = new Date(d.getTime() + 86400000).toISOString().slice(0, 10);
await api('POST', '/calendars/primary/events', { summary: 'Plan the week', start: { date: day }, end: { date: next } });
