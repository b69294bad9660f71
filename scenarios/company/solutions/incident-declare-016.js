// Declare the broker-disk problem (PLAT-107) as the next incident, with this week's on-call engineer as IC, and move
// the issue to In Progress, assigned to them, Urgent.

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
async function slackUser(email) {
  return (await slack('users.lookupByEmail', { email })).user;
}
async function history(channel, oldest) {
  const out = [];
  let cursor = '';
  do {
    const j = await slack('conversations.history', { channel, limit: '200', ...(oldest ? { oldest } : {}), ...(cursor ? { cursor } : {}) });
    out.push(...j.messages);
    cursor = j.response_metadata?.next_cursor ?? '';
  } while (cursor);
  return out;
}
const gcal = (method, path, body) => call(`https://www.googleapis.com/calendar/v3/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
async function calendarNamed(summary) {
  const j = await gcal('GET', 'users/me/calendarList');
  const found = j.items.find((c) => c.summary === summary);
  if (!found) throw new Error(`no calendar "${summary}" in my calendar list`);
  return found;
}
async function eventsBetween(calendarId, timeMin, timeMax, q) {
  const params = new URLSearchParams({ timeMin, timeMax, singleEvents: 'true', orderBy: 'startTime', maxResults: '250', ...(q ? { q } : {}) });
  return (await gcal('GET', `calendars/${encodeURIComponent(calendarId)}/events?${params}`)).items;
}
async function linear(query, variables = {}) {
  const j = await call('https://api.linear.app/graphql', { method: 'POST', body: JSON.stringify({ query, variables }) });
  if (j.errors?.length) throw new Error(`linear: ${j.errors[0].message}`);
  return j.data;
}

const incidents = await channelByName('incidents');
const messages = await history(incidents.id);
const numbers = messages.flatMap((m) => [...m.text.matchAll(/\*INC-2026-(\d{3})\* declared/g)].map((x) => Number(x[1])));
const next = `INC-2026-${String(Math.max(...numbers) + 1).padStart(3, '0')}`;
const oncall = await calendarNamed('Platform On-call');
// All-day events run Monday to the next Monday; today's is the one that covers now.
const [shift] = await eventsBetween(oncall.id, '2026-03-09T17:00:00Z', '2026-03-09T18:00:00Z');
const email = shift.description.match(/\(([^)]+@[^)]+)\)/)[1];
const ic = await slackUser(email);
const d = await linear(`query($email: String!) {
  issue(id: "PLAT-107") { id title team { states { nodes { id name } } } }
  users(filter: { email: { eq: $email } }) { nodes { id } }
}`, { email });
await slack('chat.postMessage', { channel: incidents.id, text: `:rotating_light: *${next}* declared — broker 3 disk above 85% on us-east (PLAT-107). <@${ic.id}> is IC.` });
await linear('mutation($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success } }', {
  id: d.issue.id, input: { stateId: d.issue.team.states.nodes.find((s) => s.name === 'In Progress').id, assigneeId: d.users.nodes[0].id, priority: 1 },
});
console.log(`${next} declared, IC ${ic.real_name}; PLAT-107 is In Progress and Urgent.`);
