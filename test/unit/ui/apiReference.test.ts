import { describe, expect, it } from 'vitest';
import { filterEndpoints, loadApiReference } from '../../../src/ui/reference/apiReference.ts';
import { box } from '../../../src/replicas/box/index.ts';
import { mail } from '../../../src/replicas/mail/index.ts';

describe('the API reference panel', () => {
  it('lists every route of the open services, with parameters from the tool schema', async () => {
    const [b, m] = await loadApiReference(['box', 'mail']);
    expect(b.endpoints).toHaveLength(box.routes.length);
    expect(m.endpoints).toHaveLength(mail.routes.length);
    const items = b.endpoints.find((e) => e.method === 'GET' && e.path.includes('folders/{') && e.path.endsWith('items'))!;
    expect(items.params.map((p) => p.name)).toEqual(expect.arrayContaining(['limit', 'offset', 'fields']));
    expect(items.params.find((p) => p.name.includes('id'))?.required).toBe(true);
    // Zod-typed operations show their fields too.
    const send = m.endpoints.find((e) => e.method === 'POST' && e.path.endsWith('messages/send'))!;
    expect(send.params.find((p) => p.name === 'to')).toMatchObject({ type: 'string[]' });
    expect(send.writes).toBe(true);
  });

  it('filters by every word of the query', async () => {
    const [b] = await loadApiReference(['box']);
    const hits = filterEndpoints(b.endpoints, 'comments POST');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((e) => `${e.method} ${e.path} ${e.summary} ${e.docs}`.toLowerCase().includes('comment'))).toBe(true);
    expect(filterEndpoints(b.endpoints, 'zzz-nothing')).toEqual([]);
    expect(filterEndpoints(b.endpoints, '  ')).toHaveLength(b.endpoints.length);
  });
});
