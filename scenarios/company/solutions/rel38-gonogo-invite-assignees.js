// Invite to the 3.8 go/no-go everyone assigned to an open 3.8 issue who is not invited yet; keep the others as they are.

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
async function eventsBetween(calendarId, timeMin, timeMax, q) {
  const params = new URLSearchParams({ timeMin, timeMax, singleEvents: 'true', orderBy: 'startTime', maxResults: '250', ...(q ? { q } : {}) });
  return (await gcal('GET', `calendars/${encodeURIComponent(calendarId)}/events?${params}`)).items;
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

const open = await linearIssues({ labels: { some: { name: { eq: 'release: 3.8' } } }, state: { type: { nin: ['completed', 'canceled'] } } });
const releases = await calendarNamed('Releases');
const [meeting] = await eventsBetween(releases.id, '2026-03-09T00:00:00Z', '2026-03-21T00:00:00Z', 'Conduit 3.8 go/no-go');
const invited = new Set(meeting.attendees.map((a) => a.email.toLowerCase()));
const missing = [...new Map(open.filter((i) => i.assignee && !invited.has(i.assignee.email)).map((i) => [i.assignee.email, i.assignee])).values()];
await gcal('PATCH', `calendars/${encodeURIComponent(releases.id)}/events/${meeting.id}?sendUpdates=all`, {
  attendees: [...meeting.attendees, ...missing.map((p) => ({ email: p.email, displayName: p.name }))],
});
console.log(`Invited ${missing.map((p) => p.name).join(', ')}`);
const channel = await channelByName('conduit-releases');
await slack('chat.postMessage', { channel: channel.id, text: `Invited to the 3.8 go/no-go as owners of open issues: ${missing.map((p) => p.name).join(', ')}.` });
