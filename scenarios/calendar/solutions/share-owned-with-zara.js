// Reference solution: Give Zara read access wherever the company can't already read

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

const zara = 'zara@harborlight.example';
const list = await api('GET', '/users/me/calendarList?showHidden=true&minAccessRole=owner');
const shared = list.items.filter((c) => !c.primary);
const rank = { none: 0, freeBusyReader: 1, reader: 2, writer: 3, owner: 4 };
const granted = [];
for (const cal of shared) {
  const acl = await api('GET', `/calendars/${enc(cal.id)}/acl`);
  const domainReads = acl.items.some((r) => r.scope.type === 'domain' && rank[r.role] >= rank.reader);
  const zaraReads = acl.items.some((r) => r.scope.type === 'user' && r.scope.value === zara && rank[r.role] >= rank.reader);
  if (domainReads || zaraReads) continue;
  const rule = await api('POST', `/calendars/${enc(cal.id)}/acl?sendNotifications=false`, { role: 'reader', scope: { type: 'user', value: zara } });
  if (rule.role !== 'reader') throw new Error(`${cal.summary}: Zara got ${rule.role}`);
  granted.push(cal.summary);
}
console.log(`Zara can now read: ${granted.join(', ')}`);
if (granted.length !== 4) throw new Error(`expected 4 calendars to share, shared ${granted.length}`);
