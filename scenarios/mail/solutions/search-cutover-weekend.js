// Reference solution: When is the Lighthouse cutover

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

const [m] = (await api('GET', '/messages/search', { query: 'cutover Lighthouse', from: 'jonas.whitfield@brightwater.example' })).items;
const body = (await api('GET', '/messages/' + m.id)).body;
console.log('Answer: ' + /weekend of ([^.]+?)\./.exec(body)[1]);
