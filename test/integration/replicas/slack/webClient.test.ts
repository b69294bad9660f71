import { LogLevel, WebClient } from '@slack/web-api';
import { describe, expect, it } from 'vitest';
import { withSlackEnvironment } from '../../../helpers/slackEnvironment.ts';

const slack = withSlackEnvironment();

/** The official SDK, its requests handed to the router in-process through its `fetch` option. */
function client(): WebClient {
  const fetch = (input: string | URL | Request, init?: RequestInit) => slack.router.route(new Request(input, init), slack.env);
  return new WebClient('xoxb-placeholder', {
    slackApiUrl: 'https://slack.com/api/',
    fetch: fetch as typeof globalThis.fetch,
    retryConfig: { retries: 0 },
    logLevel: LogLevel.ERROR,
  });
}

describe('@slack/web-api against the replica', () => {
  it('posts a message and reads it back', async () => {
    const web = client();
    const posted = await web.chat.postMessage({ channel: 'C0GENERAL', text: 'Countdown resumed', blocks: [{ type: 'divider' }] });
    expect(posted).toMatchObject({ ok: true, channel: 'C0GENERAL', message: { text: 'Countdown resumed', blocks: [{ type: 'divider' }] } });
    const history = await web.conversations.history({ channel: 'C0GENERAL', limit: 1 });
    expect(history.messages?.[0]).toMatchObject({ ts: posted.ts, text: 'Countdown resumed', user: 'U0BOT' });
    const diff = await slack.diff();
    expect(diff.inserts).toEqual([
      expect.objectContaining({ __table__: 'messages', message_id: posted.ts, channel_id: 'C0GENERAL', blocks: [{ type: 'divider' }] }),
    ]);
  });

  it('pages through conversations.list with paginate and limit 2', async () => {
    const web = client();
    const pages: string[][] = [];
    for await (const page of web.paginate('conversations.list', { limit: 2, types: 'public_channel,private_channel' })) {
      pages.push(((page as { channels?: { id?: string }[] }).channels ?? []).map((c) => c.id!));
    }
    expect(pages).toEqual([
      ['C0GENERAL', 'C0LAUNCH'],
      ['C0OLD', 'C0PRIV'],
      ['C0RANDOM'],
    ]);
  });

  it('reacts, invites and opens a DM, and the diff shows exactly that', async () => {
    const web = client();
    expect(await web.reactions.add({ channel: 'C0GENERAL', timestamp: '1700000000.000100', name: 'rocket' })).toMatchObject({ ok: true });
    const invited = await web.conversations.invite({ channel: 'C0LAUNCH', users: 'U0CAT' });
    expect(invited.channel).toMatchObject({ id: 'C0LAUNCH', name: 'launch' });
    const opened = await web.conversations.open({ users: 'U0BOB' });
    const dm = opened.channel?.id;
    expect(dm).toMatch(/^D/);
    await web.chat.postMessage({ channel: dm!, text: 'Lunch is on me' });

    const diff = await slack.diff();
    expect(diff.updates).toEqual([]);
    expect(diff.deletes).toEqual([]);
    expect(diff.inserts.map((r) => r.__table__).sort()).toEqual(
      ['channel_members', 'channel_members', 'channel_members', 'channels', 'message_reactions', 'messages'].sort(),
    );
    expect(diff.inserts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ __table__: 'message_reactions', message_id: '1700000000.000100', reaction_type: 'rocket', user_id: 'U0BOT' }),
        expect.objectContaining({ __table__: 'channel_members', channel_id: 'C0LAUNCH', user_id: 'U0CAT' }),
        expect.objectContaining({ __table__: 'channels', channel_id: dm, is_dm: true }),
        expect.objectContaining({ __table__: 'messages', channel_id: dm, message_text: 'Lunch is on me' }),
      ]),
    );
  });

  it('surfaces ok:false as the SDK platform error', async () => {
    const web = client();
    await expect(web.chat.postMessage({ channel: 'C0RANDOM', text: 'hello?' })).rejects.toMatchObject({
      code: 'slack_webapi_platform_error',
      data: { ok: false, error: 'not_in_channel' },
    });
    await expect(web.conversations.invite({ channel: 'C0LAUNCH', users: 'U0BOB' })).rejects.toMatchObject({
      data: { error: 'already_in_channel', errors: [{ user: 'U0BOB', ok: false, error: 'already_in_channel' }] },
    });
    expect(await slack.diff()).toEqual({ inserts: [], updates: [], deletes: [] });
  });

  it('rejects leaving a channel one is not in with the platform error whose data says not_in_channel', async () => {
    const web = client();
    const err = await web.conversations.leave({ channel: 'C0RANDOM' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'slack_webapi_platform_error', data: { ok: false, not_in_channel: true } });
    expect((err as { data: { error?: string } }).data.error).toBeUndefined();
    await expect(web.conversations.leave({ channel: 'C0GENERAL' })).rejects.toMatchObject({ data: { ok: false, error: 'cant_leave_general' } });
    expect(await web.conversations.leave({ channel: 'C0LAUNCH' })).toMatchObject({ ok: true });
  });

  it('rejects a reaction with an emoji name Slack does not have', async () => {
    const web = client();
    await expect(web.reactions.add({ channel: 'C0GENERAL', timestamp: '1700000000.000100', name: 'definitely_not_an_emoji' })).rejects.toMatchObject({
      data: { ok: false, error: 'invalid_name' },
    });
    expect(await slack.diff()).toEqual({ inserts: [], updates: [], deletes: [] });
  });
});
