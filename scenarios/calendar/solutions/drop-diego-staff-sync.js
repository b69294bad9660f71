// Reference solution: Remove a guest from a recurring series

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

const ev = await eventNamed('primary', 'Weekly staff sync');
await api('PATCH', `/calendars/primary/events/${ev.id}`, { attendees: ev.attendees.filter((a) => a.email !== 'diego@harborlight.example') });
