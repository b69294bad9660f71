// Reassign Kieran's open Linear issues as Maya announced in #team-platform: everything to one person except the
// issue the announcement names, which goes to another.

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

const channel = await channelByName('team-platform');
const announcement = (await history(channel.id)).find((m) => /last day/i.test(m.text) && /takes over his open issues/.test(m.text));
if (!announcement) throw new Error('no hand-over announcement in #team-platform');
console.log('Announcement:', announcement.text);
// "<@Kieran>'s last day is … <@Nadia> takes over his open issues, except PLAT-101 (…), which goes to <@Seun>."
const [, leaverId] = announcement.text.match(/<@(\w+)>'s last day/);
const [, takerId, exception, exceptionTakerId] = announcement.text.match(/<@(\w+)> takes over his open issues, except ([A-Z]+-\d+).*?goes to <@(\w+)>/);
const email = async (id) => (await slack('users.info', { user: id })).user.profile.email;
const [leaver, taker, exceptionTaker] = [await email(leaverId), await email(takerId), await email(exceptionTakerId)];
const { users } = await linear('query($emails: [String!]) { users(filter: { email: { in: $emails } }) { nodes { id email } } }', { emails: [taker, exceptionTaker] });
const linearId = (e) => users.nodes.find((u) => u.email === e).id;
const open = await linearIssues({ assignee: { email: { eq: leaver } }, state: { type: { nin: ['completed', 'canceled'] } } });
for (const i of open) {
  const to = i.identifier === exception ? exceptionTaker : taker;
  await linear('mutation($id: String!, $a: String!) { issueUpdate(id: $id, input: { assigneeId: $a }) { success } }', { id: i.id, a: linearId(to) });
  console.log(`${i.identifier} ${i.title} → ${to}`);
}
await slack('chat.postMessage', { channel: channel.id, thread_ts: announcement.ts, text: `Done: ${open.map((i) => i.identifier).join(', ')} reassigned as announced.` });
