// Reference solution: Move the engineering standups of the holiday week an hour earlier

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

const list = await api('GET', '/users/me/calendarList?showHidden=true');
const calendar = (name) => list.items.find((c) => c.summary === name).id;
const company = calendar('Company Events');
const engineering = calendar('Engineering');

// The company holiday ahead of us, and the Monday–Friday week (New York time) it falls in.
const holidays = await api('GET', `/calendars/${enc(company)}/events?singleEvents=true&orderBy=startTime&q=holiday&timeMin=2026-03-25T00:00:00Z&maxResults=1`);
const holiday = holidays.items[0];
const day = new Date(holiday.start.date + 'T12:00:00Z');
const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86400000).toISOString().slice(0, 10);
const saturday = new Date(Date.parse(monday) + 5 * 86400000).toISOString().slice(0, 10);
console.log(`${holiday.summary} on ${holiday.start.date}: week ${monday} to ${saturday}`);

// The standup series and its instances that week (cancelled ones are not returned).
const found = await api('GET', `/calendars/${enc(engineering)}/events?q=${enc('Engineering standup')}&maxResults=10`);
const series = found.items.find((e) => e.recurrence);
const range = `timeMin=${monday}T00:00:00-04:00&timeMax=${saturday}T00:00:00-04:00`;
const instances = await api('GET', `/calendars/${enc(engineering)}/events/${enc(series.id)}/instances?${range}`);
const hour = 3600000;
for (const inst of instances.items) {
  const start = Date.parse(inst.start.dateTime) - hour;
  const end = Date.parse(inst.end.dateTime) - hour;
  await api('PATCH', `/calendars/${enc(engineering)}/events/${enc(inst.id)}`, {
    start: { dateTime: new Date(start).toISOString(), timeZone: 'America/New_York' },
    end: { dateTime: new Date(end).toISOString(), timeZone: 'America/New_York' },
  });
  console.log(`${inst.summary}: ${inst.start.dateTime} -> ${new Date(start).toISOString()}`);
}
const after = await api('GET', `/calendars/${enc(engineering)}/events/${enc(series.id)}/instances?${range}`);
if (after.items.length !== instances.items.length || after.items.some((e, i) => Date.parse(e.start.dateTime) !== Date.parse(instances.items[i].start.dateTime) - hour)) {
  throw new Error('the week does not read back an hour earlier');
}
