// Reference solution: Onboard Rosa — Arjun's sharing, the standup series, four intros in her first week

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

const rosa = 'rosa@harborlight.example';
const arjun = 'arjun@harborlight.example';

// 1. On each shared calendar I own, Rosa gets the role Arjun has there.
const list = await api('GET', '/users/me/calendarList?showHidden=true');
for (const cal of list.items.filter((c) => c.accessRole === 'owner' && !c.primary)) {
  const acl = await api('GET', `/calendars/${enc(cal.id)}/acl`);
  const his = acl.items.find((r) => r.scope.type === 'user' && r.scope.value === arjun);
  if (!his) continue;
  await api('POST', `/calendars/${enc(cal.id)}/acl?sendNotifications=false`, { role: his.role, scope: { type: 'user', value: rosa } });
  console.log(`${cal.summary}: Rosa is ${his.role}, like Arjun`);
}

// 2. The Engineering standup series: add her to the guest list, keeping everyone else.
const engineering = list.items.find((c) => c.summary === 'Engineering').id;
const found = await api('GET', `/calendars/${enc(engineering)}/events?q=${enc('Engineering standup')}`);
const standup = found.items.find((e) => e.recurrence);
await api('PATCH', `/calendars/${enc(engineering)}/events/${enc(standup.id)}?sendUpdates=all`, { attendees: [...(standup.attendees ?? []), { email: rosa }] });
console.log(`added Rosa to ${standup.summary}`);

// 3. Intros in her first week (Monday March 30 – Friday April 3), in the order asked.
const hourIn = (ms, timeZone) => {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return Number(p.hour) + Number(p.minute) / 60;
};
const half = 1800000;
const working = (ms, zone) => hourIn(ms, zone) >= 9 && hourIn(ms + half, zone) <= 17 && hourIn(ms + half, zone) > hourIn(ms, zone);
const people = [
  { name: 'Arjun', email: arjun, zone: 'Asia/Kolkata' },
  { name: 'Pavel', email: 'pavel@harborlight.example', zone: 'Europe/Berlin' },
  { name: 'Marco', email: 'marco@harborlight.example', zone: 'America/New_York' },
  { name: 'Omar', email: 'omar@harborlight.example', zone: 'Europe/Berlin' },
];
const from = '2026-03-29T22:00:00Z'; // Monday 00:00 Berlin (summer time from March 29)
const to = '2026-04-03T22:00:00Z'; // Saturday 00:00 Berlin
const fb = await api('POST', '/freeBusy', { timeMin: from, timeMax: to, items: people.map((p) => ({ id: p.email })) });
const rosaBusy = [];
for (const person of people) {
  if (fb.calendars[person.email].errors) throw new Error(`no free/busy for ${person.name}`);
  const busy = [...fb.calendars[person.email].busy.map((b) => [Date.parse(b.start), Date.parse(b.end)]), ...rosaBusy];
  let t = Date.parse(from);
  const free = (s) => !busy.some(([a, b]) => a < s + half && b > s);
  while (!(working(t, 'Europe/Berlin') && working(t, person.zone) && free(t))) {
    t += half;
    if (t >= Date.parse(to)) throw new Error(`no slot for Rosa and ${person.name}`);
  }
  await api('POST', `/calendars/${enc(engineering)}/events?sendUpdates=all`, {
    summary: `Intro: Rosa / ${person.name}`,
    start: { dateTime: new Date(t).toISOString(), timeZone: 'Europe/Berlin' },
    end: { dateTime: new Date(t + half).toISOString(), timeZone: 'Europe/Berlin' },
    attendees: [{ email: rosa }, { email: person.email }],
  });
  rosaBusy.push([t, t + half]);
  console.log(`intro with ${person.name}: ${new Date(t).toISOString()}`);
}
