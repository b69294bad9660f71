// Reference solution: Check-ins with the Berlin office next week, skipping whoever is out

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

const hourIn = (ms, timeZone) => {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return Number(p.hour) + Number(p.minute) / 60;
};
// Inside 08:00–18:00 local for the whole half hour.
const workingFor = (ms, zone) => hourIn(ms, zone) >= 8 && hourIn(ms + 1800000, zone) <= 18 && hourIn(ms + 1800000, zone) > hourIn(ms, zone);

const me = { email: 'priya@harborlight.example', zone: 'America/Los_Angeles' };
const berlin = ['Lena', 'Nora', 'Omar', 'Pavel'].map((name) => ({ name, email: `${name.toLowerCase()}@harborlight.example`, zone: 'Europe/Berlin' }));
// Next week: Monday 2026-03-30 00:00 to Saturday 2026-04-04 00:00 Pacific.
const from = '2026-03-30T07:00:00Z';
const to = '2026-04-04T07:00:00Z';

// Whoever has an out-of-office entry next week on the Out of Office calendar is skipped.
const list = await api('GET', '/users/me/calendarList?showHidden=true');
const ooo = list.items.find((c) => c.summary === 'Out of Office').id;
const away = await api('GET', `/calendars/${encodeURIComponent(ooo)}/events?singleEvents=true&timeMin=${from}&timeMax=${to}`);
const people = berlin.filter((p) => !away.items.some((e) => e.summary.startsWith(p.name)));
if (people.length !== 3) throw new Error(`expected one Berlin person out next week, booking ${people.map((p) => p.name)}`);
const booked = [];
for (const person of people) {
  const fb = await api('POST', '/freeBusy', { timeMin: from, timeMax: to, items: [{ id: me.email }, { id: person.email }] });
  const spans = [me.email, person.email].flatMap((id) => {
    if (fb.calendars[id].errors) throw new Error(`no free/busy for ${id}`);
    return fb.calendars[id].busy.map((b) => [Date.parse(b.start), Date.parse(b.end)]);
  });
  spans.push(...booked);
  let t = Date.parse(from);
  const free = (s) => !spans.some(([a, b]) => a < s + 1800000 && b > s);
  while (!(workingFor(t, me.zone) && workingFor(t, person.zone) && free(t))) {
    t += 1800000;
    if (t >= Date.parse(to)) throw new Error(`no slot with ${person.name}`);
  }
  const event = await api('POST', '/calendars/primary/events', {
    summary: `Check-in: Priya / ${person.name}`,
    start: { dateTime: new Date(t).toISOString() },
    end: { dateTime: new Date(t + 1800000).toISOString() },
    attendees: [{ email: person.email }],
  });
  if (Date.parse(event.start.dateTime) !== t) throw new Error(`check-in with ${person.name} landed at ${event.start.dateTime}`);
  booked.push([t, t + 1800000]);
  console.log(`check-in with ${person.name}: ${new Date(t).toISOString()}`);
}
