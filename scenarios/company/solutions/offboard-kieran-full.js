// Offboard Kieran Walsh (last day Friday 13 March) by the offboarding checklist in Box, as announced in #team-platform.

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
const box = (method, path, body) => call(`https://api.box.com/2.0/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
/** The one item called `name` (a file or folder) whose path contains `under`, by search. */
async function boxFind(name, type, under = '') {
  const j = await box('GET', `search?${new URLSearchParams({ query: `"${name}"`, type, limit: '50', fields: 'name,path_collection,parent,shared_link,type' })}`);
  const hits = j.entries.filter((e) => e.name === name && e.path_collection.entries.map((p) => p.name).join('/').includes(under));
  if (hits.length !== 1) throw new Error(`box: ${hits.length} items called "${name}" under "${under}"`);
  return hits[0];
}
async function boxText(fileId) {
  const r = await fetch(`https://api.box.com/2.0/files/${fileId}/content`, { headers: HEADERS });
  if (!r.ok) throw new Error(`download ${fileId}: ${r.status}`);
  return r.text();
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

const checklist = await boxText((await boxFind('Offboarding checklist.md', 'file', 'People/Offboarding')).id);
console.log(checklist);
const platform = await channelByName('team-platform');
const announcement = (await history(platform.id)).find((m) => /takes over his open issues/.test(m.text));
const [, takerId, exception, exceptionTakerId] = announcement.text.match(/<@(\w+)> takes over his open issues, except ([A-Z]+-\d+).*?goes to <@(\w+)>/);
const info = async (id) => (await slack('users.info', { user: id })).user;
const [taker, exceptionTaker] = [await info(takerId), await info(exceptionTakerId)];
const kieran = (await slack('users.list', { limit: '200' })).members.find((u) => u.real_name === 'Kieran Walsh');
const email = kieran.profile.email;

// 1. Linear: his open issues, then his team membership.
const d = await linear(`query($emails: [String!]) {
  users(filter: { email: { in: $emails } }) { nodes { id email teamMemberships { nodes { id team { key } } } } }
}`, { emails: [email, taker.profile.email, exceptionTaker.profile.email] });
const lin = (e) => d.users.nodes.find((u) => u.email === e);
const open = await linearIssues({ assignee: { email: { eq: email } }, state: { type: { nin: ['completed', 'canceled'] } } });
const owners = {};
for (const i of open) {
  const to = i.identifier === exception ? exceptionTaker : taker;
  await linear('mutation($id: String!, $a: String!) { issueUpdate(id: $id, input: { assigneeId: $a }) { success } }', { id: i.id, a: lin(to.profile.email).id });
  (owners[to.real_name] ??= []).push(i.identifier);
}
for (const m of lin(email).teamMemberships.nodes) await linear('mutation($id: String!) { teamMembershipDelete(id: $id) { success } }', { id: m.id });

// 2. Slack: the private channels he is in.
const { channels } = await slack('users.conversations', { user: kieran.id, types: 'private_channel', limit: '200' });
for (const c of channels) await slack('conversations.kick', { channel: c.id, user: kieran.id });

// 3. Calendar: off the Platform series after Friday; his 1:1 with me ends.
const team = await calendarNamed('Platform Team');
for (const s of (await gcal('GET', `calendars/${encodeURIComponent(team.id)}/events?${new URLSearchParams({ maxResults: '50' })}`)).items.filter((e) => e.recurrence && e.attendees?.some((a) => a.email === email))) {
  await gcal('PATCH', `calendars/${encodeURIComponent(team.id)}/events/${s.id}?sendUpdates=all`, { attendees: s.attendees.filter((a) => a.email !== email) });
}
const [oneOnOne] = (await gcal('GET', `calendars/primary/events?${new URLSearchParams({ q: '1:1 Maya / Kieran' })}`)).items;
await gcal('PATCH', `calendars/primary/events/${oneOnOne.id}?sendUpdates=all`, { recurrence: [`${oneOnOne.recurrence[0]};UNTIL=20260314T000000Z`] });

// 4. Box: his working documents into Handover.
const docs = (await box('GET', `search?${new URLSearchParams({ query: '"Kieran -"', type: 'file', fields: 'name', limit: '50' })}`)).entries.filter((f) => f.name.startsWith('Kieran - '));
const handover = await boxFind('Handover', 'folder', 'Engineering/Platform');
for (const doc of docs) await box('PUT', `files/${doc.id}`, { parent: { id: handover.id } });

// 5. Mail: tell the team who owns what now.
const me = await mail('GET', 'me');
const members = (await slack('conversations.members', { channel: platform.id, limit: '200' })).members.filter((id) => id !== kieran.id);
const emails = [];
for (const id of members) {
  const u = await info(id);
  if (!u.is_bot && u.profile.email && ![email, me.email].includes(u.profile.email)) emails.push(u.profile.email);
}
await mail('POST', 'messages/send', {
  to: emails, subject: "Kieran's hand-over",
  body: `Hi all,\n\nKieran's last day is Friday 13 March. His open issues now belong to:\n${Object.entries(owners).map(([who, ids]) => `- ${who}: ${ids.join(', ')}`).join('\n')}\n\nHis working notes are in Engineering/Platform/Handover in Box.\n\nMaya`,
});
