// Reference solution: Cancel my recurring meetings' occurrences on this year's remaining company holidays

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
const company = list.items.find((c) => c.summary === 'Company Events');
const now = new Date().toISOString();
const endOfYear = '2027-01-01T00:00:00-08:00';

// The holidays ahead: all-day "Company holiday" entries; an all-day event covers [start.date, end.date).
const found = await api('GET', `/calendars/${enc(company.id)}/events?q=${enc('Company holiday')}&singleEvents=true&orderBy=startTime&timeMin=${enc(now)}&timeMax=${enc(endOfYear)}&maxResults=250`);
const holidays = new Map();
for (const h of found.items.filter((e) => e.start.date)) {
  for (let d = h.start.date; d < h.end.date; d = new Date(Date.parse(d + 'T00:00:00Z') + 86400000).toISOString().slice(0, 10)) holidays.set(d, h.summary);
}
console.log(`holidays: ${[...holidays.keys()].join(', ')}`);

// A meeting's day is its local date in its own time zone.
const localDate = (dateTime, timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(dateTime));
let cancelled = 0;
for (const cal of list.items) {
  const page = await api('GET', `/calendars/${enc(cal.id)}/events?singleEvents=true&orderBy=startTime&timeMin=${enc(now)}&timeMax=${enc(endOfYear)}&maxResults=2500`);
  if (page.nextPageToken) throw new Error(`${cal.summary}: more than one page`);
  // Timed occurrences of series I organize (on-call shifts are all-day and not meetings).
  for (const e of page.items.filter((x) => x.recurringEventId && x.start.dateTime && x.organizer?.self)) {
    const day = localDate(e.start.dateTime, e.start.timeZone ?? cal.timeZone);
    if (!holidays.has(day)) continue;
    await api('DELETE', `/calendars/${enc(cal.id)}/events/${enc(e.id)}`);
    console.log(`cancelled ${e.summary} on ${day} (${holidays.get(day)})`);
    cancelled++;
  }
}
if (cancelled !== 9) throw new Error(`expected 9 occurrences on holidays, cancelled ${cancelled}`);
