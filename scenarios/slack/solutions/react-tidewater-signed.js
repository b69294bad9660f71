// Reference solution: find the "Tidewater expansion signed" announcement by search and react with :raised_hands:.

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

// Two messages talk about the Tidewater expansion; only one says it was signed.
const matches = await searchAll('Tidewater 340 vehicles');
const announcement = matches.find((m) => /signed/i.test(m.text));
console.log(`found in #${announcement.channel.name}: ${announcement.text.slice(0, 60)}…`);

await post('reactions.add', { channel: announcement.channel.id, timestamp: announcement.ts, name: 'raised_hands' });
console.log('reacted :raised_hands:');
