import { describe, expect, it } from 'vitest';
import type { Diff } from '../../../src/engine/index.ts';
import { evaluateDiff, validateSpec, type AssertionSpec } from '../../../src/evaluation/index.ts';
import { assertionsFromPicks, specOf, withIgnoredField } from '../../../src/studio/authoring.ts';

// A known diff: a channel renamed (its updated_at moved too), two members invited, one message posted, one deleted.
const diff: Diff = {
  inserts: [
    { __table__: 'channel_members', channel_id: 'C07LAUNCH', user_id: 'U07MAYA', joined_at: '2026-01-15T17:00:01Z' },
    { __table__: 'channel_members', channel_id: 'C07LAUNCH', user_id: 'U07LEO', joined_at: '2026-01-15T17:00:02Z' },
    { __table__: 'messages', message_id: '1768496403.000100', channel_id: 'C07LAUNCH', user_id: 'U07BEACON', message_text: 'Welcome aboard' },
  ],
  updates: [
    {
      __table__: 'channels',
      before: { channel_id: 'C07LAUNCH', channel_name: 'atlas-launch', topic_text: 'Atlas', updated_at: '2026-01-01T00:00:00Z' },
      after: { channel_id: 'C07LAUNCH', channel_name: 'atlas-2-4-launch', topic_text: 'Atlas', updated_at: '2026-01-15T17:00:00Z' },
    },
  ],
  deletes: [{ __table__: 'messages', message_id: '1768294850.687667', channel_id: 'C07ENG', user_id: 'U07BEACON', message_text: 'deploy window' }],
};

// What a person would write by hand for this diff.
const handWritten: AssertionSpec = {
  assertions: [
    { diff_type: 'changed', entity: 'channels', where: { channel_id: { eq: 'C07LAUNCH' } }, expected_changes: { channel_name: { from: { eq: 'atlas-launch' }, to: { eq: 'atlas-2-4-launch' } } }, expected_count: 1 },
    { diff_type: 'added', entity: 'channel_members', where: { channel_id: { eq: 'C07LAUNCH' } }, expected_count: 2 },
    { diff_type: 'added', entity: 'messages', where: { channel_id: { eq: 'C07LAUNCH' }, user_id: { eq: 'U07BEACON' } }, expected_count: 1 },
    { diff_type: 'removed', entity: 'messages', where: { message_id: { eq: '1768294850.687667' } }, expected_count: 1 },
  ],
  ignore_fields: { channels: ['updated_at'] },
};

describe('authoring from the diff', () => {
  it('turns picked rows and fields into the assertions a person writes by hand', () => {
    const ignore = withIgnoredField(undefined, 'channels', 'updated_at');
    const assertions = assertionsFromPicks(
      diff,
      [
        { kind: 'update', index: 0, where: ['channel_id'] },
        // Both invitations picked on the channel alone: one assertion, counted twice.
        { kind: 'insert', index: 0, where: ['channel_id'] },
        { kind: 'insert', index: 1, where: ['channel_id'] },
        { kind: 'insert', index: 2, where: ['channel_id', 'user_id'] },
        { kind: 'delete', index: 0, where: ['message_id'] },
      ],
      { ignoreFields: ignore },
    );
    const spec = specOf(assertions, ignore);
    expect(spec).toEqual(handWritten);
    expect(validateSpec(spec)).toEqual([]);
    expect(evaluateDiff(spec, diff).passed).toBe(true);
  });

  it('asserts every changed field that is not ignored, so an unignored timestamp shows up', () => {
    const [a] = assertionsFromPicks(diff, [{ kind: 'update', index: 0, where: ['channel_id'] }], { withFrom: false });
    expect(a.expected_changes).toEqual({ channel_name: { to: { eq: 'atlas-2-4-launch' } }, updated_at: { to: { eq: '2026-01-15T17:00:00Z' } } });
  });

  it('counts the rows a where selects, not the rows picked', () => {
    const [a] = assertionsFromPicks(diff, [{ kind: 'insert', index: 0, where: ['channel_id'] }]);
    expect(a.expected_count).toBe(2);
    const [b] = assertionsFromPicks(diff, [{ kind: 'insert', index: 0, where: ['channel_id', 'user_id'] }]);
    expect(b).toEqual({ diff_type: 'added', entity: 'channel_members', where: { channel_id: { eq: 'C07LAUNCH' }, user_id: { eq: 'U07MAYA' } }, expected_count: 1 });
  });
});

describe('a form call as script', () => {
  it('becomes one fetch with the JSON body, or the query for GET', async () => {
    const { callScript } = await import('../../../src/studio/callScript.ts');
    const post = callScript({ method: 'POST', url: 'https://slack.com/api/chat.postMessage', params: { channel: 'C1', text: 'it\'s "on"' } });
    expect(post).toContain(`fetch("https://slack.com/api/chat.postMessage", { method: 'POST'`);
    expect(post).toContain(`body: JSON.stringify({"channel":"C1","text":"it's \\"on\\""})`);
    const get = callScript({ method: 'GET', url: 'https://slack.com/api/conversations.list', params: { limit: 2, types: 'im' } });
    expect(get).toContain('fetch("https://slack.com/api/conversations.list?limit=2&types=im"');
    expect(get).not.toContain('body:');
  });
});
