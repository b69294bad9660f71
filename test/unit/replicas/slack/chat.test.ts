import { describe, expect, it } from 'vitest';
import { slackTestSeed, withSlackEnvironment } from '../../../helpers/slackEnvironment.ts';

const slack = withSlackEnvironment();

// The environment clock starts at the replica's default (2026-01-15 17:00 UTC) and advances a second per reading.
const FIRST_TS = `${Date.UTC(2026, 0, 15, 17, 0, 0) / 1000}.000000`;

describe('chat.postMessage', () => {
  it('posts into a channel by id and stores the message with its ts as id', async () => {
    const res = await slack.call('chat.postMessage', { channel: 'C0GENERAL', text: 'hello team' });
    expect(res).toMatchObject({ ok: true, channel: 'C0GENERAL', ts: FIRST_TS });
    expect(res.message).toMatchObject({ type: 'message', user: 'U0BOT', text: 'hello team', ts: FIRST_TS, team: 'T0ACME' });
    const diff = await slack.diff();
    expect(diff.updates).toEqual([]);
    expect(diff.deletes).toEqual([]);
    expect(diff.inserts).toEqual([
      expect.objectContaining({
        __table__: 'messages',
        message_id: FIRST_TS,
        ts: FIRST_TS,
        channel_id: 'C0GENERAL',
        user_id: 'U0BOT',
        message_text: 'hello team',
        parent_id: null,
        type: 'message',
        blocks: null,
      }),
    ]);
  });

  it('gives successive messages increasing, distinct ts values', async () => {
    const a = await slack.call('chat.postMessage', { channel: 'C0GENERAL', text: 'one' });
    const b = await slack.call('chat.postMessage', { channel: 'C0GENERAL', text: 'two' });
    expect(Number(b.ts)).toBeGreaterThan(Number(a.ts));
  });

  it('accepts a channel name with or without #', async () => {
    expect(await slack.call('chat.postMessage', { channel: '#general', text: 'a' })).toMatchObject({ ok: true, channel: 'C0GENERAL' });
    expect(await slack.call('chat.postMessage', { channel: 'launch', text: 'b' })).toMatchObject({ ok: true, channel: 'C0LAUNCH' });
  });

  it('posts to a user id through the DM with that user, opening it when needed', async () => {
    const existing = await slack.call('chat.postMessage', { channel: 'U0ADA', text: 'report attached' });
    expect(existing).toMatchObject({ ok: true, channel: 'D0BOTADA' });
    const fresh = await slack.call('chat.postMessage', { channel: 'U0CAT', text: 'hi Cat' });
    expect(fresh.ok).toBe(true);
    expect(fresh.channel).toMatch(/^D/);
    const diff = await slack.diff();
    expect(diff.inserts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ __table__: 'channels', channel_id: fresh.channel, is_dm: true, is_gc: false, is_private: true }),
        expect.objectContaining({ __table__: 'channel_members', channel_id: fresh.channel, user_id: 'U0BOT' }),
        expect.objectContaining({ __table__: 'channel_members', channel_id: fresh.channel, user_id: 'U0CAT' }),
        expect.objectContaining({ __table__: 'messages', channel_id: fresh.channel, message_text: 'hi Cat' }),
      ]),
    );
  });

  it('stores blocks sent as a JSON string (form) or as an array (JSON body)', async () => {
    const blocks = [{ type: 'rich_text', elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: 'Bold', style: { bold: true } }] }] }];
    const viaForm = await slack.call('chat.postMessage', { channel: 'C0GENERAL', blocks: JSON.stringify(blocks) });
    const viaJson = await slack.call('chat.postMessage', { channel: 'C0GENERAL', text: 'fallback', blocks }, { json: true });
    expect(viaForm.message.blocks).toEqual(blocks);
    expect(viaJson.message).toMatchObject({ text: 'fallback', blocks });
    const rows = await slack.query<{ blocks: unknown; message_text: string }>(
      `SELECT blocks, message_text FROM messages WHERE message_id = ANY($1::text[]) ORDER BY message_id`,
      [[viaForm.ts, viaJson.ts]],
    );
    expect(rows).toEqual([
      { blocks, message_text: '' },
      { blocks, message_text: 'fallback' },
    ]);
  });

  it('replies in a thread, and a reply to a reply joins the same thread', async () => {
    const reply = await slack.call('chat.postMessage', { channel: 'C0GENERAL', text: 'count me in', thread_ts: '1700000200.000300' });
    expect(reply.message).toMatchObject({ thread_ts: '1700000200.000300', parent_user_id: 'U0BOB' });
    const nested = await slack.call('chat.postMessage', { channel: 'C0GENERAL', text: 'me too', thread_ts: '1700000300.000400' });
    expect(nested.message.thread_ts).toBe('1700000200.000300');
    const rows = await slack.query(`SELECT parent_id FROM messages WHERE message_id = ANY($1::text[])`, [[reply.ts, nested.ts]]);
    expect(rows).toEqual([{ parent_id: '1700000200.000300' }, { parent_id: '1700000200.000300' }]);
    // The parent row itself does not change: its reply count is derived.
    expect((await slack.diff()).updates).toEqual([]);
    const parent = await slack.call('conversations.history', { channel: 'C0GENERAL', latest: '1700000200.000300', inclusive: true, limit: 1 });
    expect(parent.messages[0]).toMatchObject({ reply_count: 4, latest_reply: nested.ts });
  });

  it('shows a reply_broadcast reply in the channel history as well', async () => {
    const reply = await slack.call('chat.postMessage', {
      channel: 'C0GENERAL',
      text: 'everyone: lunch at noon',
      thread_ts: '1700000200.000300',
      reply_broadcast: 'true',
    });
    expect(reply.message).toMatchObject({ subtype: 'thread_broadcast', thread_ts: '1700000200.000300' });
    const history = await slack.call('conversations.history', { channel: 'C0GENERAL', limit: 1 });
    expect(history.messages[0].ts).toBe(reply.ts);
  });

  it('tolerates as_user, username and icon arguments', async () => {
    const res = await slack.call('chat.postMessage', { channel: 'C0GENERAL', text: 'x', as_user: true, username: 'Robo', icon_emoji: ':robot:' });
    expect(res).toMatchObject({ ok: true, message: { user: 'U0BOT' } });
  });

  it.each([
    ['no channel', { text: 'x' }, 'channel_not_found'],
    ['an unknown channel', { channel: 'CNOPE', text: 'x' }, 'channel_not_found'],
    ['a private channel one is not in', { channel: 'C0SECRET', text: 'x' }, 'channel_not_found'],
    ['a public channel one is not in', { channel: 'C0RANDOM', text: 'x' }, 'not_in_channel'],
    ['an archived channel', { channel: 'C0OLD', text: 'x' }, 'is_archived'],
    ['no text, blocks or attachments', { channel: 'C0GENERAL', text: '  ' }, 'no_text'],
    ['text over 40,000 characters', { channel: 'C0GENERAL', text: 'a'.repeat(40_001) }, 'msg_too_long'],
    ['blocks that are not JSON', { channel: 'C0GENERAL', blocks: '[{' }, 'invalid_blocks_format'],
    ['blocks that are not an array', { channel: 'C0GENERAL', blocks: '{"type":"section"}' }, 'invalid_blocks_format'],
    ['attachments that are not an array', { channel: 'C0GENERAL', text: 'x', attachments: '{}' }, 'invalid_attachments'],
    ['an unknown thread', { channel: 'C0GENERAL', text: 'x', thread_ts: '1600000000.000001' }, 'thread_not_found'],
    ['a thread of another channel', { channel: 'C0GENERAL', text: 'x', thread_ts: '1700000500.000600' }, 'thread_not_found'],
  ])('refuses %s', async (_what, params, error) => {
    const { status, body } = await slack.request('chat.postMessage', params);
    expect(status).toBe(200);
    expect(body).toEqual({ ok: false, error });
    expect(await slack.diff()).toEqual({ inserts: [], updates: [], deletes: [] });
  });

  it('names the bad block in invalid_blocks', async () => {
    const res = await slack.call('chat.postMessage', { channel: 'C0GENERAL', blocks: [{ type: 'divider' }, { type: 'sparkle' }] });
    expect(res).toEqual({
      ok: false,
      error: 'invalid_blocks',
      response_metadata: { messages: ['[ERROR] unsupported type: sparkle [json-pointer:/blocks/1/type]'] },
    });
  });
});

describe('chat.postMessage and the clock', () => {
  const NEXT_SECOND_TS = `${Date.UTC(2026, 0, 15, 17, 0, 1) / 1000}.000000`;
  const slack = withSlackEnvironment();
  // A seed message holding the ts the first post would get.
  const taken = withSlackEnvironment(
    { ...slackTestSeed, messages: [...(slackTestSeed.messages ?? []), { message_id: FIRST_TS, ts: FIRST_TS, channel_id: 'C0RANDOM', user_id: 'U0ADA', message_text: 'first' }] },
    { template: 'slack_unit_taken_ts' },
  );

  it('takes no time for a refused post: the next message gets the ts the refused one would have had', async () => {
    for (const channel of ['C0RANDOM', 'C0OLD', 'C0SECRET', 'CNOPE', 'random']) expect((await slack.call('chat.postMessage', { channel, text: 'x' })).ok).toBe(false);
    expect(await slack.call('chat.postMessage', { channel: 'C0GENERAL', text: 'y' })).toMatchObject({ ok: true, ts: FIRST_TS });
    expect(await slack.call('chat.postMessage', { channel: 'general', text: 'z' })).toMatchObject({ ok: true, ts: NEXT_SECOND_TS });
  });

  it('moves past a ts a seed message holds by a microsecond, and the clock on by one reading', async () => {
    const posted = await taken.call('chat.postMessage', { channel: 'C0GENERAL', text: 'hello' });
    expect(posted).toMatchObject({ ok: true, channel: 'C0GENERAL', ts: FIRST_TS.replace(/0$/, '1'), message: { text: 'hello', user: 'U0BOT' } });
    expect(await taken.call('chat.postMessage', { channel: 'C0GENERAL', text: 'again' })).toMatchObject({ ok: true, ts: NEXT_SECOND_TS });
    expect((await taken.diff()).inserts.map((r) => [r.message_id, r.message_text])).toEqual([
      [FIRST_TS.replace(/0$/, '1'), 'hello'],
      [NEXT_SECOND_TS, 'again'],
    ]);
  });
});

describe('chat.update', () => {
  it('changes only the text (and the edit time) of the message', async () => {
    const res = await slack.call('chat.update', { channel: 'C0GENERAL', ts: '1700000100.000200', text: 'Fuel check: all green' });
    expect(res).toMatchObject({ ok: true, channel: 'C0GENERAL', ts: '1700000100.000200', text: 'Fuel check: all green' });
    expect(res.message).toMatchObject({ text: 'Fuel check: all green', edited: { user: 'U0BOT' } });
    const diff = await slack.diff();
    expect(diff.inserts).toEqual([]);
    expect(diff.updates).toHaveLength(1);
    const { before, after } = diff.updates[0];
    const changed = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    expect(changed.sort()).toEqual(['message_text', 'updated_at']);
  });

  it('replaces blocks when given, drops them for new text alone, keeps them when only attachments change', async () => {
    const posted = await slack.call('chat.postMessage', { channel: 'C0GENERAL', text: 't', blocks: [{ type: 'divider' }] });
    const keep = await slack.call('chat.update', { channel: 'C0GENERAL', ts: posted.ts, attachments: [{ text: 'note' }] });
    expect(keep.message).toMatchObject({ blocks: [{ type: 'divider' }], attachments: [{ text: 'note' }] });
    const swap = await slack.call('chat.update', { channel: 'C0GENERAL', ts: posted.ts, blocks: [{ type: 'header', text: { type: 'plain_text', text: 'H' } }] });
    expect(swap.message.blocks).toEqual([{ type: 'header', text: { type: 'plain_text', text: 'H' } }]);
    const textOnly = await slack.call('chat.update', { channel: 'C0GENERAL', ts: posted.ts, text: 'plain now' });
    expect(textOnly.message.blocks).toBeUndefined();
    const [row] = await slack.query(`SELECT blocks, attachments FROM messages WHERE message_id = $1`, [posted.ts]);
    expect(row).toEqual({ blocks: null, attachments: [{ text: 'note' }] });
  });

  it.each([
    ['an unknown channel', { channel: 'CNOPE', ts: '1700000100.000200', text: 'x' }, 'channel_not_found'],
    ['a message of another channel', { channel: 'C0LAUNCH', ts: '1700000100.000200', text: 'x' }, 'message_not_found'],
    ['an unknown ts', { channel: 'C0GENERAL', ts: '1700000100.999999', text: 'x' }, 'message_not_found'],
    ["someone else's message", { channel: 'C0GENERAL', ts: '1700000000.000100', text: 'x' }, 'cant_update_message'],
    ['an archived channel', { channel: 'C0OLD', ts: '1700000050.000050', text: 'x' }, 'is_inactive'],
    ['nothing to change', { channel: 'C0GENERAL', ts: '1700000100.000200' }, 'no_text'],
    ['over-long text', { channel: 'C0GENERAL', ts: '1700000100.000200', text: 'a'.repeat(40_001) }, 'msg_too_long'],
    ['bad blocks', { channel: 'C0GENERAL', ts: '1700000100.000200', blocks: [{ type: 'section' }] }, 'invalid_blocks'],
  ])('refuses %s', async (_what, params, error) => {
    const res = await slack.call('chat.update', params);
    expect(res).toMatchObject({ ok: false, error });
    expect(await slack.diff()).toEqual({ inserts: [], updates: [], deletes: [] });
  });
});

describe('chat.delete', () => {
  it('deletes an own message', async () => {
    const res = await slack.call('chat.delete', { channel: 'C0GENERAL', ts: '1700000100.000200' });
    expect(res).toEqual({ ok: true, channel: 'C0GENERAL', ts: '1700000100.000200' });
    const diff = await slack.diff();
    expect(diff.deletes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ __table__: 'messages', message_id: '1700000100.000200' }),
        expect.objectContaining({ __table__: 'message_reactions', message_id: '1700000100.000200', reaction_type: 'rocket' }),
      ]),
    );
    expect(diff.deletes).toHaveLength(2);
  });

  it("lets a workspace admin delete someone else's message", async () => {
    slack.actAs('U0ADA');
    expect(await slack.call('chat.delete', { channel: 'C0GENERAL', ts: '1700000100.000200' })).toMatchObject({ ok: true });
  });

  it('leaves a placeholder for a thread parent with replies, removed with the last reply', async () => {
    slack.actAs('U0BOB');
    expect(await slack.call('chat.delete', { channel: 'C0GENERAL', ts: '1700000200.000300' })).toMatchObject({ ok: true });
    let [parent] = await slack.query(`SELECT subtype, message_text FROM messages WHERE message_id = '1700000200.000300'`);
    expect(parent).toEqual({ subtype: 'tombstone', message_text: 'This message was deleted.' });
    const thread = await slack.call('conversations.replies', { channel: 'C0GENERAL', ts: '1700000200.000300' });
    expect(thread.messages[0]).toMatchObject({ subtype: 'tombstone', reply_count: 2 });
    slack.actAs('U0ADA');
    await slack.call('chat.delete', { channel: 'C0GENERAL', ts: '1700000300.000400' });
    await slack.call('chat.delete', { channel: 'C0GENERAL', ts: '1700000400.000500' });
    [parent] = await slack.query(`SELECT subtype FROM messages WHERE message_id = '1700000200.000300'`);
    expect(parent).toBeUndefined();
  });

  it.each([
    ['an unknown channel', { channel: 'CNOPE', ts: '1700000100.000200' }, 'channel_not_found'],
    ['an unknown ts', { channel: 'C0GENERAL', ts: '1700000100.000201' }, 'message_not_found'],
    ['a missing ts', { channel: 'C0GENERAL' }, 'message_not_found'],
    ["someone else's message", { channel: 'C0GENERAL', ts: '1700000000.000100' }, 'cant_delete_message'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('chat.delete', params)).toEqual({ ok: false, error });
    expect(await slack.diff()).toEqual({ inserts: [], updates: [], deletes: [] });
  });
});

describe('chat.getPermalink', () => {
  it('links to a message, and to a reply within its thread', async () => {
    expect(await slack.call('chat.getPermalink', { channel: 'C0GENERAL', message_ts: '1700000200.000300' })).toEqual({
      ok: true,
      channel: 'C0GENERAL',
      permalink: 'https://acme-rockets.slack.com/archives/C0GENERAL/p1700000200000300',
    });
    const reply = await slack.call('chat.getPermalink', { channel: 'C0GENERAL', message_ts: '1700000300.000400' });
    expect(reply.permalink).toBe(
      'https://acme-rockets.slack.com/archives/C0GENERAL/p1700000300000400?thread_ts=1700000200.000300&cid=C0GENERAL',
    );
  });

  it.each([
    ['an unknown channel', { channel: 'CNOPE', message_ts: '1700000200.000300' }, 'channel_not_found'],
    ['an unknown message', { channel: 'C0GENERAL', message_ts: '1700000200.000301' }, 'message_not_found'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('chat.getPermalink', params)).toEqual({ ok: false, error });
  });
});
