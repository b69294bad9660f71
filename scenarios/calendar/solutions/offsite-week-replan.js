// Reference solution: Clear my recurring meetings out of the leadership offsite, moving the budget check-in to Friday

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

// The offsite is an all-day event: its end date is exclusive. Dates are read in Pacific time (my calendar's zone).
const found = await api('GET', `/calendars/${enc(company.id)}/events?q=${enc('offsite')}&singleEvents=true&timeMin=2026-03-25T00:00:00Z&orderBy=startTime`);
const offsite = found.items.find((e) => e.start.date && /leadership offsite/i.test(e.summary));
const zone = list.items.find((c) => c.primary).timeZone;
const offset = (date) => {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date(`${date}T12:00:00Z`)).find((p) => p.type === 'timeZoneName').value;
  return name.replace('GMT', '') || '+00:00';
};
const from = `${offsite.start.date}T00:00:00${offset(offsite.start.date)}`;
const to = `${offsite.end.date}T00:00:00${offset(offsite.end.date)}`;
console.log(`${offsite.summary}: ${from} to ${to}`);

const day = 86400000;
for (const cal of list.items) {
  const page = await api('GET', `/calendars/${enc(cal.id)}/events?singleEvents=true&orderBy=startTime&timeMin=${enc(from)}&timeMax=${enc(to)}`);
  // Occurrences of series, timed (on-call shifts are all-day and not meetings), that I organize.
  const meetings = page.items.filter((e) => e.recurringEventId && e.start.dateTime && e.organizer?.self);
  for (const m of meetings) {
    if (/budget check-in/i.test(m.summary)) {
      // The Friday right after the offsite (its exclusive end date is that Friday here), same wall-clock time.
      const shift = Math.round((Date.parse(`${offsite.end.date}T12:00:00Z`) - Date.parse(`${m.start.dateTime.slice(0, 10)}T12:00:00Z`)) / day) * day;
      const start = new Date(Date.parse(m.start.dateTime) + shift).toISOString();
      const end = new Date(Date.parse(m.end.dateTime) + shift).toISOString();
      await api('PATCH', `/calendars/${enc(cal.id)}/events/${enc(m.id)}`, { start: { dateTime: start, timeZone: m.start.timeZone }, end: { dateTime: end, timeZone: m.end.timeZone } });
      console.log(`moved ${m.summary} ${m.start.dateTime} -> ${start}`);
    } else {
      await api('DELETE', `/calendars/${enc(cal.id)}/events/${enc(m.id)}`);
      console.log(`cancelled ${m.summary} on ${m.start.dateTime} (${cal.summary})`);
    }
  }
}
