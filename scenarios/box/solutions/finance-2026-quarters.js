// Reference solution: create the 2026 quarterly report folders.

const API = 'https://api.box.com/2.0';
const UPLOAD = 'https://upload.box.com/api/2.0';
const AUTH = { Authorization: 'Bearer difflab' };

// One Box call; JSON in and out, errors thrown with Box's message.
async function box(method, path, body, headers = {}) {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: { ...AUTH, ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

// Every item of a folder, following offset pagination.
async function listFolder(folderId, fields = 'name,tags') {
  const all = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await box('GET', `/folders/${folderId}/items?limit=1000&offset=${offset}&fields=${fields}`);
    all.push(...page.entries);
    if (offset + page.entries.length >= page.total_count) return all;
  }
}

// Walks folder names from the root: folderAt('Finance', 'Reports').
async function folderAt(...names) {
  let id = '0';
  for (const name of names) {
    const next = (await listFolder(id, 'name')).find((e) => e.type === 'folder' && e.name === name);
    if (!next) throw new Error(`no folder ${name} in ${id}`);
    id = next.id;
  }
  return id;
}

async function search(query, params = {}) {
  return (await box('GET', `/search?${new URLSearchParams({ query, limit: '200', ...params })}`)).entries;
}

async function download(fileId) {
  const res = await fetch(`${API}/files/${fileId}/content`, { headers: AUTH });
  if (!res.ok) throw new Error(`download ${fileId}: ${res.status}`);
  return res.text();
}

function parseCsv(text) {
  const [header, ...rows] = text.trim().split('\n').map((l) => l.split(','));
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

async function uploadNew(parentId, name, content) {
  const form = new FormData();
  form.append('attributes', JSON.stringify({ name, parent: { id: parentId } }));
  form.append('file', new Blob([content]), name);
  const res = await fetch(`${UPLOAD}/files/content`, { method: 'POST', headers: AUTH, body: form });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return (await res.json()).entries[0];
}

async function uploadVersion(fileId, content) {
  const form = new FormData();
  form.append('attributes', JSON.stringify({}));
  form.append('file', new Blob([content]), 'file');
  const res = await fetch(`${UPLOAD}/files/${fileId}/content`, { method: 'POST', headers: AUTH, body: form });
  if (!res.ok) throw new Error(`new version: ${res.status} ${await res.text()}`);
  return (await res.json()).entries[0];
}

const HUBS = { 'box-version': '2025.0' };

const reports = await folderAt('Finance', 'Reports');
const year = await box('POST', '/folders', { name: '2026', parent: { id: reports } });
for (const q of ['Q1', 'Q2', 'Q3', 'Q4']) await box('POST', '/folders', { name: q, parent: { id: year.id } });
