// Reference solution: answer Lucía with the customers affected by this week's incidents.

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

// Finds a person by first name, full name or display name (the directory is listed once).
let directory;
async function userByName(name) {
  directory ??= paginate('users.list', {}, 'members');
  const wanted = name.toLowerCase();
  const user = (await directory).find(
    (u) =>
      !u.deleted &&
      [u.real_name, u.profile?.display_name, u.real_name?.split(' ')[0]].some((n) => n?.toLowerCase() === wanted),
  );
  if (!user) throw new Error(`no user called ${name}`);
  return user;
}

// Slack escapes &, < and > in message text.
const unescape = (text) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const lucia = await userByName('Lucía');
const cs = await channelByName('customer-success');
const question = (await history(cs.id)).find((m) => m.user === lucia.id && /affected by incidents this week/i.test(m.text));

// "This week" is the week of the question: from Monday 00:00 UTC.
const asked = new Date(Number(question.ts) * 1000);
const monday = new Date(Date.UTC(asked.getUTCFullYear(), asked.getUTCMonth(), asked.getUTCDate() - ((asked.getUTCDay() + 6) % 7)));
console.log(`week starts ${monday.toISOString().slice(0, 10)}`);

// Customers show up in incident threads as "<Name> Logistics|Grocers|Freight|Couriers".
const CUSTOMER = /([A-Z][\w]+(?: &amp; [A-Z][\w]+)? (?:Logistics|Grocers|Freight|Couriers))/g;
const incidents = await channelByName('incidents');
const customers = new Set();
for (const m of await history(incidents.id)) {
  if (Number(m.ts) * 1000 < monday.getTime() || !/INC-\d+/.test(m.text)) continue;
  const thread = m.reply_count ? await replies(incidents.id, m.ts) : [];
  for (const msg of [m, ...thread]) for (const [, name] of msg.text.matchAll(CUSTOMER)) customers.add(unescape(name));
  console.log(`${m.text.match(/INC-\d+/)[0]}: ${[...customers].join(', ')}`);
}

await post('chat.postMessage', {
  channel: cs.id,
  thread_ts: question.ts,
  text: `Customers affected by incidents this week: ${[...customers].join(' and ')} (INC-2052, EU map tiles).`,
});
console.log('answered in the thread');
