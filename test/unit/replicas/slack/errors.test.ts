import { describe, expect, it } from 'vitest';
import { internalError, invalidArguments, slackError, unknownMethod } from '../../../../src/replicas/slack/errors.ts';

describe('Slack errors', () => {
  it('are HTTP 200 with ok:false and the code, plus any extra fields', async () => {
    const res = slackError('channel_not_found', { errors: [] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ ok: false, error: 'channel_not_found', errors: [] });
  });

  it('name the offending argument in invalid_arguments', async () => {
    expect(await invalidArguments('missing required field: ts', '/ts').json()).toEqual({
      ok: false,
      error: 'invalid_arguments',
      response_metadata: { messages: ['[ERROR] missing required field: ts [json-pointer:/ts]'] },
    });
  });

  it('answer unknown methods with 404 and internal failures with internal_error', async () => {
    const unknown = unknownMethod('chat.nope');
    expect([unknown.status, await unknown.json()]).toEqual([404, { ok: false, error: 'unknown_method', req_method: 'chat.nope' }]);
    expect(await internalError().json()).toEqual({ ok: false, error: 'internal_error' });
  });
});
