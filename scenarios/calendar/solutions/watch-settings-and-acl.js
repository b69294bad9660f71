// Reference solution: Watch settings and an ACL

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

const address = 'https://hooks.harborlight.example/calendar/audit';
await api('POST', '/users/me/settings/watch', { id: 'priya-settings', type: 'web_hook', address });
const cal = await calendarNamed('Interviews');
await api('POST', `/calendars/${enc(cal)}/acl/watch`, { id: 'interviews-acl', type: 'web_hook', address });
