// Reference solution: Delete placeholder drafts

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

const page = await api('GET', `/calendars/primary/events?q=DRAFT&maxResults=2500`);
for (const ev of page.items.filter((e) => e.summary?.startsWith('DRAFT'))) await api('DELETE', `/calendars/primary/events/${ev.id}`);
