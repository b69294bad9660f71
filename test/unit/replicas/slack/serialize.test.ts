import { describe, expect, it } from 'vitest';
import type { ChannelView, MessageRow, TeamRow, UserRow } from '../../../../src/replicas/slack/rows.ts';
import { conversation, message, permalink, user } from '../../../../src/replicas/slack/serialize.ts';

const team: TeamRow = { team_id: 'T1', team_name: 'Blue Sky Labs', domain: null };

function channel(over: Partial<ChannelView>): ChannelView {
  return {
    channel_id: 'C1', channel_name: 'ops', team_id: 'T1', topic_text: null, purpose_text: null, is_private: false, is_dm: false,
    is_gc: false, is_archived: false, is_general: false, creator_id: 'U1', created_at: '2026-01-01T00:00:00Z', updated_at: null, num_members: 3,
    is_member: true, topic_event: null, purpose_event: null, previous_names: [], im_user: 'U2', ...over,
  };
}

function msg(over: Partial<MessageRow>): MessageRow {
  return {
    message_id: '1.000001', ts: '1.000001', channel_id: 'C1', user_id: 'U1', parent_id: null, type: 'message', subtype: null,
    message_text: 'hi', blocks: null, attachments: null, created_at: null, updated_at: null, ...over,
  };
}

describe('conversation objects', () => {
  it('flag the kinds as Slack does', () => {
    expect(conversation(channel({}), team)).toMatchObject({ is_channel: true, is_group: false, is_private: false, created: 1767225600 });
    expect(conversation(channel({ is_private: true }), team)).toMatchObject({ is_channel: true, is_group: false, is_private: true });
    expect(conversation(channel({ channel_id: 'G1', is_private: true }), team)).toMatchObject({ is_channel: false, is_group: true });
    expect(conversation(channel({ is_gc: true, is_private: true }), team)).toMatchObject({ is_mpim: true, is_group: true, is_channel: false });
    const im = conversation(channel({ is_dm: true }), team);
    expect(im).toMatchObject({ is_im: true, user: 'U2' });
    expect(im).not.toHaveProperty('name');
  });

  it('report who set the topic only when there is one', () => {
    const set = conversation(channel({ topic_text: 'Deploys', topic_event: { user_id: 'U3', at: 42 } }), team);
    expect(set.topic).toEqual({ value: 'Deploys', creator: 'U3', last_set: 42 });
    expect(conversation(channel({ topic_event: { user_id: 'U3', at: 42 } }), team).topic).toEqual({ value: '', creator: '', last_set: 0 });
  });
});

describe('message objects', () => {
  it('carry edits, replies and reactions', () => {
    const edited = message(msg({ updated_at: '2026-01-15T17:00:05Z' }), { reactions: [] }, team);
    expect(edited.edited).toEqual({ user: 'U1', ts: '1768496405.000000' });
    const parent = message(msg({}), { reactions: [{ name: 'eyes', users: ['U2'], count: 1 }], replies: { reply_count: 1, reply_users: ['U2'], latest_reply: '2.000000' } }, team);
    expect(parent).toMatchObject({ thread_ts: '1.000001', reply_count: 1, reply_users_count: 1, reactions: [{ name: 'eyes' }] });
    expect(message(msg({ parent_id: '0.5' }), { reactions: [], parent_user_id: 'U9' }, team)).toMatchObject({ thread_ts: '0.5', parent_user_id: 'U9' });
  });

  it('show a deleted thread parent as a hidden tombstone', () => {
    expect(message(msg({ subtype: 'tombstone', message_text: 'This message was deleted.' }), { reactions: [] }, team)).toMatchObject({
      subtype: 'tombstone',
      user: 'USLACKBOT',
      hidden: true,
    });
  });

  it('link to messages on the workspace domain', () => {
    expect(permalink(team, 'C1', msg({}))).toBe('https://blue-sky-labs.slack.com/archives/C1/p1000001');
  });
});

describe('user objects', () => {
  it('default the time zone and derive roles and names', () => {
    const row: UserRow = {
      user_id: 'U1', username: 'kim', email: null, real_name: 'Kim Lee Park', display_name: null, timezone: null, title: 'SRE',
      phone: null, status_text: null, status_emoji: null, is_bot: false, is_active: true, created_at: null, updated_at: null,
      team_id: 'T1', role: 'owner',
    };
    const u = user(row, team, Date.UTC(2026, 0, 15));
    expect(u).toMatchObject({ tz: 'America/Los_Angeles', tz_offset: -28800, is_admin: true, is_owner: true, real_name: 'Kim Lee Park' });
    expect(u.profile).toMatchObject({ first_name: 'Kim', last_name: 'Lee Park', title: 'SRE', display_name: '' });
    expect(u.profile).not.toHaveProperty('email');
  });
});
