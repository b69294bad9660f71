// Onboard Lucía Ferreira before her first day, following the engineering onboarding checklist in Box: Slack channels,
// Linear team, the team's standup and planning series, her Box folder with a copy of the checklist, a welcome mail.

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
const mail = (method, path, body) => call(`https://api.mailhub.example/v1/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
/** The newest message matching a search (`query` words plus filters such as `from`). */
async function mailFind(params) {
  const j = await mail('GET', `messages/search?${new URLSearchParams(params)}`);
  if (!j.items.length) throw new Error(`no mail for ${JSON.stringify(params)}`);
  return mail('GET', `messages/${j.items[0].id}`);
}

const checklist = await boxFind('Engineering onboarding checklist.md', 'file', 'People/Onboarding');
const text = await boxText(checklist.id);
// The new starter and her buddy, from Priya's mail.
const note = await mailFind({ query: 'New starter', from: 'priya' });
const email = note.body.match(/\(([^)]+@[^)]+)\)/)[1];
const buddyName = note.body.match(/([A-ZÀ-Ý][\p{L}]+) is her onboarding buddy/u)[1];
// 1. Slack: the listed channels and her team channel.
const lucia = await slackUser(email);
for (const name of [...text.split('\n').find((l) => /Slack:/.test(l)).matchAll(/#([a-z0-9-]+)/g)].map((m) => m[1]).concat('team-ingest')) {
  await slack('conversations.invite', { channel: (await channelByName(name)).id, users: lucia.id });
}
// 2. Linear: her team.
const d = await linear(`query($email: String!) { users(filter: { email: { eq: $email } }) { nodes { id } } teams(filter: { key: { eq: "ING" } }) { nodes { id } } }`, { email });
await linear('mutation($input: TeamMembershipCreateInput!) { teamMembershipCreate(input: $input) { success } }', { input: { teamId: d.teams.nodes[0].id, userId: d.users.nodes[0].id } });
// 3. Calendar: the team's standup and planning series.
const ingest = await calendarNamed('Ingest Team');
const series = (await gcal('GET', `calendars/${encodeURIComponent(ingest.id)}/events?${new URLSearchParams({ q: 'Ingest', maxResults: '50' })}`)).items
  .filter((e) => e.recurrence && /standup|planning/i.test(e.summary));
for (const s of series) {
  await gcal('PATCH', `calendars/${encodeURIComponent(ingest.id)}/events/${s.id}?sendUpdates=all`, { attendees: [...s.attendees, { email, displayName: lucia.real_name }] });
}
// 4. Box: her folder under People/Onboarding with a copy of the checklist.
const folder = await box('POST', 'folders', { name: lucia.real_name, parent: { id: checklist.parent.id } });
await box('POST', `files/${checklist.id}/copy`, { parent: { id: folder.id } });
// 5. Mail: a welcome note, her buddy in copy.
const buddy = (await mail('GET', `directory/people?${new URLSearchParams({ q: buddyName })}`)).items.find((p) => p.department === 'Engineering');
await mail('POST', 'messages/send', {
  to: [email], cc: [buddy.email], subject: 'Welcome to Ingest!',
  body: `Hi Lucía,\n\nWelcome to Fernbrook! From Monday you are in #team-ingest, #eng, #incidents and #conduit-releases, in the Ingest team in Linear, and invited to our standup and planning. Your onboarding folder in Box has the checklist. ${buddy.display_name} is your onboarding buddy.\n\nSee you on Monday,\nDeclan`,
});
console.log(`Onboarded ${lucia.real_name}: ${series.map((s) => s.summary).join(', ')}`);
