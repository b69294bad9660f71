// Hand the billing export project from Console to Data in every system: the open Linear issues (same-named states), the
// Box folder, the Slack channel topic, the weekly sync's calendar, and a mail to the Data team's lead and point person.

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

const channel = await channelByName('proj-billing-export');
const decision = (await history(channel.id)).find((m) => /moves from the Console team to the Data team/.test(m.text));
const pointPerson = (await slack('conversations.replies', { channel: channel.id, ts: decision.ts })).messages.map((m) => m.text.match(/(\w+) will be our point person/)?.[1]).find(Boolean);
// Linear
const d = await linear('{ teams(filter: { key: { eq: "DATA" } }) { nodes { id states { nodes { id name } } } } }');
const data = d.teams.nodes[0];
const open = await linearIssues({ team: { key: { eq: 'CON' } }, labels: { some: { name: { eq: 'project: billing-export' } } }, state: { type: { nin: ['completed', 'canceled'] } } });
for (const i of open) {
  await linear('mutation($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success } }', { id: i.id, input: { teamId: data.id, stateId: data.states.nodes.find((s) => s.name === i.state.name).id } });
}
// Box
const folder = await boxFind('Billing export', 'folder', 'Engineering/Console');
const dataFolder = await boxFind('Data', 'folder', 'Engineering');
await box('PUT', `folders/${folder.id}`, { parent: { id: dataFolder.id } });
// Slack
await slack('conversations.setTopic', { channel: channel.id, topic: 'Owner: Data team · PRD in Box' });
// Calendar
const [consoleCal, dataCal] = [await calendarNamed('Console Team'), await calendarNamed('Data Team')];
const [sync] = (await gcal('GET', `calendars/${encodeURIComponent(consoleCal.id)}/events?${new URLSearchParams({ q: 'Billing export sync' })}`)).items.filter((e) => e.recurrence);
await gcal('POST', `calendars/${encodeURIComponent(consoleCal.id)}/events/${sync.id}/move?${new URLSearchParams({ destination: dataCal.id, sendUpdates: 'all' })}`);
// Mail
const team = (await mail('GET', `directory/people?${new URLSearchParams({ department: 'Engineering', page_size: '100' })}`)).items;
const lead = team.find((p) => p.job_title === 'Data Engineering Lead');
const point = team.find((p) => p.display_name.startsWith(`${pointPerson} `));
await mail('POST', 'messages/send', {
  to: [lead.email, point.email], subject: 'Billing export is yours',
  body: `Hi ${lead.display_name.split(' ')[0]} and ${pointPerson},\n\nThe billing export project is now the Data team's everywhere:\n- Linear: ${open.map((i) => i.identifier).join(', ')} moved to Data, in the same states\n- Box: the project folder is under Engineering/Data\n- Slack: #proj-billing-export names Data as the owner\n- Calendar: the weekly Billing export sync is on the Data Team calendar\n\nSofia`,
});
