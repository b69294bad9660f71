// Prepare the go/no-go: its description lists the open 3.8 issues, and the go/no-go checklist from Box is attached.

const HEADERS = { Authorization: 'Bearer difflab-token', 'Content-Type': 'application/json; charset=utf-8' };
async function call(url, init = {}) {
  const r = await fetch(url, { ...init, headers: { ...HEADERS, ...(init.headers ?? {}) } });
  const text = await r.text();
  if (!r.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${r.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}
const box = (method, path, body) => call(`https://api.box.com/2.0/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
/** The one item called `name` (a file or folder) whose path contains `under`, by search. */
async function boxFind(name, type, under = '') {
  const j = await box('GET', `search?${new URLSearchParams({ query: `"${name}"`, type, limit: '50', fields: 'name,path_collection,parent,shared_link,type' })}`);
  const hits = j.entries.filter((e) => e.name === name && e.path_collection.entries.map((p) => p.name).join('/').includes(under));
  if (hits.length !== 1) throw new Error(`box: ${hits.length} items called "${name}" under "${under}"`);
  return hits[0];
}
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

const open = (await linearIssues({ labels: { some: { name: { eq: 'release: 3.8' } } }, state: { type: { nin: ['completed', 'canceled'] } } }))
  .sort((a, b) => a.identifier.localeCompare(b.identifier));
const checklist = await boxFind('Go-no-go checklist.md', 'file', 'Releases/3.8');
const link = await boxShare(checklist);
const releases = await calendarNamed('Releases');
const [meeting] = await eventsBetween(releases.id, '2026-03-09T00:00:00Z', '2026-03-21T00:00:00Z', 'Conduit 3.8 go/no-go');
await gcal('PATCH', `calendars/${encodeURIComponent(releases.id)}/events/${meeting.id}?supportsAttachments=true`, {
  description: `${meeting.description}\n\nOpen 3.8 issues:\n${open.map((i) => `- ${i.identifier} ${i.title} (${i.assignee?.name ?? 'unassigned'})`).join('\n')}`,
  attachments: [...(meeting.attachments ?? []), { fileUrl: link, title: checklist.name, mimeType: 'text/markdown' }],
});
console.log(`${open.length} open issues listed; checklist attached.`);
