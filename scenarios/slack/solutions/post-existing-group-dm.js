// Reference solution: post in the existing group DM with Hannah, Jonah and Aiko.

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

const people = await Promise.all(['Hannah', 'Jonah', 'Aiko'].map(userByName));
// With exactly these members the group DM already exists: conversations.open returns it.
const opened = await post('conversations.open', { users: people.map((u) => u.id).join(',') });
await post('chat.postMessage', { channel: opened.channel.id, text: 'Tour copy v2 is ready for review' });
console.log(`posted in ${opened.channel.id} (already open: ${Boolean(opened.already_open)})`);
