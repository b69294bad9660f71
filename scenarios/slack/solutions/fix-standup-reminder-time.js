// Reference solution: edit your standup reminder in #engineering to the new standup time.

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

const engineering = await channelByName('engineering');
const messages = await history(engineering.id);

// The newest announcement of a standup move gives the current time.
const move = messages.find((m) => /standup moves to (\d{1,2}:\d{2} UTC)/.test(m.text));
const time = move.text.match(/standup moves to (\d{1,2}:\d{2} UTC)/)[1];

const reminder = messages.find((m) => m.user === me && /standup/i.test(m.text) && /reminder/i.test(m.text));
const text = reminder.text.replace(/\d{1,2}:\d{2} UTC/, time);
await post('chat.update', { channel: engineering.id, ts: reminder.ts, text });
console.log(`standup is at ${time}; updated ${reminder.ts}`);
