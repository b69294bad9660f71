import { describe, expect, it } from 'vitest';
import { createRouter } from '../../../../src/replicas/index.ts';
import { slack as replica } from '../../../../src/replicas/slack/index.ts';
import { slackError } from '../../../../src/replicas/slack/errors.ts';
import { withSlackEnvironment } from '../../../helpers/slackEnvironment.ts';

const slack = withSlackEnvironment();

describe('the Slack replica at the router', () => {
  it('answers an unknown method with unknown_method and HTTP 404', async () => {
    expect(await slack.request('chat.postMessages', { channel: 'C0GENERAL', text: 'x' })).toEqual({
      status: 404,
      body: { ok: false, error: 'unknown_method', req_method: 'chat.postMessages' },
    });
  });

  it.each(['https://slack.com/api/', 'https://www.slack.com/api/', 'https://api.slack.com/api/', 'https://api.slack.com/'])(
    'serves methods below %s',
    async (base) => {
      expect(await slack.call('auth.test', {}, { base })).toMatchObject({ ok: true, user_id: 'U0BOT' });
    },
  );

  it('reads arguments from the query string of a GET', async () => {
    const res = await slack.call('conversations.info', { channel: 'C0LAUNCH', include_num_members: 'true' }, { get: true });
    expect(res).toMatchObject({ ok: true, channel: { id: 'C0LAUNCH', num_members: 2 } });
  });

  it('reads JSON bodies and warns when they carry no charset', async () => {
    const send = (type: string) =>
      slack.router.route(
        new Request('https://slack.com/api/chat.postMessage', {
          method: 'POST',
          headers: { authorization: 'Bearer xoxb-1', 'content-type': type },
          body: JSON.stringify({ channel: 'C0GENERAL', text: 'json' }),
        }),
        slack.env,
      );
    const bare = await (await send('application/json')).json();
    expect(bare).toMatchObject({ ok: true, warning: 'missing_charset', response_metadata: { warnings: ['missing_charset'] } });
    const withCharset = await (await send('application/json; charset=utf-8')).json();
    expect(withCharset.warning).toBeUndefined();
  });

  it('warns about a charset on form data', async () => {
    const res = await slack.router.route(
      new Request('https://slack.com/api/auth.test', {
        method: 'POST',
        headers: { authorization: 'Bearer xoxb-1', 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: '',
      }),
      slack.env,
    );
    expect(await res.json()).toMatchObject({ ok: true, warning: 'superfluous_charset' });
  });

  it('reads multipart bodies, with body arguments winning over the query string', async () => {
    const form = new FormData();
    form.set('channel', 'C0LAUNCH');
    form.set('text', 'from a form');
    const res = await slack.router.route(
      new Request('https://slack.com/api/chat.postMessage?channel=C0GENERAL', {
        method: 'POST',
        headers: { authorization: 'Bearer xoxb-1' },
        body: form,
      }),
      slack.env,
    );
    expect(await res.json()).toMatchObject({ ok: true, channel: 'C0LAUNCH', message: { text: 'from a form' } });
  });

  it('answers invalid_json for a malformed JSON body', async () => {
    const res = await slack.router.route(
      new Request('https://slack.com/api/auth.test', {
        method: 'POST',
        headers: { authorization: 'Bearer xoxb-1', 'content-type': 'application/json' },
        body: '{"channel":',
      }),
      slack.env,
    );
    expect(await res.json()).toEqual({ ok: false, error: 'invalid_json' });
  });

  it('rolls back everything a failing call wrote', async () => {
    // Posting to a user id opens the DM first; the unknown thread then fails the call, and the DM must go too.
    const res = await slack.call('chat.postMessage', { channel: 'U0CAT', text: 'x', thread_ts: '1600000000.000001' });
    expect(res).toEqual({ ok: false, error: 'thread_not_found' });
    expect(await slack.diff()).toEqual({ inserts: [], updates: [], deletes: [] });
  });

  it('turns an unexpected exception into internal_error', async () => {
    const broken = { ...replica, routes: [{ method: '*', path: 'boom.now', summary: 'x', handler: async () => Promise.reject(new Error('bug')) }] };
    const res = await createRouter([broken]).route(
      new Request('https://slack.com/api/boom.now', { method: 'POST', headers: { authorization: 'Bearer x' } }),
      slack.env,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: false, error: 'internal_error' });
  });
});

describe('the Slack replica value', () => {
  const required = [
    'chat.postMessage', 'conversations.list', 'conversations.history', 'users.list', 'conversations.open',
    'conversations.setTopic', 'reactions.add', 'conversations.create', 'chat.update', 'search.messages', 'users.info',
    'conversations.invite', 'chat.delete', 'conversations.kick', 'conversations.members', 'conversations.rename',
    'conversations.replies', 'conversations.archive', 'conversations.join', 'reactions.remove', 'conversations.info',
    'conversations.unarchive', 'users.conversations', 'search.all', 'conversations.leave',
    'auth.test', 'reactions.get', 'users.lookupByEmail', 'users.profile.get', 'chat.getPermalink',
    'files.getUploadURLExternal', 'files.completeUploadExternal', 'files.info', 'files.list', 'files.upload',
  ];
  // Paths on the file host (files.slack.com): the upload URL and a file's url_private.
  const fileHost = ['upload/v1/{token}', 'files-pri/{key}/{name}', 'files-pri/{key}/download/{name}'];

  it('has one documented route per method, the Agent-Diff ones included', () => {
    const paths = replica.routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...required, ...fileHost].sort());
    for (const r of replica.routes.filter((route) => !fileHost.includes(route.path))) {
      expect(r.method).toBe('*');
      expect(r.summary.length).toBeGreaterThan(5);
      expect(r.docs).toMatch(/Errors/);
      expect(r.params).toBeDefined();
    }
  });

  it('starts the clock after the Agent-Diff seed messages', () => {
    expect(replica.defaultClockStart).toBeGreaterThan(1706115500 * 1000);
  });

  it('recognises soft errors so that the router rolls them back', async () => {
    expect(await replica.isErrorResponse(slackError('channel_not_found'))).toBe(true);
    expect(await replica.isErrorResponse(Response.json({ ok: true }))).toBe(false);
    expect(await replica.isErrorResponse(Response.json({ ok: false, error: 'x' }, { status: 404 }))).toBe(true);
  });
});
