// Reference solution: unarchive the 2025 offsite channel, rename it and set its topic.

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

// conversations.list includes archived channels unless exclude_archived is set.
const channels = await paginate('conversations.list', { types: 'public_channel,private_channel' }, 'channels');
const offsite = channels.find((c) => c.is_archived && c.name.includes('offsite') && c.name.includes('2025'));

// An archived channel can be neither renamed nor given a topic: unarchive first.
await post('conversations.unarchive', { channel: offsite.id });
await post('conversations.rename', { channel: offsite.id, name: 'offsite-2026' });
await post('conversations.setTopic', { channel: offsite.id, topic: 'Spring offsite planning — Lisbon, April 2026' });
console.log(`revived #${offsite.name} as #offsite-2026`);
