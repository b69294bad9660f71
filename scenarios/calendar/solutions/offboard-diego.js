// Reference solution: Offboard Diego — his access to my calendars, my series, his later one-offs to Emi

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

const diego = 'diego@harborlight.example';
const emi = 'emi@harborlight.example';
const afterLastDay = '2026-04-04T00:00:00-07:00'; // the Saturday after Friday April 3, Pacific

const list = await api('GET', '/users/me/calendarList?showHidden=true&minAccessRole=owner');
for (const cal of list.items) {
  // His own sharing rules (not the company-wide domain rule).
  const acl = await api('GET', `/calendars/${enc(cal.id)}/acl`);
  for (const rule of acl.items.filter((r) => r.scope.type === 'user' && r.scope.value === diego)) {
    await api('DELETE', `/calendars/${enc(cal.id)}/acl/${enc(rule.id)}`);
    console.log(`${cal.summary}: removed Diego's ${rule.role} access`);
  }

  // Series with an occurrence after his last day, and one-off meetings after it, that he is invited to.
  const page = await api('GET', `/calendars/${enc(cal.id)}/events?q=${enc(diego)}&timeMin=${enc(afterLastDay)}&maxResults=250`);
  for (const e of page.items.filter((x) => (x.attendees ?? []).some((a) => a.email === diego))) {
    const others = e.attendees.filter((a) => a.email !== diego);
    if (e.recurrence) {
      await api('PATCH', `/calendars/${enc(cal.id)}/events/${enc(e.id)}?sendUpdates=all`, { attendees: others });
      console.log(`${e.summary} (series): removed Diego`);
    } else if (!e.recurringEventId) {
      if (!others.some((a) => a.email === emi)) others.push({ email: emi });
      await api('PATCH', `/calendars/${enc(cal.id)}/events/${enc(e.id)}?sendUpdates=all`, { attendees: others });
      console.log(`${e.summary} on ${e.start.dateTime ?? e.start.date}: Emi instead of Diego`);
    }
  }
}
