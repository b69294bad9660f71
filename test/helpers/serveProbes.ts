import { expect } from 'vitest';

/**
 * What another user of `serve` does while something heavy is under way: a health check and an ordinary read (the
 * Slack channels of environment `envId`), each noted in `order` when answered.
 */
export async function healthAndReadDuring(serverUrl: string, envId: string, order: string[]): Promise<void> {
  await Promise.all([
    fetch(`${serverUrl}/api/platform/health`).then(async (r) => {
      expect((await r.json()).status).toBe('healthy');
      order.push('health');
    }),
    fetch(`${serverUrl}/api/env/${envId}/services/slack/conversations.list`, { method: 'POST', headers: { authorization: 'Bearer x' } }).then(async (r) => {
      expect((await r.json()).ok).toBe(true);
      order.push('read');
    }),
  ]);
}
