// Reference solution: Prep before a meeting after the DST change

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

async function calendarNamed(name) {
  const list = await api('GET', '/users/me/calendarList?showHidden=true');
  const found = list.items.find((c) => (c.summaryOverride ?? c.summary) === name || c.summary === name);
  if (!found) throw new Error(`no calendar named ${name}`);
  return found.id;
}

// Busy spans (ms) of each calendar between from and to, from freeBusy.query.
async function busy(ids, from, to) {
  const fb = await api('POST', '/freeBusy', { timeMin: from, timeMax: to, items: ids.map((id) => ({ id })) });
  return ids.flatMap((id) => fb.calendars[id].busy.map((b) => [Date.parse(b.start), Date.parse(b.end)]));
}
function firstFree(spans, from, to, minutes, stepMinutes = 15) {
  for (let t = Date.parse(from); t + minutes * 60000 <= Date.parse(to); t += stepMinutes * 60000) {
    const end = t + minutes * 60000;
    if (!spans.some(([s, e]) => s < end && e > t)) return [t, end];
  }
  throw new Error('no free slot');
}
// A UTC instant as local wall time with offset in a zone, via Intl.
function local(ms, timeZone) {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  const off = Math.round((wall - ms) / 60000);
  const sign = off < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(off) / 60)).padStart(2, '0');
  const mm = String(Math.abs(off) % 60).padStart(2, '0');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${sign}${hh}:${mm}`;
}

const cal = await calendarNamed('Design Studio');
const page = await api('GET', `/calendars/${enc(cal)}/events?singleEvents=true&timeMin=2026-04-02T00:00:00Z&timeMax=2026-04-03T00:00:00Z`);
const crit = page.items.find((e) => e.summary === 'Design critique');
const start = Date.parse(crit.start.dateTime);
await api('POST', '/calendars/primary/events', {
  summary: 'Prep for design crit',
  start: { dateTime: local(start - 1800000, 'America/Los_Angeles'), timeZone: 'America/Los_Angeles' },
  end: { dateTime: local(start, 'America/Los_Angeles'), timeZone: 'America/Los_Angeles' },
});
