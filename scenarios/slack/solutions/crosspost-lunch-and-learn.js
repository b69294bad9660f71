// Reference solution: share Grace's lunch & learn announcement in #engineering and #security.

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

// Slack escapes &, < and > in message text.
const unescape = (text) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const grace = await userByName('Grace');
const general = await channelByName('general');
const announcement = (await history(general.id)).find((m) => m.user === grace.id && /lunch &amp; learn/i.test(m.text));
if (!announcement) throw new Error("no lunch & learn post from Grace in #general");
const text = `From #general: ${unescape(announcement.text)}`;

for (const name of ['engineering', 'security']) {
  const channel = await channelByName(name);
  await post('chat.postMessage', { channel: channel.id, text });
  console.log(`shared in #${name}`);
}
