// Reference solution: Confirm a tentative event and retitle it

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

async function eventNamed(calendarId, text, params = '') {
  const page = await api('GET', `/calendars/${enc(calendarId)}/events?q=${enc(text)}${params}`);
  const found = page.items.find((e) => e.summary && e.summary.includes(text));
  if (!found) throw new Error(`no event matching ${text}`);
  return found;
}

const cal = await calendarNamed('Beacon 3.0 Launch');
const ev = await eventNamed(cal, 'Press briefing');
await api('PATCH', `/calendars/${enc(cal)}/events/${ev.id}`, { status: 'confirmed', summary: 'Press briefing' });
