// Answer Aisha about SAML SSO from the Linear issue she mentions, note her ask on it, and link it in the Slack thread.

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
const mail = (method, path, body) => call(`https://api.mailhub.example/v1/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
/** The newest message matching a search (`query` words plus filters such as `from`). */
async function mailFind(params) {
  const j = await mail('GET', `messages/search?${new URLSearchParams(params)}`);
  if (!j.items.length) throw new Error(`no mail for ${JSON.stringify(params)}`);
  return mail('GET', `messages/${j.items[0].id}`);
}

const ask = await mailFind({ query: 'SAML', from: 'aisha.rahman' });
const id = ask.body.match(/\b([A-Z]+-\d+)\b/)[1];
const { issue } = await linear('query($id: String!) { issue(id: $id) { id identifier title url state { name } cycle { id } } }', { id });
await mail('POST', `messages/${ask.id}/reply`, {
  comment: `Hi Aisha,\n\n${issue.identifier} (${issue.title}) is in our ${issue.state.name} and ${issue.cycle ? `in a cycle` : 'not in a cycle yet'}, so I cannot give you a date today. I have added your security review to the issue.\n\nJonah`,
});
await linear('mutation($input: CommentCreateInput!) { commentCreate(input: $input) { success } }', { input: { issueId: issue.id, body: "Meridian Health's security review needs a date for SAML SSO (Aisha Rahman, 2 March)." } });
const feedback = await channelByName('customer-feedback');
const post = (await history(feedback.id)).find((m) => /SAML/.test(m.text) && /Meridian/.test(m.text));
await slack('chat.postMessage', { channel: feedback.id, thread_ts: post.ts, text: `Replied to Aisha: ${issue.state.name}, no cycle yet. ${issue.url}` });
