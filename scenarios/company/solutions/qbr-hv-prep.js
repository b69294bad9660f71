// Prepare the Harrow & Vale Q1 QBR: the first full hour on the days Imogen offered that suits Maya and you, booked on
// the Customer Meetings calendar with the latest deck attached; then reply to all with the time and an agenda of the
// customer's open Linear issues.

const HEADERS = { Authorization: 'Bearer difflab-token', 'Content-Type': 'application/json; charset=utf-8' };
async function call(url, init = {}) {
  const r = await fetch(url, { ...init, headers: { ...HEADERS, ...(init.headers ?? {}) } });
  const text = await r.text();
  if (!r.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${r.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}
const box = (method, path, body) => call(`https://api.box.com/2.0/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
/** The file's shared link, creating one with company access if it has none. */
async function boxShare(item) {
  if (item.shared_link) return item.shared_link.url;
  const j = await box('PUT', `${item.type}s/${item.id}?fields=shared_link`, { shared_link: { access: 'company' } });
  return j.shared_link.url;
}
const gcal = (method, path, body) => call(`https://www.googleapis.com/calendar/v3/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
async function calendarNamed(summary) {
  const j = await gcal('GET', 'users/me/calendarList');
  const found = j.items.find((c) => c.summary === summary);
  if (!found) throw new Error(`no calendar "${summary}" in my calendar list`);
  return found;
}
async function linear(query, variables = {}) {
  const j = await call('https://api.linear.app/graphql', { method: 'POST', body: JSON.stringify({ query, variables }) });
  if (j.errors?.length) throw new Error(`linear: ${j.errors[0].message}`);
  return j.data;
}
/** Every issue matching `filter`, following the pages. */
async function linearIssues(filter, fields = 'id identifier title priority state { name type } assignee { id name email } labels { nodes { name } }') {
  const out = [];
  let after = null;
  do {
    const d = await linear(`query($filter: IssueFilter, $after: String) { issues(filter: $filter, first: 100, after: $after) { nodes { ${fields} } pageInfo { hasNextPage endCursor } } }`, { filter, after });
    out.push(...d.issues.nodes);
    after = d.issues.pageInfo.hasNextPage ? d.issues.pageInfo.endCursor : null;
  } while (after);
  return out;
}
const mail = (method, path, body) => call(`https://api.mailhub.example/v1/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
/** The newest message matching a search (`query` words plus filters such as `from`). */
async function mailFind(params) {
  const j = await mail('GET', `messages/search?${new URLSearchParams(params)}`);
  if (!j.items.length) throw new Error(`no mail for ${JSON.stringify(params)}`);
  return mail('GET', `messages/${j.items[0].id}`);
}
/** The instant of a wall-clock time (`2026-03-17`, `15:30`) in a time zone. */
function zonedUtc(day, hm, zone) {
  const guess = Date.parse(`${day}T${hm}:00Z`);
  const fmt = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  const p = Object.fromEntries(fmt.formatToParts(new Date(guess)).map((x) => [x.type, x.value]));
  const seen = Date.parse(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:00Z`);
  return new Date(guess - (seen - guess));
}

const ask = await mailFind({ query: 'QBR dates', from: 'imogen' });
console.log(ask.body);
const me = await mail('GET', 'me');
const maya = ask.cc.find((p) => p.name === 'Maya Okonkwo');
const raj = ask.cc.find((p) => /harrowvale/.test(p.email) && p.email !== ask.from.email);
// "Tuesday 17, Wednesday 18 or Thursday 19 March … any full hour between 15:00 and 17:00 London time."
const days = ['2026-03-17', '2026-03-18', '2026-03-19'];
const fb = await gcal('POST', 'freeBusy', {
  timeMin: zonedUtc(days[0], '15:00', 'Europe/London').toISOString(), timeMax: zonedUtc(days[2], '17:00', 'Europe/London').toISOString(),
  items: [{ id: me.email }, { id: maya.email }],
});
const busy = Object.values(fb.calendars).flatMap((c) => c.busy.map((b) => [Date.parse(b.start), Date.parse(b.end)]));
const free = (s, e) => busy.every(([bs, be]) => be <= s || bs >= e);
let slot = null;
for (const day of days) {
  for (const hm of ['15:00', '15:30', '16:00']) {
    const s = zonedUtc(day, hm, 'Europe/London').getTime();
    if (!slot && free(s, s + 36e5)) slot = { day, hm, start: new Date(s), end: new Date(s + 36e5) };
  }
}
if (!slot) throw new Error('no common hour');
const decks = (await box('GET', `search?${new URLSearchParams({ query: 'QBR 2026-Q1 deck', type: 'file', fields: 'name,path_collection,shared_link', limit: '50' })}`)).entries
  .filter((f) => f.path_collection.entries.some((p) => p.name === 'Harrow & Vale'));
const deck = decks.sort((a, b) => Number(b.name.match(/v(\d+)/)?.[1] ?? 0) - Number(a.name.match(/v(\d+)/)?.[1] ?? 0))[0];
const deckLink = await boxShare(deck);
const customers = await calendarNamed('Customer Meetings');
await gcal('POST', `calendars/${encodeURIComponent(customers.id)}/events?sendUpdates=all&supportsAttachments=true`, {
  summary: 'Harrow & Vale Q1 QBR',
  start: { dateTime: slot.start.toISOString(), timeZone: 'Europe/London' }, end: { dateTime: slot.end.toISOString(), timeZone: 'Europe/London' },
  attendees: [ask.from, raj, maya, { email: me.email, name: me.display_name }].map((p) => ({ email: p.email, displayName: p.name })),
  attachments: [{ fileUrl: deckLink, title: deck.name }],
});
const open = await linearIssues({ labels: { some: { name: { eq: 'Harrow & Vale' } } }, state: { type: { nin: ['completed', 'canceled'] } } });
const when = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }).format(slot.start);
await mail('POST', `messages/${ask.id}/reply-all`, {
  comment: `Hi Imogen,\n\nThe QBR is booked for ${when} London time (one hour); the invitation is on its way.\n\nAgenda:\n1. Usage this quarter\n2. Open issues:\n${open.map((i) => `   - ${i.identifier} ${i.title} (${i.state.name})`).join('\n')}\n3. Roadmap and renewal\n\nBest,\nJonah`,
});
console.log(`Booked ${when}; deck ${deck.name}; ${open.length} open issues.`);
