import { describe, expect, it } from 'vitest';
import type { SchemaInfo } from '../../../src/engine/index.ts';
import { scaleSeed } from '../../../src/cli/scaleSeed.ts';

const info: SchemaInfo = {
  tables: [
    { name: 'channels', service: 'slack', primaryKey: ['channel_id'], columns: [{ name: 'channel_id', type: 'text' }, { name: 'channel_name', type: 'text' }, { name: 'topic_text', type: 'text' }] },
    { name: 'messages', service: 'slack', primaryKey: ['message_id'], columns: [{ name: 'message_id', type: 'text' }, { name: 'channel_id', type: 'text' }] },
  ],
  foreignKeys: [{ table: 'messages', columns: ['channel_id'], refTable: 'channels', refColumns: ['channel_id'] }],
};

describe('scaleSeed', () => {
  it('repeats rows with fresh keys, keeps references inside each copy, and leaves other columns alone', () => {
    const seed = {
      channels: [{ channel_id: 'C1', channel_name: 'general', topic_text: 'hi' }],
      messages: [{ message_id: '1700000000.000100', channel_id: 'C1' }],
    };
    const scaled = scaleSeed(seed, info, new Map([['channels', [['channel_name']]]]), 3);
    expect(scaled.channels).toEqual([
      { channel_id: 'C1', channel_name: 'general', topic_text: 'hi' },
      { channel_id: 'C1_x1', channel_name: 'general_x1', topic_text: 'hi' },
      { channel_id: 'C1_x2', channel_name: 'general_x2', topic_text: 'hi' },
    ]);
    expect(scaled.messages).toEqual([
      { message_id: '1700000000.000100', channel_id: 'C1' },
      { message_id: '1710000000.000100', channel_id: 'C1_x1' },
      { message_id: '1720000000.000100', channel_id: 'C1_x2' },
    ]);
    expect(seed.channels).toHaveLength(1);
  });
});
