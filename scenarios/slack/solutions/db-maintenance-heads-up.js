// Reference solution: find the confirmed Postgres 16 switchover window in #engineering and relay it to #customer-success.

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

const engineering = await channelByName('engineering');
const plan = (await history(engineering.id)).find((m) => /postgres 16 upgrade/i.test(m.text));
if (!plan) throw new Error('no Postgres 16 upgrade thread in #engineering');

// The confirmed date lives in the thread, in the reply that says "confirmed".
const confirmation = (await replies(engineering.id, plan.ts)).find((m) => /switchover confirmed/i.test(m.text));
const window = confirmation.text.match(/confirmed:\s*([^.]+)\./)[1]; // "Saturday January 24, 02:00–04:00 UTC"
console.log(`confirmed window: ${window}`);

const cs = await channelByName('customer-success');
await post('chat.postMessage', {
  channel: cs.id,
  text: `Heads-up for customers: the production database upgrade (Postgres 16) is scheduled for ${window}. Atlas may be briefly read-only during that window.`,
});
console.log('posted the heads-up in #customer-success');
