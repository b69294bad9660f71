// Reference solution: find the locked Atlas 2.4 GA date and answer Sofia's question in its thread.

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

const channels = await paginate('conversations.list', { types: 'public_channel,private_channel', exclude_archived: true }, 'channels');

// The GA date moved once; the latest "Locked:" post in the launch channel is the answer.
const launch = channels.find((c) => c.name.startsWith('launch-atlas-2-4'));
const locked = (await history(launch.id)).find((m) => /locked: atlas 2\.4 ga is/i.test(m.text));
const gaDate = locked.text.match(/GA is ([^.]+?)\./)[1]; // "Tuesday, February 3, 2026"
console.log(`GA date: ${gaDate}`);

const sofia = await userByName('Sofia');
const webinars = channels.find((c) => c.name.includes('webinar'));
const question = (await history(webinars.id)).find((m) => m.user === sofia.id && /GA date/i.test(m.text));

await post('chat.postMessage', {
  channel: webinars.id,
  thread_ts: question.ts,
  text: `<@${sofia.id}> Atlas 2.4 GA is locked for ${gaDate} (moved from January 27, see #${launch.name}).`,
});
console.log("answered Sofia's question in its thread");
