// Reference solution: start a group DM with the Staff SRE panel and post the onsite time.

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

const hiring = await channelByName('hiring');
const announcement = (await history(hiring.id)).find((m) => /onsite/i.test(m.text) && /Panel:/.test(m.text));

const panelText = announcement.text.slice(announcement.text.indexOf('Panel:'));
const panel = [...panelText.matchAll(/<@(\w+)>/g)].map(([, id]) => id);
const when = announcement.text.match(/onsite for candidate ([^ ]+) is on ([^.]+)\./);
console.log(`panel: ${panel.join(', ')}; onsite: ${when[2]}`);

const { channel } = await post('conversations.open', { users: panel.join(',') });
await post('chat.postMessage', {
  channel: channel.id,
  text: `Prep thread for the Staff SRE onsite with candidate ${when[1]}: ${when[2]}. Grace asked the panel to coordinate here.`,
});
console.log(`posted in group DM ${channel.id}`);
