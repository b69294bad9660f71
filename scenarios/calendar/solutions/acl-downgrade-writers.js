// Reference solution: Downgrade writers to readers on every calendar I own

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

const list = await api('GET', '/users/me/calendarList?showHidden=true&minAccessRole=owner');
const me = 'priya@harborlight.example';
let changed = 0;
for (const cal of list.items) {
  const acl = await api('GET', `/calendars/${enc(cal.id)}/acl`);
  for (const rule of acl.items) {
    if (rule.role !== 'writer' || rule.scope.type !== 'user' || rule.scope.value === me) continue;
    const after = await api('PATCH', `/calendars/${enc(cal.id)}/acl/${enc(rule.id)}`, { role: 'reader' });
    if (after.role !== 'reader') throw new Error(`${rule.id} on ${cal.summary} is still ${after.role}`);
    console.log(`${cal.summary}: ${rule.scope.value} writer -> reader`);
    changed++;
  }
}
if (changed !== 5) throw new Error(`expected 5 writers on my calendars, downgraded ${changed}`);
