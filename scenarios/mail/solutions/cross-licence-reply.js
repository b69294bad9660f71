// Reference solution: Schedule the licence meeting and tell Jonas

const BASE = 'https://api.mailhub.example/v1';
async function api(method, path, args) {
  let url = BASE + path;
  const init = { method, headers: { Authorization: 'Bearer difflab' } };
  if (method === 'GET' || method === 'DELETE') {
    if (args) url += '?' + new URLSearchParams(args);
  } else {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(args ?? {});
  }
  const res = await fetch(url, init);
  const text = await res.text();
  if (res.status >= 400) throw new Error(method + ' ' + path + ': ' + res.status + ' ' + text);
  return text ? JSON.parse(text) : null;
}
// Every item of a paged list.
async function all(path, args = {}) {
  const items = [];
  let token = null;
  do {
    const page = await api('GET', path, { ...args, page_size: 100, ...(token ? { page_token: token } : {}) });
    items.push(...page.items);
    token = page.next_page_token;
  } while (token);
  return items;
}
async function batch(ids, change) {
  for (let i = 0; i < ids.length; i += 500) await api('POST', '/messages/batch-update', { message_ids: ids.slice(i, i + 500), ...change });
}

const [mail] = (await api('GET', '/messages/search', { query: 'licence costs', from: 'jonas.whitfield@brightwater.example' })).items;
const [slot] = (await api('POST', '/calendar/find-free-times', { attendees: ['jonas.whitfield@brightwater.example', 'theo.nakamura@brightwater.example'], start: '2026-03-16T00:00:00Z', end: '2026-03-21T00:00:00Z', duration_minutes: 60, max_results: 1 })).items;
await api('POST', '/events', { subject: 'Lighthouse licence costs', start_at: slot.start_at, end_at: slot.end_at, attendees: [{ email: 'jonas.whitfield@brightwater.example' }, { email: 'theo.nakamura@brightwater.example' }] });
await api('POST', '/messages/' + mail.id + '/reply', { comment: 'Booked: Thursday 19 March, 09:00–10:00 UTC. Amara' });
