// Reference solution: replace your :eyes: on Ravi's SSO question with :white_check_mark:.

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

const { user_id: me } = await api('auth.test');

const cs = await channelByName('customer-success');
const question = (await history(cs.id)).find(
  (m) => /SSO/.test(m.text) && m.reactions?.some((r) => r.name === 'eyes' && r.users.includes(me)),
);
if (!question) throw new Error('no SSO question with my :eyes: reaction');

await post('reactions.remove', { channel: cs.id, timestamp: question.ts, name: 'eyes' });
await post('reactions.add', { channel: cs.id, timestamp: question.ts, name: 'white_check_mark' });
console.log(`swapped :eyes: for :white_check_mark: on ${question.ts}`);
