// Pelican's rate-limit request: out of Triage into Todo, assigned to Pedro; tell Marco.

const HEADERS = { Authorization: 'Bearer difflab-token', 'Content-Type': 'application/json; charset=utf-8' };
async function call(url, init = {}) {
  const r = await fetch(url, { ...init, headers: { ...HEADERS, ...(init.headers ?? {}) } });
  const text = await r.text();
  if (!r.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${r.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
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

const ask = await mailFind({ query: 'rate limit', from: 'marco.bellini' });
const id = ask.body.match(/\b(SUP-\d+)\b/)[1];
const d = await linear(`query($id: String!) {
  issue(id: $id) { id identifier team { states { nodes { id name } } } }
  users(filter: { name: { eq: "Pedro Alves" } }) { nodes { id } }
}`, { id });
await linear('mutation($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success } }', {
  id: d.issue.id, input: { stateId: d.issue.team.states.nodes.find((s) => s.name === 'Todo').id, assigneeId: d.users.nodes[0].id },
});
await mail('POST', `messages/${ask.id}/reply`, { comment: `Hi Marco,\n\nYour request is ${d.issue.identifier} in our queue; Pedro Alves owns it and will get back to you about the 2,500 requests/s limit.\n\nFarah` });
