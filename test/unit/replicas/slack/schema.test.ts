import { describe, expect, it } from 'vitest';
import { prepareSeedRow } from '../../../../src/replicas/slack/schema.ts';
import { withSlackEnvironment } from '../../../helpers/slackEnvironment.ts';

const slack = withSlackEnvironment();

describe('Slack schema', () => {
  it('declares the relations between tables as foreign keys', () => {
    const fks = slack.engine.schemaInfo('slack').foreignKeys.map((f) => `${f.table}.${f.columns} -> ${f.refTable}.${f.refColumns}`);
    expect(fks).toEqual(
      expect.arrayContaining([
        'channel_members.channel_id -> channels.channel_id',
        'channel_members.user_id -> users.user_id',
        'messages.channel_id -> channels.channel_id',
        'messages.user_id -> users.user_id',
        'messages.parent_id -> messages.message_id',
        'message_reactions.message_id -> messages.message_id',
        'message_reactions.user_id -> users.user_id',
        'channels.team_id -> teams.team_id',
        'user_teams.user_id -> users.user_id',
        'user_teams.team_id -> teams.team_id',
        'channel_events.channel_id -> channels.channel_id',
      ]),
    );
  });

  it('gives every table a primary key', () => {
    const tables = slack.engine.schemaInfo('slack').tables;
    expect(tables.map((t) => t.name).sort()).toEqual(
      ['channel_events', 'channel_members', 'channels', 'file_messages', 'files', 'message_reactions', 'messages', 'teams', 'user_teams', 'users'].sort(),
    );
    for (const t of tables) expect(t.primaryKey.length).toBeGreaterThan(0);
    expect(tables.find((t) => t.name === 'message_reactions')?.primaryKey).toEqual(['message_id', 'user_id', 'reaction_type']);
  });

  it('fills seed rows: flags that some rows omit, and the ts of messages', async () => {
    expect(prepareSeedRow('channels', { channel_id: 'C1', channel_name: 'x', is_archived: null })).toEqual({
      channel_id: 'C1',
      channel_name: 'x',
      is_archived: false,
      is_private: false,
      is_dm: false,
      is_gc: false,
      is_general: false,
    });
    // A seed without the column: its public channel named `general` is #general; one with the column says so itself.
    expect(prepareSeedRow('channels', { channel_id: 'C2', channel_name: 'general' })).toMatchObject({ is_general: true });
    expect(prepareSeedRow('channels', { channel_id: 'C3', channel_name: 'general', is_private: true })).toMatchObject({ is_general: false });
    expect(prepareSeedRow('channels', { channel_id: 'C4', channel_name: 'all-hands', is_general: true })).toMatchObject({ is_general: true });
    expect(prepareSeedRow('messages', { message_id: '1.000001' })).toEqual({ message_id: '1.000001', ts: '1.000001', type: 'message' });
    expect(prepareSeedRow('messages', { message_id: 'a', ts: 'b', type: 'x' })).toMatchObject({ ts: 'b', type: 'x' });
    expect(prepareSeedRow('users', { user_id: 'U1' })).toEqual({ user_id: 'U1', is_bot: false, is_active: true });
    const [dan] = await slack.query(`SELECT is_active, is_bot FROM users WHERE user_id = 'U0DAN'`);
    expect(dan).toEqual({ is_active: false, is_bot: false });
    const [msg] = await slack.query(`SELECT ts, type FROM messages WHERE message_id = '1700000000.000100'`);
    expect(msg).toEqual({ ts: '1700000000.000100', type: 'message' });
  });
});
