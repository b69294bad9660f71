// Reference solution: Clear out the all-day HOLD placeholders on every calendar I own

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
// "Today" in my own time zone (my primary calendar's): all-day events are dates, so compare dates, not instants.
const myZone = list.items.find((c) => c.primary).timeZone;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: myZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const done = { deleted: [], freed: [] };
for (const cal of list.items) {
  const page = await api('GET', `/calendars/${enc(cal.id)}/events?q=HOLD&singleEvents=true&maxResults=250`);
  const holds = page.items.filter((e) => e.start.date && /^HOLD\b/.test(e.summary ?? ''));
  for (const hold of holds) {
    // An all-day event's end date is exclusive: it is over once that date is today or earlier.
    if (hold.end.date <= today) {
      await api('DELETE', `/calendars/${enc(cal.id)}/events/${enc(hold.id)}`);
      done.deleted.push(`${hold.summary} (${cal.summary})`);
    } else if (hold.transparency !== 'transparent') {
      await api('PATCH', `/calendars/${enc(cal.id)}/events/${enc(hold.id)}`, { transparency: 'transparent' });
      done.freed.push(`${hold.summary} (${cal.summary})`);
    }
  }
}
console.log(`today is ${today}; deleted: ${done.deleted.join(', ')}`);
console.log(`now shown as free: ${done.freed.join(', ')}`);
