import { describe, expect, it } from 'vitest';
import { tokenProblem } from '../../../../src/replicas/slack/auth.ts';
import { withSlackEnvironment } from '../../../helpers/slackEnvironment.ts';

const slack = withSlackEnvironment();

describe('auth.test', () => {
  it('names the workspace and the bot the token acts as', async () => {
    expect(await slack.call('auth.test')).toEqual({
      ok: true,
      url: 'https://acme-rockets.slack.com/',
      team: 'Acme Rockets',
      user: 'relaybot',
      team_id: 'T0ACME',
      user_id: 'U0BOT',
      bot_id: 'B0BOT',
      is_enterprise_install: false,
    });
  });

  it('acts as the impersonated person, without a bot id', async () => {
    slack.actAs('U0ADA');
    const res = await slack.call('auth.test');
    expect(res).toMatchObject({ user: 'ada', user_id: 'U0ADA' });
    expect(res.bot_id).toBeUndefined();
  });

  it('falls back to the first bot user when the environment names nobody', async () => {
    slack.actAs(null);
    expect(await slack.call('auth.test')).toMatchObject({ ok: true, user_id: 'U0BOT' });
  });

  it('accepts the token as a form argument instead of a header', async () => {
    const res = await slack.request('auth.test', { token: 'xoxp-in-body' }, { token: null });
    expect(res.body).toMatchObject({ ok: true, user_id: 'U0BOT' });
  });

  it('answers not_authed without a token, with HTTP 200', async () => {
    expect(await slack.request('auth.test', {}, { token: null })).toEqual({ status: 200, body: { ok: false, error: 'not_authed' } });
  });

  it('answers invalid_auth for a token that cannot be one', async () => {
    expect(await slack.call('auth.test', {}, { token: 'not a token' })).toEqual({ ok: false, error: 'invalid_auth' });
  });

  it('answers invalid_auth when the acting user does not exist, account_inactive when deactivated', async () => {
    slack.actAs('UGHOST');
    expect(await slack.call('auth.test')).toEqual({ ok: false, error: 'invalid_auth' });
    slack.actAs('U0DAN');
    expect(await slack.call('chat.postMessage', { channel: 'C0GENERAL', text: 'x' })).toEqual({ ok: false, error: 'account_inactive' });
  });
});

describe('tokenProblem', () => {
  it('tells missing from malformed tokens', () => {
    expect(tokenProblem('')).toBe('not_authed');
    expect(tokenProblem('xoxb-1\n')).toBe('invalid_auth');
    expect(tokenProblem('xoxb-123-abc')).toBeNull();
    expect(tokenProblem('placeholder')).toBeNull();
  });
});
