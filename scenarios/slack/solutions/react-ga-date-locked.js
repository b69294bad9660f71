// Reference solution: add :tada: to Hannah's post that locked the Atlas 2.4 GA date.

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

const hannah = await userByName('Hannah');
const channels = await paginate('conversations.list', { types: 'public_channel,private_channel', exclude_archived: true }, 'channels');
const launch = channels.find((c) => c.name.startsWith('launch-atlas-2-4'));
const locked = (await history(launch.id)).find((m) => m.user === hannah.id && /locked/i.test(m.text));

// Reactions as a form body, the way many Slack clients send them.
const res = await fetch('https://slack.com/api/reactions.add', {
  method: 'POST',
  headers: { ...AUTH, 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ channel: launch.id, timestamp: locked.ts, name: 'tada' }),
});
const data = await res.json();
if (!data.ok) throw new Error(`reactions.add: ${data.error}`);
console.log(`reacted :tada: to ${locked.ts}`);
