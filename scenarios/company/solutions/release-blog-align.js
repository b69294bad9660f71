// Ask Isla to align the 3.8 launch blog with the release notes, with links to both documents in Box.

const HEADERS = { Authorization: 'Bearer difflab-token', 'Content-Type': 'application/json; charset=utf-8' };
async function call(url, init = {}) {
  const r = await fetch(url, { ...init, headers: { ...HEADERS, ...(init.headers ?? {}) } });
  const text = await r.text();
  if (!r.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${r.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}
const box = (method, path, body) => call(`https://api.box.com/2.0/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
/** The one item called `name` (a file or folder) whose path contains `under`, by search. */
async function boxFind(name, type, under = '') {
  const j = await box('GET', `search?${new URLSearchParams({ query: `"${name}"`, type, limit: '50', fields: 'name,path_collection,parent,shared_link,type' })}`);
  const hits = j.entries.filter((e) => e.name === name && e.path_collection.entries.map((p) => p.name).join('/').includes(under));
  if (hits.length !== 1) throw new Error(`box: ${hits.length} items called "${name}" under "${under}"`);
  return hits[0];
}
/** The file's shared link, creating one with company access if it has none. */
async function boxShare(item) {
  if (item.shared_link) return item.shared_link.url;
  const j = await box('PUT', `${item.type}s/${item.id}?fields=shared_link`, { shared_link: { access: 'company' } });
  return j.shared_link.url;
}
const mail = (method, path, body) => call(`https://api.mailhub.example/v1/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });

const notes = await boxFind('Conduit 3.8 release notes (draft).md', 'file', 'Releases/3.8');
const blog = await boxFind('Conduit 3.8 launch blog (draft).md', 'file', 'Marketing');
const [notesLink, blogLink] = [await boxShare(notes), await boxShare(blog)];
const { items } = await mail('GET', `directory/people?${new URLSearchParams({ q: 'Isla' })}`);
await mail('POST', 'messages/send', {
  to: [items[0].email], subject: '3.8 launch blog vs release notes',
  body: `Hi Isla,\n\nCould you align the 3.8 launch blog with the current release notes before the 19th?\n\nRelease notes: ${notesLink}\nBlog draft: ${blogLink}\n\nThanks,\nDeclan`,
});
