import { describe, expect, it } from 'vitest';
import { withSlackEnvironment } from '../../../helpers/slackEnvironment.ts';

const slack = withSlackEnvironment();

describe('users.list', () => {
  it('returns every user, deactivated ones marked deleted, in one page without a limit', async () => {
    const res = await slack.call('users.list');
    expect(res.ok).toBe(true);
    expect(res.members.map((u: any) => u.id)).toEqual(['U0ADA', 'U0BOB', 'U0BOT', 'U0CAT', 'U0DAN']);
    expect(res.response_metadata).toEqual({ next_cursor: '' });
    const ada = res.members[0];
    expect(ada).toMatchObject({
      id: 'U0ADA',
      team_id: 'T0ACME',
      name: 'ada',
      real_name: 'Ada Lovelace',
      deleted: false,
      is_admin: true,
      is_owner: false,
      is_bot: false,
      tz: 'Europe/London',
      tz_label: 'Greenwich Mean Time',
      tz_offset: 0,
      profile: { display_name: 'Ada', real_name: 'Ada Lovelace', email: 'ada@acme.test', first_name: 'Ada', last_name: 'Lovelace', team: 'T0ACME' },
    });
    expect(res.members.find((u: any) => u.id === 'U0CAT')).toMatchObject({ tz: 'Asia/Tokyo', tz_offset: 9 * 3600 });
    expect(res.members.find((u: any) => u.id === 'U0DAN')).toMatchObject({ deleted: true });
    expect(res.members.find((u: any) => u.id === 'U0BOT')).toMatchObject({ is_bot: true, is_admin: false });
  });

  it('pages with limit and cursor', async () => {
    const first = await slack.call('users.list', { limit: 2 });
    expect(first.members.map((u: any) => u.id)).toEqual(['U0ADA', 'U0BOB']);
    const second = await slack.call('users.list', { limit: 2, cursor: first.response_metadata.next_cursor });
    expect(second.members.map((u: any) => u.id)).toEqual(['U0BOT', 'U0CAT']);
    const third = await slack.call('users.list', { limit: 2, cursor: second.response_metadata.next_cursor });
    expect(third).toMatchObject({ members: [{ id: 'U0DAN' }], response_metadata: { next_cursor: '' } });
  });

  it.each([
    ['a bad cursor', { cursor: 'nope' }, 'invalid_cursor'],
    ['a bad limit', { limit: 'many' }, 'invalid_limit'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('users.list', params)).toEqual({ ok: false, error });
  });
});

describe('users.info', () => {
  it('describes a user, with the locale on request', async () => {
    const res = await slack.call('users.info', { user: 'U0BOB', include_locale: true });
    expect(res.user).toMatchObject({ id: 'U0BOB', name: 'bob', tz: 'America/New_York', tz_offset: -5 * 3600, locale: 'en-US' });
  });

  it.each([
    ['an unknown user', { user: 'UNOBODY' }],
    ['a missing user', {}],
  ])('answers user_not_found for %s', async (_what, params) => {
    expect(await slack.call('users.info', params)).toEqual({ ok: false, error: 'user_not_found' });
  });
});

describe('users.lookupByEmail', () => {
  it('finds a user whatever the case of the address', async () => {
    expect(await slack.call('users.lookupByEmail', { email: 'bob@acme.TEST' })).toMatchObject({ ok: true, user: { id: 'U0BOB' } });
  });

  it.each([
    ['an unknown address', { email: 'zed@acme.test' }],
    ['no address', {}],
  ])('answers users_not_found for %s', async (_what, params) => {
    expect(await slack.call('users.lookupByEmail', params)).toEqual({ ok: false, error: 'users_not_found' });
  });
});

describe('users.profile.get', () => {
  it("returns the caller's profile by default, or another user's", async () => {
    expect(await slack.call('users.profile.get')).toMatchObject({ ok: true, profile: { real_name: 'Relay Bot', display_name: 'Relay' } });
    expect(await slack.call('users.profile.get', { user: 'U0CAT' })).toMatchObject({ profile: { real_name: 'Cat Nguyen' } });
  });

  it('answers user_not_found for an unknown user', async () => {
    expect(await slack.call('users.profile.get', { user: 'UNOBODY' })).toEqual({ ok: false, error: 'user_not_found' });
  });
});

describe('users.conversations', () => {
  it("lists the caller's conversations of the requested kinds", async () => {
    const res = await slack.call('users.conversations', { types: 'public_channel,private_channel,mpim,im' });
    expect(res.channels.map((c: any) => c.id)).toEqual(['C0GENERAL', 'C0LAUNCH', 'C0OLD', 'C0PRIV', 'D0BOTADA', 'G0TRIO']);
    const active = await slack.call('users.conversations', { exclude_archived: true });
    expect(active.channels.map((c: any) => c.id)).toEqual(['C0GENERAL', 'C0LAUNCH']);
  });

  it("lists another user's conversations, hiding private ones the caller cannot see", async () => {
    const res = await slack.call('users.conversations', { user: 'U0BOB', types: 'public_channel,private_channel' });
    expect(res.channels.map((c: any) => c.id)).toEqual(['C0GENERAL', 'C0LAUNCH', 'C0RANDOM']);
  });

  it.each([
    ['an unknown user', { user: 'UNOBODY' }, 'user_not_found'],
    ['an unknown type', { types: 'channels' }, 'invalid_types'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('users.conversations', params)).toEqual({ ok: false, error });
  });
});
