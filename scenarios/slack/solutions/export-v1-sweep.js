// Reference solution: react to and reply under every message that mentions Export API v1.

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

// search.messages pages by number; returns every match.
async function searchAll(query) {
  const matches = [];
  for (let page = 1; ; page++) {
    const { messages } = await api('search.messages', { query, count: 100, page });
    matches.push(...messages.matches);
    if (page >= messages.paging.pages) return matches;
  }
}

const REMINDER = 'Reminder: Export API v1 shuts down on March 31 — migration guide: https://docs.northwind.example.com/exports/v2';

const matches = (await searchAll('"Export API v1"')).filter((m) => /export api v1/i.test(m.text));
console.log(`${matches.length} messages mention Export API v1`);

for (const m of matches) {
  await post('reactions.add', { channel: m.channel.id, timestamp: m.ts, name: 'memo' });
  await post('chat.postMessage', { channel: m.channel.id, thread_ts: m.ts, text: REMINDER });
  console.log(`#${m.channel.name} ${m.ts}: reacted and replied`);
}
