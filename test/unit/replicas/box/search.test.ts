import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../../../src/replicas/box/search.ts';
import { withBoxEnvironment } from '../../../helpers/boxEnvironment.ts';

const box = withBoxEnvironment();

const search = async (query: Record<string, string>) => (await box.call('GET', '/search', null, { query })).body;
const ids = (body: { entries: { id: string }[] }) => body.entries.map((e) => e.id);

describe('parseQuery', () => {
  it('reads words, quoted phrases, OR and NOT', () => {
    expect(parseQuery('kelp "trial worked" OR x NOT draft AND y')).toEqual({ all: [['kelp'], ['trial worked', 'x'], ['y']], none: ['draft'] });
  });
});

describe('GET /search', () => {
  it('matches names, descriptions, tags, current text content and comments, case-insensitively', async () => {
    expect(ids(await search({ query: 'BUDGET' })).sort()).toEqual(['1101', 'F11']);
    expect(ids(await search({ query: 'money matters' }))).toEqual(['F10']);
    expect(ids(await search({ query: 'draft' }))).toEqual(['2001']);
    expect(ids(await search({ query: 'lab,80' }))).toEqual(['1101']);
    expect(ids(await search({ query: 'double-check' }))).toEqual(['2001']);
  });

  it('takes quotes, backslashes and SQL-looking text as words to find, and refuses NUL with a 400', async () => {
    for (const query of ["x'); DELETE FROM box_files; --", "back\\slash'quote", 'ünï 😀']) {
      const r = await box.call('GET', '/search', null, { query: { query } });
      expect(r.status, query).toBe(200);
      expect(r.body).toMatchObject({ total_count: 0, entries: [] });
    }
    expect(ids(await search({ query: 'BUDGET' })).sort()).toEqual(['1101', 'F11']);
    const nul = await box.call('GET', '/search', null, { query: { query: 'a\u0000b' } });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ type: 'error', code: 'bad_request' });
  });

  it('searches only the current version and leaves out trashed items and items in trashed folders', async () => {
    expect(ids(await search({ query: 'retired' }))).toEqual([]);
    // ancient.txt says "kelp!" but lives in the trashed folder Old.
    expect(ids(await search({ query: 'kelp' }))).toEqual(['2001']);
    expect(ids(await search({ query: 'ancient', trash_content: 'all_items' }))).toEqual(['3001']);
    expect(ids(await search({ query: 'old', type: 'folder', trash_content: 'trashed_only' }))).toEqual(['F30']);
  });

  it('answers {total_count, entries, limit, offset} with standard items, and pages with offset', async () => {
    const body = await search({ query: 'txt', limit: '1' });
    expect(body).toMatchObject({ total_count: 2, limit: 1, offset: 0, type: 'search_results_items' });
    // invoice_acme.txt and readme.txt: the extension is a word of the name.
    expect(body.entries[0]).toMatchObject({ type: 'file', path_collection: expect.any(Object), parent: expect.any(Object) });
    const second = await search({ query: 'txt', limit: '1', offset: '1' });
    expect(second.total_count).toBe(2);
    expect(ids(second)).not.toEqual(ids(body));
    expect(await search({ query: 'txt', offset: '5' })).toMatchObject({ total_count: 2, entries: [] });
  });

  it('matches whole words or word starts, not arbitrary substrings', async () => {
    expect(ids(await search({ query: 'budget 2025' }))).toEqual(['1101']);
    expect(ids(await search({ query: 'budg' })).sort()).toEqual(['1101', 'F11']);
    expect(ids(await search({ query: 'udget' }))).toEqual([]);
  });

  it('filters by type, file_extensions, ancestor_folder_ids, content_types and ranges', async () => {
    expect(ids(await search({ query: 'budgets', type: 'folder' }))).toEqual(['F11']);
    expect(ids(await search({ query: 'budget OR notes', file_extensions: 'csv,md' })).sort()).toEqual(['1101', '2001']);
    expect(ids(await search({ query: 'invoice OR budget', type: 'file', ancestor_folder_ids: 'F10' })).sort()).toEqual(['1001', '1101']);
    expect(ids(await search({ query: 'invoice OR budget OR readme', type: 'file', ancestor_folder_ids: 'F11' }))).toEqual(['1101']);
    expect(ids(await search({ query: 'kelp', content_types: 'name' }))).toEqual([]);
    expect(ids(await search({ query: 'kelp', content_types: 'file_content' }))).toEqual(['2001']);
    expect(ids(await search({ query: 'kelp', content_types: 'comments' }))).toEqual(['2001']);
    expect(ids(await search({ query: 'kelp', content_types: 'description,tag' }))).toEqual([]);
    expect(ids(await search({ query: 'invoice OR budget', type: 'file', updated_at_range: '2025-11-04T00:00:00Z,' }))).toEqual(['1101']);
    expect(ids(await search({ query: 'invoice OR budget', type: 'file', size_range: '25,28' }))).toEqual(['1101']);
    expect(ids(await search({ query: 'invoice OR budget', type: 'file', owner_user_ids: 'U200' }))).toEqual([]);
  });

  it('ranks name matches first and supports fields', async () => {
    const body = await search({ query: 'notes', fields: 'name' });
    expect(body.entries[0]).toEqual({ type: 'file', id: '2001', etag: '0', name: 'notes.md' });
  });

  it('requires a query and valid filter values', async () => {
    const missing = await box.call('GET', '/search');
    expect(missing.status).toBe(400);
    expect(missing.body.context_info.errors[0]).toMatchObject({ reason: 'missing_parameter', name: 'to_search' });
    expect((await box.call('GET', '/search', null, { query: { query: 'x', type: 'album' } })).status).toBe(400);
    expect((await box.call('GET', '/search', null, { query: { query: 'x', content_types: 'pixels' } })).status).toBe(400);
    expect((await box.call('GET', '/search', null, { query: { query: 'x', created_at_range: 'yesterday,' } })).status).toBe(400);
  });
  it('a size_range bound that is not a whole number of bytes within range is invalid_parameter, not a server error', async () => {
    for (const size_range of ['9999999999999999999999,', ',1e3', '-5,', 'a,b']) {
      const r = await box.call('GET', '/search', null, { query: { query: 'budget', size_range } });
      expect([r.status, r.body], size_range).toMatchObject([400, { type: 'error', code: 'bad_request', context_info: { errors: [{ reason: 'invalid_parameter', name: 'size_range' }] } }]);
    }
  });
});
