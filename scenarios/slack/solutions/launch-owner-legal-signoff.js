// Reference solution: tell the Atlas 2.4 launch owner that legal signed off the release notes.

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

// The launch channel's creator runs the launch (she also wrote the kickoff and locked the GA date).
const channels = await paginate('conversations.list', { types: 'public_channel,private_channel', exclude_archived: true }, 'channels');
const launch = channels.find((c) => c.name.startsWith('launch-atlas-2-4'));
const { channel: info } = await api('conversations.info', { channel: launch.id });
const { user: owner } = await api('users.info', { user: info.creator });
console.log(`#${launch.name} was created by ${owner.real_name}`);

const { channel } = await post('conversations.open', { users: owner.id });
await post('chat.postMessage', { channel: channel.id, text: 'FYI: legal has signed off on the Atlas 2.4 release notes.' });
console.log(`told ${owner.real_name} in ${channel.id}`);
