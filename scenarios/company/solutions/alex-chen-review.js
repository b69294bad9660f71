// DM the assignee of PLAT-100 (the Platform engineer called Alex Chen, not the account executive of the same name)
// asking them to merge before the code freeze.

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
async function slackUser(email) {
  return (await slack('users.lookupByEmail', { email })).user;
}
async function linear(query, variables = {}) {
  const j = await call('https://api.linear.app/graphql', { method: 'POST', body: JSON.stringify({ query, variables }) });
  if (j.errors?.length) throw new Error(`linear: ${j.errors[0].message}`);
  return j.data;
}

const { issue } = await linear('{ issue(id: "PLAT-100") { id identifier title assignee { name email } } }');
const user = await slackUser(issue.assignee.email);
const { channel } = await slack('conversations.open', { users: user.id });
await slack('chat.postMessage', { channel: channel.id, text: `Hi Alex, ${issue.identifier} (${issue.title}) has been in review for a while — could you merge it before Tuesday's 3.8 code freeze?` });
console.log(`Asked ${user.real_name} <${issue.assignee.email}> about ${issue.identifier}.`);
await linear('mutation($input: CommentCreateInput!) { commentCreate(input: $input) { success } }', { input: { issueId: issue.id, body: 'Asked Alex on Slack to merge before the 3.8 code freeze.' } });
