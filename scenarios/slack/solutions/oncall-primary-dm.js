// Reference solution: find who is primary on call right now and DM them about the backup alert.

const AUTH = { Authorization: 'Bearer xoxb-difflab' };

// Read methods: GET with a query string. Write methods: POST with a JSON body.
async function api(method, params = {}) {
  const res = await fetch(`https://slack.com/api/${method}?${new URLSearchParams(params)}`, { headers: AUTH });
  const data = await res.json();
  if (!data.ok) throw new Error(`${method}: ${data.error}`);
  return data;
}

async function post(method, body) {
  const res = await fetch(`https://slack.com/api/${method}`, {
    method: 'POST',
    headers: { ...AUTH, 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  });
  const data = await res.json();
  if (!data.ok) throw new Error(`${method}: ${data.error}`);
  return data;
}

// Follows Slack's cursor pagination and returns every item of `key`.
async function paginate(method, params, key) {
  const items = [];
  let cursor = '';
  do {
    const page = await api(method, { ...params, limit: 200, ...(cursor ? { cursor } : {}) });
    items.push(...page[key]);
    cursor = page.response_metadata?.next_cursor ?? '';
  } while (cursor);
  return items;
}

// Every channel the bot can see, listed once (archived ones included).
let channelList;
async function channelByName(name) {
  channelList ??= paginate('conversations.list', { types: 'public_channel,private_channel' }, 'channels');
  const channel = (await channelList).find((c) => c.name === name);
  if (!channel) throw new Error(`no channel named #${name}`);
  return channel;
}

// Every top-level message of a channel, newest first.
const history = (channel) => paginate('conversations.history', { channel }, 'messages');

const replies = async (channel, ts) => (await api('conversations.replies', { channel, ts })).messages.slice(1);

const oncall = await channelByName('sre-oncall');

// The newest rotation post names the primary; a swap in its thread can hand the pager to someone else.
const rotation = (await history(oncall.id)).find((m) => /^On-call for the week of/.test(m.text));
let primary = rotation.text.match(/primary <@(\w+)>/)[1];
for (const reply of await replies(oncall.id, rotation.ts)) {
  const swap = reply.text.match(/<@(\w+)> has agreed to take primary/);
  if (swap) primary = swap[1];
}
const { user } = await api('users.info', { user: primary });

const { channel } = await post('conversations.open', { users: primary });
await post('chat.postMessage', {
  channel: channel.id,
  text: 'Hi! The backup verification alert fired again last night (03:10 UTC). Could you check whether the volume resize stuck after the node rotation?',
});
console.log(`Answer: ${user.profile.display_name}`);
