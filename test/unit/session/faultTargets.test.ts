import { describe, expect, it } from 'vitest';
import { createRouter, replicas } from '../../../src/replicas/index.ts';
import { parseFaultPlan, withFaults, type FaultEvent } from '../../../src/session/faults.ts';

const router = createRouter(replicas);
const served: string[] = [];
const handler = async (request: Request) => {
  served.push(new URL(request.url).host);
  return new Response('{}', { status: 200 });
};

describe('faults aimed at one service of a multi-service run', () => {
  it('fault and count only the requests to that service, in its own error shape', async () => {
    const events: FaultEvent[] = [];
    const send = withFaults(handler, parseFaultPlan('rate-limit=1,on=box'), router, (e) => events.push(e));
    const slack = await send(new Request('https://slack.com/api/auth.test', { method: 'POST' }));
    const box = await send(new Request('https://api.box.com/2.0/users/me'));
    expect(slack.status).toBe(200);
    expect(box.status).toBe(429);
    expect(await box.json()).toMatchObject({ type: 'error', status: 429, code: 'rate_limit_exceeded' });
    expect(served).toEqual(['slack.com']);
    expect(events).toEqual([{ request: 1, url: 'https://api.box.com/2.0/users/me', fault: 'rate-limit' }]);
  });

  it('fault every service when the plan names none', async () => {
    const send = withFaults(handler, parseFaultPlan('5xx=1'), router);
    expect((await send(new Request('https://slack.com/api/auth.test', { method: 'POST' }))).status).toBe(503);
    expect((await send(new Request('https://api.box.com/2.0/users/me'))).status).toBe(503);
  });
});
