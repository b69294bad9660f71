// Reference solution: delete every "test message, please ignore" post of yours.

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

const { user_id: me } = await api('auth.test');

// search.messages pages by number; returns every match.
async function searchAll(query) {
  const matches = [];
  for (let page = 1; ; page++) {
    const { messages } = await api('search.messages', { query, count: 100, page });
    matches.push(...messages.matches);
    if (page >= messages.paging.pages) return matches;
  }
}

const matches = await searchAll('"test message, please ignore"');
const mine = matches.filter((m) => m.user === me);
console.log(`found ${mine.length} of my test posts`);

for (const m of mine) {
  await post('chat.delete', { channel: m.channel.id, ts: m.ts });
  console.log(`deleted ${m.ts} in #${m.channel.name}`);
}
