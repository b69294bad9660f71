import { describe, expect, it } from 'vitest';
import { withSlackEnvironment } from '../../../helpers/slackEnvironment.ts';

const slack = withSlackEnvironment();
const NO_CHANGE = { inserts: [], updates: [], deletes: [] };

describe('reactions.add', () => {
  it('adds a reaction row under the name as given', async () => {
    expect(await slack.call('reactions.add', { channel: 'C0GENERAL', timestamp: '1700000000.000100', name: ':thumbsup:' })).toEqual({ ok: true });
    const diff = await slack.diff();
    expect(diff.inserts).toEqual([
      expect.objectContaining({ __table__: 'message_reactions', message_id: '1700000000.000100', user_id: 'U0BOT', reaction_type: 'thumbsup' }),
    ]);
    expect(diff.updates).toEqual([]);
  });

  it('groups reactions by emoji on the message', async () => {
    await slack.call('reactions.add', { channel: 'C0GENERAL', timestamp: '1700000200.000300', name: 'eyes' });
    await slack.call('reactions.add', { channel: 'C0GENERAL', timestamp: '1700000200.000300', name: 'wave::skin-tone-3' });
    const res = await slack.call('reactions.get', { channel: 'C0GENERAL', timestamp: '1700000200.000300' });
    expect(res.message.reactions).toEqual([
      { name: 'eyes', users: ['U0ADA', 'U0BOT'], count: 2 },
      { name: 'wave::skin-tone-3', users: ['U0BOT'], count: 1 },
    ]);
  });

  it('takes any of Slack\'s standard names, aliases and skin tones included', async () => {
    for (const name of ['+1', 'thumbsup', 'thumbsup::skin-tone-6', 'white_check_mark', 'female-technologist::skin-tone-2', 'honey_pot']) {
      expect(await slack.call('reactions.add', { channel: 'C0GENERAL', timestamp: '1700000000.000100', name }), name).toEqual({ ok: true });
    }
  });

  it('takes a custom emoji of the workspace: a name its messages already carry', async () => {
    await slack.query(`INSERT INTO message_reactions (message_id, user_id, reaction_type) VALUES ('1700000200.000300', 'U0ADA', 'shipit_parrot')`);
    expect(await slack.call('reactions.add', { channel: 'C0GENERAL', timestamp: '1700000000.000100', name: 'shipit_parrot' })).toEqual({ ok: true });
  });

  it('reacts in a public channel the caller has not joined', async () => {
    expect(await slack.call('reactions.add', { channel: 'C0RANDOM', timestamp: '1700000500.000600', name: 'sunny' })).toEqual({ ok: true });
  });

  it('stops at 23 different emoji on a message', async () => {
    const rows = Array.from({ length: 23 }, (_, i) => `('1700000000.000100', 'U0ADA', 'e${i}')`).join(', ');
    await slack.query(`INSERT INTO message_reactions (message_id, user_id, reaction_type) VALUES ${rows}`);
    const res = await slack.call('reactions.add', { channel: 'C0GENERAL', timestamp: '1700000000.000100', name: 'tada' });
    expect(res).toEqual({ ok: false, error: 'too_many_reactions' });
    expect(await slack.call('reactions.add', { channel: 'C0GENERAL', timestamp: '1700000000.000100', name: 'e0' })).toEqual({ ok: true });
  });

  it.each([
    ['an existing reaction of the caller', { channel: 'C0GENERAL', timestamp: '1700000200.000300', name: 'eyes' }, 'already_reacted', 'U0ADA'],
    ['no channel', { timestamp: '1700000200.000300', name: 'eyes' }, 'no_item_specified'],
    ['no timestamp', { channel: 'C0GENERAL', name: 'eyes' }, 'no_item_specified'],
    ['a malformed timestamp', { channel: 'C0GENERAL', timestamp: 'yesterday', name: 'eyes' }, 'bad_timestamp'],
    ['an unknown message', { channel: 'C0GENERAL', timestamp: '1700000200.000399', name: 'eyes' }, 'message_not_found'],
    ['a message of another channel', { channel: 'C0LAUNCH', timestamp: '1700000200.000300', name: 'eyes' }, 'message_not_found'],
    ['a name that is no emoji', { channel: 'C0GENERAL', timestamp: '1700000200.000300', name: 'thumbs up!' }, 'invalid_name'],
    ['a well-formed name of no emoji', { channel: 'C0GENERAL', timestamp: '1700000200.000300', name: 'not_an_emoji' }, 'invalid_name'],
    ['a skin tone on an emoji without skin tones', { channel: 'C0GENERAL', timestamp: '1700000200.000300', name: 'tada::skin-tone-2' }, 'invalid_name'],
    ['an archived channel', { channel: 'C0OLD', timestamp: '1700000050.000050', name: 'eyes' }, 'is_archived'],
    ['a private channel one is not in', { channel: 'C0SECRET', timestamp: '1700000700.000800', name: 'eyes' }, 'channel_not_found'],
  ])('refuses %s', async (_what, params, error, actor?: string) => {
    if (actor) slack.actAs(actor);
    expect(await slack.call('reactions.add', params)).toEqual({ ok: false, error });
    expect(await slack.diff()).toEqual(NO_CHANGE);
  });

  it('names a missing emoji', async () => {
    expect(await slack.call('reactions.add', { channel: 'C0GENERAL', timestamp: '1700000200.000300' })).toMatchObject({
      ok: false,
      error: 'invalid_arguments',
    });
  });
});

describe('reactions.remove', () => {
  it("removes the caller's reaction", async () => {
    slack.actAs('U0BOB');
    expect(await slack.call('reactions.remove', { channel: 'C0GENERAL', timestamp: '1700000100.000200', name: 'rocket' })).toEqual({ ok: true });
    expect((await slack.diff()).deletes).toEqual([
      expect.objectContaining({ __table__: 'message_reactions', message_id: '1700000100.000200', user_id: 'U0BOB', reaction_type: 'rocket' }),
    ]);
  });

  it.each([
    ["someone else's reaction", { channel: 'C0GENERAL', timestamp: '1700000100.000200', name: 'rocket' }, 'no_reaction'],
    ['an unknown message', { channel: 'C0GENERAL', timestamp: '1700000100.000299', name: 'rocket' }, 'message_not_found'],
    ['no timestamp', { channel: 'C0GENERAL', name: 'rocket' }, 'no_item_specified'],
    ['a bad name', { channel: 'C0GENERAL', timestamp: '1700000100.000200', name: 'Rock Et' }, 'invalid_name'],
    ['an unknown channel', { channel: 'CNOPE', timestamp: '1700000100.000200', name: 'rocket' }, 'channel_not_found'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('reactions.remove', params)).toEqual({ ok: false, error });
    expect(await slack.diff()).toEqual(NO_CHANGE);
  });
});

describe('reactions.get', () => {
  it('returns the message with its reactions and permalink', async () => {
    const res = await slack.call('reactions.get', { channel: 'C0GENERAL', timestamp: '1700000100.000200', full: true });
    expect(res).toEqual({
      ok: true,
      type: 'message',
      channel: 'C0GENERAL',
      message: {
        type: 'message',
        user: 'U0BOT',
        text: 'Fuel check complete',
        ts: '1700000100.000200',
        team: 'T0ACME',
        reactions: [{ name: 'rocket', users: ['U0BOB'], count: 1 }],
        permalink: 'https://acme-rockets.slack.com/archives/C0GENERAL/p1700000100000200',
      },
    });
  });

  it.each([
    ['an unknown message', { channel: 'C0GENERAL', timestamp: '1700000100.000299' }, 'message_not_found'],
    ['no channel', { timestamp: '1700000100.000200' }, 'no_item_specified'],
    ['a bad timestamp', { channel: 'C0GENERAL', timestamp: 'abc' }, 'bad_timestamp'],
    ['an unknown channel', { channel: 'CNOPE', timestamp: '1700000100.000200' }, 'channel_not_found'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('reactions.get', params)).toEqual({ ok: false, error });
  });
});
