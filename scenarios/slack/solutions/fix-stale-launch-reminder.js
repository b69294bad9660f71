// Reference solution: edit your launch reminder to show the current GA date.

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

const channels = await paginate('conversations.list', { types: 'public_channel,private_channel', exclude_archived: true }, 'channels');
const launch = channels.find((c) => c.name.startsWith('launch-atlas-2-4'));
const messages = await history(launch.id);

const locked = messages.find((m) => /locked: atlas 2\.4 ga is/i.test(m.text));
const gaDate = locked.text.match(/GA is ([^.]+?)\./)[1]; // "Tuesday, February 3, 2026"

const reminder = messages.find((m) => m.user === me && /^Reminder: Atlas 2\.4 GA/.test(m.text));
const text = reminder.text.replace(/GA is on [^.]+\./, `GA is on ${gaDate}.`);
await post('chat.update', { channel: launch.id, ts: reminder.ts, text });
console.log(`updated ${reminder.ts}: ${text}`);
