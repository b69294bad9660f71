import { describe, expect, it } from 'vitest';
import { createRouter, replicas } from '../../../src/replicas/index.ts';
import { withFaults } from '../../../src/session/faults.ts';

/** Fault answers come from each replica's own declaration (`Replica.faults`), in that service's error shape. */
describe('fault injection answers in each service’s own shape', () => {
  const router = createRouter(replicas);
  const seen: Request[] = [];
  const handler = async (request: Request) => {
    seen.push(request);
    return Response.json({ reached: true });
  };
  const rateLimited = withFaults(handler, { rateLimit: { every: 1, retryAfterSeconds: 9 } }, router);
  const unavailable = withFaults(handler, { serverErrors: { every: 1 } }, router);

  const urls: Record<string, string> = {
    slack: 'https://slack.com/api/conversations.list',
    box: 'https://api.box.com/2.0/folders/0/items',
    calendar: 'https://www.googleapis.com/calendar/v3/users/me/calendarList',
    linear: 'https://api.linear.app/graphql',
    mail: 'https://api.mailhub.example/v1/messages',
  };

  it('every replica declares its answers', () => {
    for (const replica of replicas) {
      expect(typeof replica.faults.rateLimited, replica.name).toBe('function');
      expect(typeof replica.faults.unavailable, replica.name).toBe('function');
      expect(urls[replica.name], `a URL for ${replica.name} in this test`).toBeTruthy();
    }
  });

  it('a rate limit is 429 with Retry-After and the service’s error body', async () => {
    const bodies: Record<string, unknown> = {};
    for (const [service, url] of Object.entries(urls)) {
      const res = await rateLimited(new Request(url));
      expect(res.status, service).toBe(429);
      expect(res.headers.get('retry-after'), service).toBe('9');
      bodies[service] = await res.json();
    }
    expect(bodies.slack).toEqual({ ok: false, error: 'ratelimited' });
    expect(bodies.box).toMatchObject({ type: 'error', status: 429, code: 'rate_limit_exceeded' });
    expect(bodies.calendar).toMatchObject({
      error: { code: 429, errors: [{ domain: 'usageLimits', reason: 'rateLimitExceeded' }], status: 'RESOURCE_EXHAUSTED' },
    });
    expect(bodies.linear).toMatchObject({ errors: [{ extensions: { code: 'RATELIMITED' } }] });
    expect(bodies.mail).toMatchObject({ error: { code: 'rate_limited' } });
    expect(seen).toEqual([]);
  });

  it('a transient error is 503 in the service’s error body', async () => {
    for (const [service, url] of Object.entries(urls)) {
      const res = await unavailable(new Request(url));
      expect(res.status, service).toBe(503);
      const body = await res.json();
      expect(body, service).not.toHaveProperty('reached');
    }
    const mail = await (await unavailable(new Request(urls.mail))).json();
    expect(mail).toMatchObject({ error: { code: 'unavailable' } });
    expect(seen).toEqual([]);
  });

  it('short pages clamp the page-size parameter each replica names, MailHub’s page_size included', async () => {
    const short = withFaults(handler, { pageSize: 2 }, router);
    seen.length = 0;
    await short(new Request(`${urls.mail}?page_size=50`));
    await short(new Request(`${urls.calendar}?maxResults=100`));
    await short(new Request(`${urls.box}`));
    expect(seen.map((r) => new URL(r.url).search)).toEqual(['?page_size=2', '?maxResults=2', '?limit=2']);
  });
});
