import { describe, expect, it } from 'vitest';
import type { SchemaInfo } from '../../../src/engine/index.ts';
import { checkAssertionNames } from '../../../src/scenarios/index.ts';

const info: SchemaInfo = {
  tables: [
    { name: 'messages', service: 'slack', primaryKey: ['message_id'], columns: ['message_id', 'channel_id', 'message_text'].map((name) => ({ name, type: 'text' })) },
    { name: 'channels', service: 'slack', primaryKey: ['channel_id'], columns: ['channel_id', 'channel_name'].map((name) => ({ name, type: 'text' })) },
    { name: 'issues', service: 'linear', primaryKey: ['id'], columns: [{ name: 'id', type: 'text' }] },
  ],
  foreignKeys: [],
};

describe('checkAssertionNames', () => {
  it('flags an unknown table and unknown columns, each with a did-you-mean and its path', () => {
    const issues = checkAssertionNames(
      [
        { diff_type: 'added', entity: 'mesages', where: { channel_id: 'C1' } },
        { diff_type: 'changed', entity: 'messages', where: { chanel_id: 'C1', 'message_text.x': 'a' }, expected_changes: { mesage_text: 'b' } },
        { diff_type: 'added', entity: 'slack.channels', where: { channel_name: 'x' } },
      ],
      info,
      ['slack'],
    );
    expect(issues).toEqual([
      { path: '$.assertions[0].entity', message: 'no table "mesages" in slack (did you mean "messages"?) (tables: messages, channels)' },
      { path: '$.assertions[1].where.chanel_id', message: 'table messages has no column "chanel_id" (did you mean "channel_id"?)' },
      { path: '$.assertions[1].expected_changes.mesage_text', message: 'table messages has no column "mesage_text" (did you mean "message_text"?)' },
    ]);
  });

  it('only knows the tables of the services given, gives no guess for a name far from all, and skips what is malformed', () => {
    const issues = checkAssertionNames([{ entity: 'issues' }, { entity: 'zzzzzz' }, null, 'x', { entity: 3 }, { entity: 'messages', where: 'no' }], info, ['slack']);
    expect(issues.map((i) => i.message)).toEqual([
      'no table "issues" in slack (tables: messages, channels)',
      'no table "zzzzzz" in slack (tables: messages, channels)',
    ]);
  });
});
