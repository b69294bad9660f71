import { join } from 'node:path';
import { Engine, type SeedTables } from '../engine/index.ts';
import { createRouter } from '../replicas/index.ts';
import { MAIL_BASE_URL, mail } from '../replicas/mail/index.ts';
import { readJsonFile, repoRoot } from './files.ts';
import { quantile, roundTo } from './benchStats.ts';

export interface MailBenchFigures {
  /** Messages in the scaled corpus (all mailboxes) and in the main persona's mailbox. */
  corpusMessages: number;
  personaMessages: number;
  templateLoadMs: number;
  /** GET /messages/search with a sender and a received-after/before window, one page of 50: the figure (< 15 ms). */
  searchPage50: { n: number; medianMs: number; p95Ms: number };
  /** GET /messages with only a sender filter, paging 5 pages deep (offset 200): deep pages stay cheap. */
  deepPage50: { n: number; medianMs: number; p95Ms: number };
  /** Hits per query (median), to show the searches match real volumes. */
  medianHits: number;
}

const median = (xs: number[]) => quantile(xs, 0.5);
const p95 = (xs: number[]) => quantile(xs, 0.95);
const r3 = (x: number) => roundTo(x, 3);

/**
 * MailHub search over the 10,000-message corpus (scenarios/mail/seeds/mailhub_scaled.json), through the real router
 * and handler (validation, SQL, serialisation), in one environment. Queries cycle through senders and month windows.
 */
export async function benchMail(options: { queries?: number } = {}): Promise<MailBenchFigures> {
  const queries = options.queries ?? 100;
  const seed = readJsonFile(join(repoRoot, 'scenarios/mail/seeds/mailhub_scaled.json'), 'the scaled mail seed') as SeedTables;
  const engine = await Engine.create({ services: [mail] });
  try {
    const t0 = performance.now();
    await engine.loadTemplate('mail_bench', seed);
    const templateLoadMs = performance.now() - t0;
    const env = await engine.createEnvironment('mail_bench', { actingUserId: 'amara.osei' });
    const router = createRouter([mail]);
    const get = async (path: string, args: Record<string, string>) => {
      const started = performance.now();
      const res = await router.route(new Request(`${MAIL_BASE_URL}${path.replace(/^\//, '')}?${new URLSearchParams(args)}`, { headers: { authorization: 'Bearer bench' } }), env);
      const body = (await res.json()) as { items: unknown[]; next_page_token: string | null };
      if (res.status !== 200) throw new Error(`bench query failed: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, body };
    };
    const senders = ['alerts@brightwater.example', 'billing@ferrowind.example', 'kofi.mensah@brightwater.example', 'expenses@brightwater.example', 'digest@ops-weekly.example'];
    const months = ['2025-05', '2025-07', '2025-09', '2025-11', '2026-01', '2026-02'];
    // Warm-up: the first queries compile plans.
    for (let i = 0; i < 5; i++) await get('/messages', { from: senders[i], page_size: '50' });
    const search: number[] = [];
    const hits: number[] = [];
    for (let i = 0; i < queries; i++) {
      const month = months[i % months.length];
      const [y, m] = month.split('-').map(Number);
      const end = new Date(Date.UTC(y, m, 1)).toISOString();
      const r = await get('/messages/search', {
        query: i % 2 ? 'delayed' : 'invoice',
        from: senders[i % 2 ? 0 : 1],
        received_after: `${month}-01T00:00:00Z`,
        received_before: end,
        page_size: '50',
      });
      search.push(r.ms);
      hits.push(r.body.items.length);
    }
    const deep: number[] = [];
    for (let i = 0; i < Math.max(10, queries / 5); i++) {
      const r = await get('/messages', { from: senders[i % senders.length], page_size: '50', page_token: btoa('o:200') });
      deep.push(r.ms);
    }
    await env.dispose();
    const msgs = (seed.messages ?? []) as { owner_id: string }[];
    return {
      corpusMessages: msgs.length,
      personaMessages: msgs.filter((x) => x.owner_id === 'amara.osei').length,
      templateLoadMs: Math.round(templateLoadMs),
      searchPage50: { n: search.length, medianMs: r3(median(search)), p95Ms: r3(p95(search)) },
      deepPage50: { n: deep.length, medianMs: r3(median(deep)), p95Ms: r3(p95(deep)) },
      medianHits: median(hits),
    };
  } finally {
    await engine.close();
  }
}
