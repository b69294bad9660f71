// Reference solution: move offline sync phase 2 into a new channel and archive the old one.

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

const old = await channelByName('mobile-offline-sync');
const scoping = (await history(old.id)).find((m) => /phase 2 scoping/i.test(m.text));
const thread = (await api('conversations.replies', { channel: old.id, ts: scoping.ts })).messages; // root + replies
const participants = [...new Set(thread.map((m) => m.user))].filter((id) => id !== me);
console.log(`${participants.length} people took part in the scoping thread`);

const { channel } = await post('conversations.create', { name: 'offline-sync-phase-2' });
await post('conversations.invite', { channel: channel.id, users: participants.join(',') });
await post('conversations.setTopic', {
  channel: channel.id,
  topic: 'Phase 2: offline proof-of-delivery + stop-level conflict resolution (Atlas 2.5)',
});

const agreed = thread.find((m) => /^Agreed on/.test(m.text));
await post('chat.postMessage', {
  channel: channel.id,
  text:
    'Welcome to offline sync phase 2! From the scoping thread in #mobile-offline-sync: ' +
    'phase 2 covers offline proof-of-delivery (photos queued on the phone, with upload status reported to the warehouse) ' +
    'and stop-level conflict resolution; background sync on Android waits for phase 3. ' +
    `QA gets a network-shaping rig. Decision: "${agreed.text}"`,
});
await post('chat.postMessage', { channel: old.id, text: `Phase 2 continues in <#${channel.id}|${channel.name}>. Archiving this channel.` });
await post('conversations.archive', { channel: old.id });
console.log(`created #${channel.name}, posted the kickoff and archived #${old.name}`);
