// Reference solution: Cover Grace's parental leave — Out of Office, Hannah's edit access, Hannah in her meetings

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

const grace = 'grace@harborlight.example';
const hannah = 'hannah@harborlight.example';
// Monday April 13 to Friday April 24 inclusive; in Pacific time (PDT, UTC-7) for my calendars.
const first = '2026-04-13';
const endExclusive = '2026-04-25';
const from = `${first}T00:00:00-07:00`;
const to = `${endExclusive}T00:00:00-07:00`;

const list = await api('GET', '/users/me/calendarList?showHidden=true');
const byName = (name) => list.items.find((c) => c.summary === name);

// 1. One all-day entry on Out of Office (the end date is exclusive).
await api('POST', `/calendars/${enc(byName('Out of Office').id)}/events`, {
  summary: 'Grace — parental leave',
  start: { date: first },
  end: { date: endExclusive },
  transparency: 'transparent',
});

// 2. Where Grace can edit a shared calendar I own, Hannah can too.
const rank = { none: 0, freeBusyReader: 1, reader: 2, writer: 3, owner: 4 };
for (const cal of list.items.filter((c) => c.accessRole === 'owner' && !c.primary)) {
  const acl = await api('GET', `/calendars/${enc(cal.id)}/acl`);
  const rule = (who) => acl.items.find((r) => r.scope.type === 'user' && r.scope.value === who);
  if (!rule(grace) || rank[rule(grace).role] < rank.writer) continue;
  const hers = rule(hannah);
  if (hers && rank[hers.role] >= rank.writer) continue;
  if (hers) await api('PATCH', `/calendars/${enc(cal.id)}/acl/${enc(hers.id)}`, { role: 'writer' });
  else await api('POST', `/calendars/${enc(cal.id)}/acl`, { role: 'writer', scope: { type: 'user', value: hannah } });
  console.log(`${cal.summary}: Hannah can edit (${hers ? 'was ' + hers.role : 'new'})`);
}

// 3. Occurrences during the leave on my calendar and the Launch calendar: Hannah instead of Grace.
for (const cal of [list.items.find((c) => c.primary), byName('Beacon 3.0 Launch')]) {
  const page = await api('GET', `/calendars/${enc(cal.id)}/events?singleEvents=true&orderBy=startTime&timeMin=${enc(from)}&timeMax=${enc(to)}`);
  for (const e of page.items) {
    if (!(e.attendees ?? []).some((a) => a.email === grace)) continue;
    const attendees = e.attendees.filter((a) => a.email !== grace);
    if (!attendees.some((a) => a.email === hannah)) attendees.push({ email: hannah });
    await api('PATCH', `/calendars/${enc(cal.id)}/events/${enc(e.id)}?sendUpdates=all`, { attendees });
    console.log(`${e.summary} ${e.start.dateTime ?? e.start.date}: Grace -> Hannah`);
  }
}
