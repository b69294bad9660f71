import { describe, expect, it } from 'vitest';
import { channelKind, isGeneral, teamDomain } from '../../../../src/replicas/slack/lookup.ts';
import type { ChannelRow } from '../../../../src/replicas/slack/rows.ts';

function ch(over: Partial<ChannelRow>): ChannelRow {
  return {
    channel_id: 'C1', channel_name: 'general', team_id: 'T1', topic_text: null, purpose_text: null, is_private: false,
    is_dm: false, is_gc: false, is_archived: false, is_general: true, creator_id: null, created_at: null, updated_at: null, ...over,
  };
}

describe('lookup helpers', () => {
  it('tell the four kinds of conversation apart', () => {
    expect(channelKind(ch({}))).toBe('public');
    expect(channelKind(ch({ is_private: true }))).toBe('private');
    expect(channelKind(ch({ is_gc: true, is_private: true }))).toBe('mpim');
    expect(channelKind(ch({ is_dm: true, is_private: true }))).toBe('im');
  });

  it('know #general by its flag, whatever its name, among public channels only', () => {
    expect(isGeneral(ch({}))).toBe(true);
    expect(isGeneral(ch({ channel_name: 'all-hands' }))).toBe(true);
    expect(isGeneral(ch({ is_general: false }))).toBe(false);
    expect(isGeneral(ch({ is_private: true }))).toBe(false);
  });

  it("derive a workspace's domain from its name unless it has one", () => {
    expect(teamDomain({ team_id: 'T1', team_name: 'Test Workspace', domain: null })).toBe('test-workspace');
    expect(teamDomain({ team_id: 'T1', team_name: 'Acme', domain: 'acme-hq' })).toBe('acme-hq');
    expect(teamDomain({ team_id: 'T1X', team_name: '!!!', domain: null })).toBe('t1x');
  });
});
