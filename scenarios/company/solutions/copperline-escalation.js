// Copperline is unhappy about duplicate webhooks: book a call, raise the Support issue, warn #sales, confirm to Daniel.

const HEADERS = { Authorization: 'Bearer difflab-token', 'Content-Type': 'application/json; charset=utf-8' };
async function call(url, init = {}) {
  const r = await fetch(url, { ...init, headers: { ...HEADERS, ...(init.headers ?? {}) } });
  const text = await r.text();
  if (!r.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${r.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}
async function slack(method, args = {}) {
  // Reads as GET with a query string, writes as POST with a JSON body.
  const read = /\.(list|history|replies|info|members|conversations|lookupByEmail|messages|get)$/.test(method);
  const url = `https://slack.com/api/${method}`;
  const j = read ? await call(`${url}?${new URLSearchParams(args)}`) : await call(url, { method: 'POST', body: JSON.stringify(args) });
  if (!j.ok) throw new Error(`${method}: ${j.error}`);
  return j;
}
async function channelByName(name) {
  let cursor = '';
  do {
    const j = await slack('conversations.list', { types: 'public_channel,private_channel', exclude_archived: 'true', limit: '200', ...(cursor ? { cursor } : {}) });
    const found = j.channels.find((c) => c.name === name);
    if (found) return found;
    cursor = j.response_metadata?.next_cursor ?? '';
  } while (cursor);
  throw new Error(`no channel #${name}`);
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

const complaint = await mailFind({ query: 'webhooks', from: 'daniel.osei' });
const me = await mail('GET', 'me');
const olivia = complaint.cc.find((p) => p.name === 'Olivia Brennan');
const start = zonedUtc('2026-03-10', '14:00', 'America/Chicago');
const end = new Date(start.getTime() + 30 * 60e3);
const customers = await calendarNamed('Customer Meetings');
await gcal('POST', `calendars/${encodeURIComponent(customers.id)}/events?sendUpdates=all`, {
  summary: 'Copperline: duplicate webhooks', start: { dateTime: start.toISOString(), timeZone: 'America/Chicago' }, end: { dateTime: end.toISOString(), timeZone: 'America/Chicago' },
  attendees: [complaint.from, olivia, { email: me.email, name: me.display_name }].map((p) => ({ email: p.email, displayName: p.name })),
});
const [issue] = await linearIssues({ team: { key: { eq: 'SUP' } }, labels: { some: { name: { eq: 'Copperline Retail' } } }, title: { containsIgnoreCase: 'webhook' } });
await linear('mutation($id: String!) { issueUpdate(id: $id, input: { priority: 1 }) { success } }', { id: issue.id });
const sales = await channelByName('sales');
await slack('chat.postMessage', { channel: sales.id, text: `Heads-up: Copperline's renewal is at risk over duplicate webhooks (${issue.identifier}, now Urgent). Call with Daniel Osei tomorrow, Tuesday 10 March, 14:00 Chicago time.` });
await mail('POST', `messages/${complaint.id}/reply`, { comment: `Hi Daniel,\n\nI am sorry about this. I have booked a call for tomorrow, Tuesday 10 March, at 14:00 your time with Olivia and me, and our support team has raised the issue to urgent.\n\nJonah` });
