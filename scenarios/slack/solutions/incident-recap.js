// Reference solution: post an incident recap in #general, mark each resolution message and clear the #incidents topic.

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

// Slack escapes &, < and > in message text.
const unescape = (text) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const incidents = await channelByName('incidents');
const since = Date.UTC(2025, 11, 15) / 1000;
const CUSTOMER = /([A-Z][\w]+(?: &amp; [A-Z][\w]+)? (?:Logistics|Grocers|Freight|Couriers))/g;

const lines = [];
const resolutions = [];
const roots = (await history(incidents.id)).filter((m) => Number(m.ts) >= since && /INC-\d+ —/.test(m.text)).reverse();
for (const root of roots) {
  const id = root.text.match(/INC-\d+/)[0];
  const summary = unescape(root.text.replace(/^:rotating_light:\s*/, '').split(/\. /)[0].replace(/^INC-\d+ — /, ''));
  const thread = root.reply_count ? await replies(incidents.id, root.ts) : [];
  const customers = new Set();
  for (const m of [root, ...thread]) for (const [, name] of m.text.matchAll(CUSTOMER)) customers.add(unescape(name));
  lines.push(`• ${id} — ${summary} — ${customers.size ? [...customers].join(', ') : 'no customer impact'}`);
  const resolved = thread.find((m) => /\bresolved\b/i.test(m.text));
  if (resolved) resolutions.push(resolved);
}

const general = await channelByName('general');
await post('chat.postMessage', { channel: general.id, text: `Incident recap since December 15:\n${lines.join('\n')}` });
console.log(lines.join('\n'));

for (const m of resolutions) {
  await post('reactions.add', { channel: incidents.id, timestamp: m.ts, name: 'white_check_mark' });
  console.log(`marked resolution ${m.ts}`);
}
await post('conversations.setTopic', { channel: incidents.id, topic: 'No active incidents' });
