// Reference solution: invite U07SAMUEL and U07ELIF to C07LAUNCH (ids given in the task).

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

const { channel } = await post('conversations.invite', { channel: 'C07LAUNCH', users: 'U07SAMUEL,U07ELIF' });
console.log(`invited two people to #${channel.name}`);
