// Reference solution: Q2 reviews with six department heads on the Board calendar, each with a prep block for me

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

const hourIn = (ms, timeZone) => {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return Number(p.hour) + Number(p.minute) / 60;
};
const min = 60000;
// [ms, ms + length) lies inside 08:00–18:00 local, on one day.
const working = (ms, length, zone) => hourIn(ms, zone) >= 8 && hourIn(ms + length, zone) <= 18 && hourIn(ms + length, zone) > hourIn(ms, zone);

const me = { email: 'priya@harborlight.example', zone: 'America/Los_Angeles' };
const helena = { email: 'helena@harborlight.example', zone: 'America/Los_Angeles' };
const heads = [
  ['Marco', 'America/New_York'], ['Grace', 'America/New_York'], ['Hannah', 'America/New_York'],
  ['Fatima', 'Europe/Lisbon'], ['Chidi', 'Africa/Lagos'], ['Kenji', 'Asia/Tokyo'],
].map(([name, zone]) => ({ name, zone, email: `${name.toLowerCase()}@harborlight.example` }));

const list = await api('GET', '/users/me/calendarList?showHidden=true');
const board = list.items.find((c) => c.summary === 'Board & Investors').id;

// The week of April 13: Monday 00:00 to Saturday 00:00 Pacific.
const from = '2026-04-13T07:00:00Z';
const to = '2026-04-18T07:00:00Z';
const review = 45 * min;
const prep = 30 * min;
const booked = []; // the reviews already placed (on the Board calendar, which my free/busy does not show)
for (const head of heads) {
  const fb = await api('POST', '/freeBusy', { timeMin: from, timeMax: to, items: [me, helena, head].map((p) => ({ id: p.email })) });
  const busy = (p) => {
    if (fb.calendars[p.email].errors) throw new Error(`no free/busy for ${p.email}`);
    return fb.calendars[p.email].busy.map((b) => [Date.parse(b.start), Date.parse(b.end)]);
  };
  const mine = [...busy(me), ...booked];
  const theirs = [...busy(helena), ...busy(head), ...booked];
  const free = (spans, a, b) => !spans.some(([s, e]) => s < b && e > a);
  let t = Date.parse(from);
  const fits = (t) =>
    [me, helena, head].every((p) => working(t, review, p.zone)) && working(t - prep, prep, me.zone) && free(theirs, t, t + review) && free(mine, t - prep, t + review);
  while (!fits(t)) {
    t += prep;
    if (t >= Date.parse(to)) throw new Error(`no slot for ${head.name}`);
  }
  await api('POST', `/calendars/${enc(board)}/events?sendUpdates=all`, {
    summary: `Q2 review: ${head.name}`,
    start: { dateTime: new Date(t).toISOString(), timeZone: me.zone },
    end: { dateTime: new Date(t + review).toISOString(), timeZone: me.zone },
    attendees: [{ email: me.email }, { email: helena.email }, { email: head.email }],
  });
  await api('POST', '/calendars/primary/events', {
    summary: `Prep: Q2 review with ${head.name}`,
    start: { dateTime: new Date(t - prep).toISOString(), timeZone: me.zone },
    end: { dateTime: new Date(t).toISOString(), timeZone: me.zone },
  });
  booked.push([t, t + review]);
  console.log(`${head.name}: review ${new Date(t).toISOString()}, prep from ${new Date(t - prep).toISOString()}`);
}
