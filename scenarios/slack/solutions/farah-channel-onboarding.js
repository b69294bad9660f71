// Reference solution: add Farah to the channels listed in her welcome post.

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

const farah = await userByName('Farah');
const general = await channelByName('general');
const welcome = (await history(general.id)).find((m) => m.text.includes(`<@${farah.id}>`) && /welcome/i.test(m.text));

// Channel links in message text look like <#C0123|name>.
const listed = [...welcome.text.matchAll(/<#(\w+)\|([^>]*)>/g)].map(([, id, name]) => ({ id, name }));
for (const channel of listed) {
  await post('conversations.invite', { channel: channel.id, users: farah.id });
  console.log(`added Farah to #${channel.name}`);
}
