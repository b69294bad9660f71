import { describe, expect, it } from 'vitest';
import { withSlackEnvironment } from '../../../helpers/slackEnvironment.ts';

const slack = withSlackEnvironment();
const NO_CHANGE = { inserts: [], updates: [], deletes: [] };

/** The fields of a diff update that changed. */
function changedFields(update: { before: Record<string, unknown>; after: Record<string, unknown> }): string[] {
  return Object.keys(update.after)
    .filter((k) => JSON.stringify(update.before[k]) !== JSON.stringify(update.after[k]))
    .sort();
}

describe('conversations.list', () => {
  it('lists every public channel by default, with membership and member counts', async () => {
    const res = await slack.call('conversations.list');
    expect(res.ok).toBe(true);
    expect(res.channels.map((c: any) => c.id)).toEqual(['C0GENERAL', 'C0LAUNCH', 'C0OLD', 'C0RANDOM']);
    const general = res.channels.find((c: any) => c.id === 'C0GENERAL');
    expect(general).toMatchObject({
      name: 'general',
      is_channel: true,
      is_group: false,
      is_im: false,
      is_mpim: false,
      is_private: false,
      is_archived: false,
      is_general: true,
      is_member: true,
      num_members: 4,
      topic: { value: 'Launch day', creator: '', last_set: 0 },
      purpose: { value: 'Everyone' },
      previous_names: [],
    });
    expect(res.channels.find((c: any) => c.id === 'C0RANDOM')).toMatchObject({ is_member: false, num_members: 2 });
    expect(res.response_metadata).toEqual({ next_cursor: '' });
  });

  it('adds private channels, group DMs and DMs the caller belongs to when asked', async () => {
    const res = await slack.call('conversations.list', { types: 'public_channel,private_channel,mpim,im' });
    const ids = res.channels.map((c: any) => c.id);
    expect(ids).toContain('C0PRIV');
    expect(ids).not.toContain('C0SECRET');
    expect(res.channels.find((c: any) => c.id === 'G0TRIO')).toMatchObject({ is_mpim: true, is_group: true, is_private: true, is_channel: false });
    expect(res.channels.find((c: any) => c.id === 'D0BOTADA')).toMatchObject({ is_im: true, user: 'U0ADA' });
  });

  it('excludes archived channels on request', async () => {
    const res = await slack.call('conversations.list', { exclude_archived: 'true' });
    expect(res.channels.map((c: any) => c.id)).not.toContain('C0OLD');
  });

  it('pages with limit and next_cursor', async () => {
    const first = await slack.call('conversations.list', { limit: 3 });
    expect(first.channels).toHaveLength(3);
    expect(first.response_metadata.next_cursor).not.toBe('');
    const second = await slack.call('conversations.list', { limit: 3, cursor: first.response_metadata.next_cursor });
    expect(second.channels.map((c: any) => c.id)).toEqual(['C0RANDOM']);
    expect(second.response_metadata.next_cursor).toBe('');
  });

  it.each([
    ['an unknown type', { types: 'public_channel,forums' }, 'invalid_types'],
    ['a type named like an Object property', { types: 'toString' }, 'invalid_types'],
    ['a foreign cursor', { cursor: 'bm90LWEtY3Vyc29y' }, 'invalid_cursor'],
    ['a cursor that is not base64', { cursor: '%%%' }, 'invalid_cursor'],
    ['a negative limit', { limit: -1 }, 'invalid_limit'],
    ['a limit that is not a number', { limit: 'ten' }, 'invalid_limit'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('conversations.list', params)).toEqual({ ok: false, error });
  });
});

describe('conversations.info', () => {
  it('describes a channel, with the member count on request', async () => {
    const res = await slack.call('conversations.info', { channel: 'C0LAUNCH', include_num_members: 'true' });
    expect(res).toMatchObject({ ok: true, channel: { id: 'C0LAUNCH', name: 'launch', is_member: true, num_members: 2, is_general: false } });
    const plain = await slack.call('conversations.info', { channel: 'C0LAUNCH' });
    expect(plain.channel.num_members).toBeUndefined();
  });

  it('describes a DM as an im object', async () => {
    const res = await slack.call('conversations.info', { channel: 'D0BOTADA' });
    expect(res.channel).toMatchObject({ id: 'D0BOTADA', is_im: true, user: 'U0ADA' });
    expect(res.channel.name).toBeUndefined();
  });

  it.each([
    ['an unknown channel', { channel: 'CNOPE' }],
    ['a private channel the caller is not in', { channel: 'C0SECRET' }],
    ['a missing channel', {}],
  ])('answers channel_not_found for %s', async (_what, params) => {
    expect(await slack.call('conversations.info', params)).toEqual({ ok: false, error: 'channel_not_found' });
  });
});

describe('conversations.history', () => {
  it('returns top-level messages newest first, with thread summaries and reactions', async () => {
    const res = await slack.call('conversations.history', { channel: 'C0GENERAL' });
    expect(res).toMatchObject({ ok: true, has_more: false, response_metadata: { next_cursor: '' } });
    expect(res.messages.map((m: any) => m.ts)).toEqual(['1700000200.000300', '1700000100.000200', '1700000000.000100']);
    expect(res.messages[0]).toMatchObject({
      type: 'message',
      user: 'U0BOB',
      text: 'Who has the lunch order?',
      thread_ts: '1700000200.000300',
      reply_count: 2,
      reply_users_count: 2,
      reply_users: ['U0ADA', 'U0BOT'],
      latest_reply: '1700000400.000500',
      reactions: [{ name: 'eyes', users: ['U0ADA'], count: 1 }],
    });
    expect(res.messages[2].reactions).toBeUndefined();
  });

  it('applies oldest, latest and inclusive', async () => {
    const open = await slack.call('conversations.history', { channel: 'C0GENERAL', oldest: '1700000000.000100', latest: '1700000200.000300' });
    expect(open.messages.map((m: any) => m.ts)).toEqual(['1700000100.000200']);
    const closed = await slack.call('conversations.history', {
      channel: 'C0GENERAL',
      oldest: '1700000000.000100',
      latest: '1700000200.000300',
      inclusive: '1',
    });
    expect(closed.messages).toHaveLength(3);
    expect(closed).toMatchObject({ latest: '1700000200.000300', oldest: '1700000000.000100' });
  });

  it('pages with limit and cursor', async () => {
    const first = await slack.call('conversations.history', { channel: 'C0GENERAL', limit: 2 });
    expect(first).toMatchObject({ has_more: true });
    expect(first.messages).toHaveLength(2);
    const second = await slack.call('conversations.history', { channel: 'C0GENERAL', limit: 2, cursor: first.response_metadata.next_cursor });
    expect(second).toMatchObject({ has_more: false, messages: [{ ts: '1700000000.000100' }] });
  });

  it('lets a person read a public channel they are not in', async () => {
    slack.actAs('U0CAT');
    const res = await slack.call('conversations.history', { channel: 'C0LAUNCH' });
    expect(res.messages).toHaveLength(1);
  });

  it.each([
    ['an unknown channel', { channel: 'CNOPE' }, 'channel_not_found'],
    ['a private channel the caller is not in', { channel: 'C0SECRET' }, 'channel_not_found'],
    ['a public channel a bot is not in', { channel: 'C0RANDOM' }, 'not_in_channel'],
    ['a bad oldest', { channel: 'C0GENERAL', oldest: 'yesterday' }, 'invalid_ts_oldest'],
    ['a bad latest', { channel: 'C0GENERAL', latest: '12:00' }, 'invalid_ts_latest'],
    ['a cursor of another method', { channel: 'C0GENERAL', cursor: btoa('channel:C0GENERAL') }, 'invalid_cursor'],
    ['a bad limit', { channel: 'C0GENERAL', limit: '1.5' }, 'invalid_limit'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('conversations.history', params)).toEqual({ ok: false, error });
  });
});

describe('conversations.replies', () => {
  it('returns the parent and its replies, oldest first, from the parent or a reply ts', async () => {
    for (const ts of ['1700000200.000300', '1700000400.000500']) {
      const res = await slack.call('conversations.replies', { channel: 'C0GENERAL', ts });
      expect(res.messages.map((m: any) => m.ts)).toEqual(['1700000200.000300', '1700000300.000400', '1700000400.000500']);
      expect(res.messages[1]).toMatchObject({ thread_ts: '1700000200.000300', parent_user_id: 'U0BOB', text: 'I do, pizza again' });
    }
  });

  it("tells the viewer on the parent whether they follow the thread, and where they have read to", async () => {
    const parentFor = async (user: string) => {
      slack.actAs(user);
      return (await slack.call('conversations.replies', { channel: 'C0GENERAL', ts: '1700000200.000300' })).messages[0];
    };
    // Bob started the thread and has not written since: both replies are new to him.
    expect(await parentFor('U0BOB')).toMatchObject({ reply_count: 2, subscribed: true, last_read: '1700000200.000300', unread_count: 2 });
    // The bot wrote the latest reply.
    expect(await parentFor('U0BOT')).toMatchObject({ subscribed: true, last_read: '1700000400.000500', unread_count: 0 });
    const outsider = await parentFor('U0CAT');
    expect(outsider.subscribed).toBe(false);
    expect(outsider).not.toHaveProperty('last_read');
    expect(outsider).not.toHaveProperty('unread_count');
  });

  it('pages through replies', async () => {
    const first = await slack.call('conversations.replies', { channel: 'C0GENERAL', ts: '1700000200.000300', limit: 2 });
    expect(first).toMatchObject({ has_more: true });
    expect(first.messages.map((m: any) => m.ts)).toEqual(['1700000200.000300', '1700000300.000400']);
    const next = await slack.call('conversations.replies', {
      channel: 'C0GENERAL',
      ts: '1700000200.000300',
      limit: 2,
      cursor: first.response_metadata.next_cursor,
    });
    expect(next.messages.map((m: any) => m.ts)).toEqual(['1700000400.000500']);
    expect(next.has_more).toBe(false);
  });

  it.each([
    ['an unknown message', { channel: 'C0GENERAL', ts: '1700000200.000999' }, 'thread_not_found'],
    ['a message of another channel', { channel: 'C0GENERAL', ts: '1700000600.000700' }, 'thread_not_found'],
    ['an unknown channel', { channel: 'CNOPE', ts: '1700000200.000300' }, 'channel_not_found'],
    ['a public channel a bot is not in', { channel: 'C0RANDOM', ts: '1700000500.000600' }, 'not_in_channel'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('conversations.replies', params)).toEqual({ ok: false, error });
  });

  it('names the missing ts', async () => {
    expect(await slack.call('conversations.replies', { channel: 'C0GENERAL' })).toEqual({
      ok: false,
      error: 'invalid_arguments',
      response_metadata: { messages: ['[ERROR] missing required field: ts [json-pointer:/ts]'] },
    });
  });
});

describe('conversations.members', () => {
  it('lists member ids, with paging', async () => {
    const all = await slack.call('conversations.members', { channel: 'C0GENERAL' });
    expect(all).toEqual({ ok: true, members: ['U0ADA', 'U0BOB', 'U0BOT', 'U0CAT'], response_metadata: { next_cursor: '' } });
    const first = await slack.call('conversations.members', { channel: 'C0GENERAL', limit: 3 });
    const rest = await slack.call('conversations.members', { channel: 'C0GENERAL', limit: 3, cursor: first.response_metadata.next_cursor });
    expect([...first.members, ...rest.members]).toEqual(all.members);
  });

  it.each([
    ['an unknown channel', { channel: 'CNOPE' }, 'channel_not_found'],
    ['a private channel the caller is not in', { channel: 'C0SECRET' }, 'channel_not_found'],
    ['a bad cursor', { channel: 'C0GENERAL', cursor: 'xyz' }, 'invalid_cursor'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('conversations.members', params)).toEqual({ ok: false, error });
  });
});

describe('conversations.create', () => {
  it('creates a public channel with the creator as its member', async () => {
    const res = await slack.call('conversations.create', { name: 'rl-project' });
    expect(res.ok).toBe(true);
    expect(res.channel).toMatchObject({ name: 'rl-project', is_channel: true, is_private: false, is_member: true, creator: 'U0BOT' });
    expect(res.channel.id).toMatch(/^C[0-9A-Z]{10}$/);
    const diff = await slack.diff();
    expect(diff.inserts).toEqual([
      expect.objectContaining({
        __table__: 'channels',
        channel_id: res.channel.id,
        channel_name: 'rl-project',
        team_id: 'T0ACME',
        is_private: false,
        is_dm: false,
        is_gc: false,
        is_archived: false,
        creator_id: 'U0BOT',
      }),
      expect.objectContaining({ __table__: 'channel_members', channel_id: res.channel.id, user_id: 'U0BOT' }),
    ]);
  });

  it('creates a private channel', async () => {
    const res = await slack.call('conversations.create', { name: 'war-room', is_private: true });
    expect(res.channel).toMatchObject({ is_private: true, is_channel: true, is_group: false });
  });

  it.each([
    ['a taken name', { name: 'random' }, 'name_taken'],
    ['the name of an archived channel', { name: 'old-stuff' }, 'name_taken'],
    ['no name', {}, 'invalid_name_required'],
    ['uppercase letters', { name: 'Launch' }, 'invalid_name_specials'],
    ['spaces', { name: 'launch party' }, 'invalid_name_specials'],
    ['only punctuation', { name: '--_' }, 'invalid_name_punctuation'],
    ['81 characters', { name: 'a'.repeat(81) }, 'invalid_name_maxlength'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('conversations.create', params)).toEqual({ ok: false, error });
    expect(await slack.diff()).toEqual(NO_CHANGE);
  });
});

describe('conversations.join', () => {
  it('joins a public channel', async () => {
    const res = await slack.call('conversations.join', { channel: 'C0RANDOM' });
    expect(res).toMatchObject({ ok: true, channel: { id: 'C0RANDOM', is_member: true } });
    expect(res.warning).toBeUndefined();
    expect((await slack.diff()).inserts).toEqual([
      expect.objectContaining({ __table__: 'channel_members', channel_id: 'C0RANDOM', user_id: 'U0BOT' }),
    ]);
  });

  it('warns, without writing, when already a member', async () => {
    const res = await slack.call('conversations.join', { channel: 'C0GENERAL' });
    expect(res).toMatchObject({ ok: true, warning: 'already_in_channel', response_metadata: { warnings: ['already_in_channel'] } });
    expect(await slack.diff()).toEqual(NO_CHANGE);
  });

  it.each([
    ['an unknown channel', { channel: 'CNOPE' }, 'channel_not_found'],
    ['a private channel one is not in', { channel: 'C0SECRET' }, 'channel_not_found'],
    ['a private channel one is in', { channel: 'C0PRIV' }, 'method_not_supported_for_channel_type'],
    ['a DM', { channel: 'D0BOTADA' }, 'method_not_supported_for_channel_type'],
    ['an archived channel', { channel: 'C0OLD' }, 'is_archived'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('conversations.join', params)).toEqual({ ok: false, error });
  });
});

describe('conversations.leave', () => {
  it('leaves a channel', async () => {
    expect(await slack.call('conversations.leave', { channel: 'C0LAUNCH' })).toEqual({ ok: true });
    expect((await slack.diff()).deletes).toEqual([
      expect.objectContaining({ __table__: 'channel_members', channel_id: 'C0LAUNCH', user_id: 'U0BOT' }),
    ]);
  });

  it('says not_in_channel when not a member, as Slack documents it: ok false and no error', async () => {
    expect(await slack.call('conversations.leave', { channel: 'C0RANDOM' })).toEqual({ ok: false, not_in_channel: true });
    expect(await slack.diff()).toEqual({ inserts: [], updates: [], deletes: [] });
  });

  it('refuses to leave the last member of a private channel behind nobody', async () => {
    slack.actAs('U0ADA');
    await slack.call('conversations.kick', { channel: 'C0PRIV', user: 'U0BOT' });
    expect(await slack.call('conversations.leave', { channel: 'C0PRIV' })).toEqual({ ok: false, error: 'last_member' });
  });

  it.each([
    ['#general', { channel: 'C0GENERAL' }, 'cant_leave_general'],
    ['a DM', { channel: 'D0BOTADA' }, 'method_not_supported_for_channel_type'],
    ['an archived channel', { channel: 'C0OLD' }, 'is_archived'],
    ['an unknown channel', { channel: 'CNOPE' }, 'channel_not_found'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('conversations.leave', params)).toEqual({ ok: false, error });
  });
});

describe('conversations.invite', () => {
  it('adds users and returns the channel', async () => {
    const res = await slack.call('conversations.invite', { channel: 'C0LAUNCH', users: 'U0ADA,U0CAT' });
    expect(res).toMatchObject({ ok: true, channel: { id: 'C0LAUNCH' } });
    const diff = await slack.diff();
    expect(diff.inserts.map((r) => [r.__table__, r.channel_id, r.user_id])).toEqual([
      ['channel_members', 'C0LAUNCH', 'U0ADA'],
      ['channel_members', 'C0LAUNCH', 'U0CAT'],
    ]);
  });

  it('fails whole for one bad id, and with force adds the rest', async () => {
    const strict = await slack.call('conversations.invite', { channel: 'C0LAUNCH', users: 'U0ADA,U0BOB' });
    expect(strict).toEqual({ ok: false, error: 'already_in_channel', errors: [{ user: 'U0BOB', ok: false, error: 'already_in_channel' }] });
    expect(await slack.diff()).toEqual(NO_CHANGE);
    const forced = await slack.call('conversations.invite', { channel: 'C0LAUNCH', users: 'U0ADA,U0BOB', force: true });
    expect(forced).toMatchObject({ ok: true, errors: [{ user: 'U0BOB', error: 'already_in_channel' }] });
    expect((await slack.diff()).inserts).toHaveLength(1);
  });

  it.each([
    ['no users', { channel: 'C0LAUNCH' }, 'no_user'],
    ['an unknown user', { channel: 'C0LAUNCH', users: 'UNOBODY' }, 'user_not_found'],
    ['a deactivated user', { channel: 'C0LAUNCH', users: 'U0DAN' }, 'user_disabled'],
    ['oneself', { channel: 'C0LAUNCH', users: 'U0BOT' }, 'cant_invite_self'],
    ['a channel one is not in', { channel: 'C0RANDOM', users: 'U0CAT' }, 'not_in_channel'],
    ['an archived channel', { channel: 'C0OLD', users: 'U0CAT' }, 'is_archived'],
    ['a DM', { channel: 'D0BOTADA', users: 'U0CAT' }, 'method_not_supported_for_channel_type'],
    ['a group DM', { channel: 'G0TRIO', users: 'U0CAT' }, 'method_not_supported_for_channel_type'],
    ['an unknown channel', { channel: 'CNOPE', users: 'U0CAT' }, 'channel_not_found'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('conversations.invite', params)).toMatchObject({ ok: false, error });
    expect(await slack.diff()).toEqual(NO_CHANGE);
  });
});

describe('conversations.kick', () => {
  it('removes a member', async () => {
    expect(await slack.call('conversations.kick', { channel: 'C0LAUNCH', user: 'U0BOB' })).toEqual({ ok: true });
    expect((await slack.diff()).deletes).toEqual([
      expect.objectContaining({ __table__: 'channel_members', channel_id: 'C0LAUNCH', user_id: 'U0BOB' }),
    ]);
  });

  it.each([
    ['no user', { channel: 'C0LAUNCH' }, 'user_not_found'],
    ['an unknown user', { channel: 'C0LAUNCH', user: 'UNOBODY' }, 'user_not_found'],
    ['a user who is not a member', { channel: 'C0LAUNCH', user: 'U0CAT' }, 'not_in_channel'],
    ['oneself', { channel: 'C0LAUNCH', user: 'U0BOT' }, 'cant_kick_self'],
    ['#general', { channel: 'C0GENERAL', user: 'U0BOB' }, 'cant_kick_from_general'],
    ['a group DM', { channel: 'G0TRIO', user: 'U0BOB' }, 'method_not_supported_for_channel_type'],
    ['an unknown channel', { channel: 'CNOPE', user: 'U0BOB' }, 'channel_not_found'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('conversations.kick', params)).toEqual({ ok: false, error });
  });
});

describe('conversations.archive and conversations.unarchive', () => {
  it('archive changes only is_archived (and updated_at)', async () => {
    expect(await slack.call('conversations.archive', { channel: 'C0LAUNCH' })).toEqual({ ok: true });
    const diff = await slack.diff();
    expect(diff.updates).toHaveLength(1);
    expect(diff.updates[0].after).toMatchObject({ channel_id: 'C0LAUNCH', is_archived: true });
    expect(changedFields(diff.updates[0])).toEqual(['is_archived', 'updated_at']);
  });

  it('unarchive works without being a member, and changes only is_archived', async () => {
    slack.actAs('U0CAT');
    expect(await slack.call('conversations.unarchive', { channel: 'C0OLD' })).toEqual({ ok: true });
    const diff = await slack.diff();
    expect(changedFields(diff.updates[0])).toEqual(['is_archived', 'updated_at']);
    expect(diff.updates[0].after.is_archived).toBe(false);
  });

  it.each([
    ['archive', '#general', { channel: 'C0GENERAL' }, 'cant_archive_general'],
    ['archive', 'an archived channel', { channel: 'C0OLD' }, 'already_archived'],
    ['archive', 'a channel one is not in', { channel: 'C0RANDOM' }, 'not_in_channel'],
    ['archive', 'a DM', { channel: 'D0BOTADA' }, 'method_not_supported_for_channel_type'],
    ['archive', 'an unknown channel', { channel: 'CNOPE' }, 'channel_not_found'],
    ['unarchive', 'an active channel', { channel: 'C0LAUNCH' }, 'not_archived'],
    ['unarchive', 'a DM', { channel: 'D0BOTADA' }, 'method_not_supported_for_channel_type'],
    ['unarchive', 'an unknown channel', { channel: 'CNOPE' }, 'channel_not_found'],
  ])('%s refuses %s', async (method, _what, params, error) => {
    expect(await slack.call(`conversations.${method}`, params)).toEqual({ ok: false, error });
  });
});

describe('conversations.rename', () => {
  it('renames, records the old name, and changes only channel_name on the row', async () => {
    const res = await slack.call('conversations.rename', { channel: 'C0LAUNCH', name: 'launch-ops' });
    expect(res).toMatchObject({ ok: true, channel: { id: 'C0LAUNCH', name: 'launch-ops', previous_names: ['launch'] } });
    const diff = await slack.diff();
    expect(changedFields(diff.updates[0])).toEqual(['channel_name', 'updated_at']);
    expect(diff.inserts).toEqual([
      expect.objectContaining({ __table__: 'channel_events', channel_id: 'C0LAUNCH', kind: 'name', value: 'launch-ops', previous_value: 'launch' }),
    ]);
  });

  it.each([
    ['a taken name', { channel: 'C0LAUNCH', name: 'random' }, 'name_taken'],
    ['a bad name', { channel: 'C0LAUNCH', name: 'Launch Ops' }, 'invalid_name_specials'],
    ['no name', { channel: 'C0LAUNCH' }, 'invalid_name_required'],
    ['a channel one is not in', { channel: 'C0RANDOM', name: 'chatter' }, 'not_in_channel'],
    ['an archived channel', { channel: 'C0OLD', name: 'older-stuff' }, 'is_archived'],
    ['a group DM', { channel: 'G0TRIO', name: 'trio' }, 'method_not_supported_for_channel_type'],
    ['an unknown channel', { channel: 'CNOPE', name: 'x' }, 'channel_not_found'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('conversations.rename', params)).toEqual({ ok: false, error });
    expect(await slack.diff()).toEqual(NO_CHANGE);
  });
});

describe('#general', () => {
  it('stays the general channel when an admin renames it: still cant_archive_general, and a new #general is not it', async () => {
    expect(await slack.call('conversations.rename', { channel: 'C0GENERAL', name: 'all-hands' })).toMatchObject({ ok: false, error: 'not_authorized' });
    slack.actAs('U0ADA');
    const renamed = await slack.call('conversations.rename', { channel: 'C0GENERAL', name: 'all-hands' });
    expect(renamed).toMatchObject({ ok: true, channel: { id: 'C0GENERAL', name: 'all-hands', is_general: true } });
    expect(await slack.call('conversations.archive', { channel: 'C0GENERAL' })).toEqual({ ok: false, error: 'cant_archive_general' });
    expect(await slack.call('conversations.leave', { channel: 'C0GENERAL' })).toEqual({ ok: false, error: 'cant_leave_general' });
    const created = await slack.call('conversations.create', { name: 'general' });
    expect(created).toMatchObject({ ok: true, channel: { name: 'general', is_general: false } });
    expect(await slack.call('conversations.archive', { channel: created.channel.id })).toEqual({ ok: true });
  });

  it('may be renamed only by a workspace admin or owner (Slack\'s default), not by a member or a bot', async () => {
    for (const user of ['U0BOT', 'U0BOB']) {
      slack.actAs(user);
      expect(await slack.call('conversations.rename', { channel: 'C0GENERAL', name: 'everyone' })).toEqual({ ok: false, error: 'not_authorized' });
    }
    expect(await slack.diff()).toEqual(NO_CHANGE);
  });
});

describe('conversations.setTopic', () => {
  it('sets the topic, reports who set it, and changes only topic_text on the row', async () => {
    const res = await slack.call('conversations.setTopic', { channel: 'C0GENERAL', topic: 'Weekly standups' });
    expect(res.channel.topic).toEqual({ value: 'Weekly standups', creator: 'U0BOT', last_set: Date.UTC(2026, 0, 15, 17, 0, 0) / 1000 });
    const diff = await slack.diff();
    expect(diff.updates).toHaveLength(1);
    expect(changedFields(diff.updates[0])).toEqual(['topic_text', 'updated_at']);
    expect(diff.updates[0].after.topic_text).toBe('Weekly standups');
  });

  it('allows a topic on a group DM', async () => {
    expect(await slack.call('conversations.setTopic', { channel: 'G0TRIO', topic: 'Trio plans' })).toMatchObject({ ok: true });
  });

  it.each([
    ['a channel one is not in', { channel: 'C0RANDOM', topic: 'x' }, 'not_in_channel'],
    ['an archived channel', { channel: 'C0OLD', topic: 'x' }, 'is_archived'],
    ['a topic over 250 characters', { channel: 'C0GENERAL', topic: 't'.repeat(251) }, 'too_long'],
    ['a DM', { channel: 'D0BOTADA', topic: 'x' }, 'method_not_supported_for_channel_type'],
    ['an unknown channel', { channel: 'CNOPE', topic: 'x' }, 'channel_not_found'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('conversations.setTopic', params)).toEqual({ ok: false, error });
    expect(await slack.diff()).toEqual(NO_CHANGE);
  });
});

describe('conversations.open', () => {
  it('reuses the existing DM', async () => {
    const res = await slack.call('conversations.open', { users: 'U0ADA' });
    expect(res).toEqual({ ok: true, no_op: true, already_open: true, channel: { id: 'D0BOTADA' } });
    expect(await slack.diff()).toEqual(NO_CHANGE);
  });

  it('creates a DM with both members, and finds it the second time', async () => {
    const res = await slack.call('conversations.open', { users: 'U0CAT', return_im: true });
    expect(res.channel).toMatchObject({ is_im: true, user: 'U0CAT' });
    expect(res.channel.id).toMatch(/^D/);
    const diff = await slack.diff();
    expect(diff.inserts).toEqual([
      expect.objectContaining({ __table__: 'channels', channel_id: res.channel.id, is_dm: true, is_gc: false, is_private: true, channel_name: 'dm-U0BOT-U0CAT' }),
      expect.objectContaining({ __table__: 'channel_members', channel_id: res.channel.id, user_id: 'U0BOT' }),
      expect.objectContaining({ __table__: 'channel_members', channel_id: res.channel.id, user_id: 'U0CAT' }),
    ]);
    expect(await slack.call('conversations.open', { users: 'U0CAT' })).toMatchObject({ already_open: true, channel: { id: res.channel.id } });
  });

  it('opens a DM with oneself', async () => {
    const res = await slack.call('conversations.open', { users: 'U0BOT' });
    const members = await slack.query(`SELECT user_id FROM channel_members WHERE channel_id = $1`, [res.channel.id]);
    expect(members).toEqual([{ user_id: 'U0BOT' }]);
  });

  it('creates a group DM for several users, and reuses one with the same members', async () => {
    const res = await slack.call('conversations.open', { users: 'U0ADA,U0CAT' });
    expect(res.channel.id).toMatch(/^G/);
    const [row] = await slack.query(`SELECT is_gc, is_dm, is_private, channel_name FROM channels WHERE channel_id = $1`, [res.channel.id]);
    expect(row).toEqual({ is_gc: true, is_dm: false, is_private: true, channel_name: 'mpdm-relaybot--ada--cat-1' });
    const again = await slack.call('conversations.open', { users: 'U0BOB,U0ADA' });
    expect(again).toMatchObject({ already_open: true, channel: { id: 'G0TRIO' } });
  });

  it('resumes by channel id', async () => {
    expect(await slack.call('conversations.open', { channel: 'G0TRIO' })).toMatchObject({ ok: true, channel: { id: 'G0TRIO' } });
  });

  it.each([
    ['neither users nor channel', {}, 'users_list_not_supplied'],
    ['an unknown user', { users: 'UNOBODY' }, 'user_not_found'],
    ['a deactivated user', { users: 'U0DAN' }, 'user_disabled'],
    ['nine other users', { users: 'U1,U2,U3,U4,U5,U6,U7,U8,U9' }, 'too_many_users'],
    ['prevent_creation without a DM', { users: 'U0CAT', prevent_creation: true }, 'channel_not_found'],
    ['a channel that is not a DM', { channel: 'C0GENERAL' }, 'method_not_supported_for_channel_type'],
    ['an unknown channel', { channel: 'DNOPE' }, 'channel_not_found'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('conversations.open', params)).toEqual({ ok: false, error });
    expect(await slack.diff()).toEqual(NO_CHANGE);
  });
});
