import { LogLevel, WebClient, ErrorCode, type WebAPIRateLimitedError, type WebAPIHTTPError } from '@slack/web-api';
import { describe, expect, it } from 'vitest';
import { withFaults, type FaultEvent, type FaultPlan } from '../../../src/session/index.ts';
import { withSlackEnvironment } from '../../helpers/slackEnvironment.ts';
import { withSlackSuiteWorkbench } from '../../helpers/slackSuiteWorkbench.ts';

describe('fault injection seen by the official Slack SDK', () => {
  const slack = withSlackEnvironment();
  function client(plan: FaultPlan, events: FaultEvent[] = []): WebClient {
    const faulty = withFaults((request) => slack.router.route(request, slack.env), plan, slack.router, (e) => events.push(e));
    return new WebClient('xoxb-placeholder', {
      slackApiUrl: 'https://slack.com/api/',
      fetch: ((input: string | URL | Request, init?: RequestInit) => faulty(new Request(input, init))) as typeof fetch,
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      logLevel: LogLevel.ERROR,
    });
  }

  it('answers the rate-limited request with 429 and Retry-After, as Slack does, and lets the next one through', async () => {
    const events: FaultEvent[] = [];
    const web = client({ rateLimit: { every: 2, retryAfterSeconds: 7 } }, events);
    expect(await web.auth.test()).toMatchObject({ ok: true });
    const err = (await web.chat.postMessage({ channel: 'C0GENERAL', text: 'hello' }).catch((e) => e)) as WebAPIRateLimitedError;
    expect(err.code).toBe(ErrorCode.RateLimitedError);
    expect(err.retryAfter).toBe(7);
    // The rate-limited post never reached the replica: nothing changed.
    expect((await slack.diff()).inserts).toEqual([]);
    expect(await web.chat.postMessage({ channel: 'C0GENERAL', text: 'hello' })).toMatchObject({ ok: true });
    expect(events.map((e) => e.fault)).toEqual(['rate-limit']);
  });

  it('fails the chosen request with a transient 503', async () => {
    const web = client({ serverErrors: { every: 1 } });
    const err = (await web.auth.test().catch((e) => e)) as WebAPIHTTPError;
    expect(err.code).toBe(ErrorCode.HTTPError);
    expect(err.statusCode).toBe(503);
  });

  it('shortens pages so that next_cursor appears where the default page would hold everything', async () => {
    const plain = await client({}).conversations.list({ types: 'public_channel,private_channel' });
    expect(plain.response_metadata?.next_cursor ?? '').toBe('');
    const events: FaultEvent[] = [];
    const web = client({ pageSize: 2 }, events);
    const first = await web.conversations.list({ types: 'public_channel,private_channel' });
    expect(first.channels).toHaveLength(2);
    expect(first.response_metadata?.next_cursor).toBeTruthy();
    // A smaller limit than the clamp is kept.
    expect((await web.conversations.list({ types: 'public_channel', limit: 1 })).channels).toHaveLength(1);
    const all: string[] = [];
    for await (const page of web.paginate('conversations.list', { types: 'public_channel,private_channel', limit: 50 })) {
      all.push(...((page as { channels?: { id?: string }[] }).channels ?? []).map((c) => c.id!));
    }
    expect(all).toEqual(plain.channels?.map((c) => c.id));
    expect(events.every((e) => e.fault === 'page-size')).toBe(true);
    // Methods without a page size are left alone.
    await web.auth.test();
    expect(events.at(-1)?.url).toContain('conversations.list');
  });
});

describe('fault injection seen by a sandboxed script', () => {
  const project = withSlackSuiteWorkbench();

  it('lets a script read the 429, wait Retry-After and retry; the session records the faults', async () => {
    const session = await project.workbench.open(project.scenario);
    session.setFaults({ rateLimit: { every: 1, retryAfterSeconds: 1 } });
    const step = await session.runStep(`
      const call = () => fetch('https://slack.com/api/auth.test', { method: 'POST', headers: { Authorization: 'Bearer x' } });
      const r = await call();
      console.log(r.status, r.headers.get('retry-after'), JSON.stringify(await r.json()));
    `);
    expect(step.script.ok).toBe(true);
    expect(step.script.console.map((c) => c.text)).toEqual(['429 1 {"ok":false,"error":"ratelimited"}']);
    expect(session.faults).toEqual({ rateLimit: { every: 1, retryAfterSeconds: 1 } });
    expect(session.faultEvents).toEqual([{ request: 1, url: 'https://slack.com/api/auth.test', fault: 'rate-limit' }]);
    await session.dispose();
  });

  it('has no faults unless a run asks for them', async () => {
    const session = await project.workbench.open(project.scenario);
    const step = await session.runStep(`const r = await fetch('https://slack.com/api/auth.test', { method: 'POST', headers: { Authorization: 'Bearer x' } }); console.log(r.status);`);
    expect(step.script.console.map((c) => c.text)).toEqual(['200']);
    expect(session.faultEvents).toEqual([]);
    await session.dispose();
  });
});
