// Put PLAT-95's due date on the Platform Team calendar as an all-day event, invite its assignee, and note it on the issue.

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
async function linear(query, variables = {}) {
  const j = await call('https://api.linear.app/graphql', { method: 'POST', body: JSON.stringify({ query, variables }) });
  if (j.errors?.length) throw new Error(`linear: ${j.errors[0].message}`);
  return j.data;
}

const { issue } = await linear('{ issue(id: "PLAT-95") { id identifier title dueDate assignee { name email } } }');
const team = await calendarNamed('Platform Team');
const next = new Date(Date.parse(issue.dueDate) + 864e5).toISOString().slice(0, 10);
await gcal('POST', `calendars/${encodeURIComponent(team.id)}/events?sendUpdates=all`, {
  summary: `Due: ${issue.title} (${issue.identifier})`, start: { date: issue.dueDate }, end: { date: next }, transparency: 'transparent',
  attendees: [{ email: issue.assignee.email, displayName: issue.assignee.name }],
});
await linear('mutation($input: CommentCreateInput!) { commentCreate(input: $input) { success } }', { input: { issueId: issue.id, body: `Due-date reminder added to the Platform Team calendar for ${issue.dueDate}.` } });
console.log(`${issue.identifier} due ${issue.dueDate}, ${issue.assignee.name} invited.`);
