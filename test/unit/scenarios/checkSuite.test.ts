import { describe, expect, it } from 'vitest';
import type { SchemaInfo } from '../../../src/engine/index.ts';
import { checkAssertionNames, checkSuiteNames, loadSuite, suiteNamesOf } from '../../../src/scenarios/index.ts';

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

describe('the name checks of a suite that does not load', () => {
  it('still say "did you mean" for a misspelt table and column, beside the format’s problems', () => {
    const file = {
      format: 'difflab-suite/1',
      id: 's',
      name: 'S',
      services: ['slack'],
      seed: 'x',
      tests: [{ id: 'a', title: 'A', prompt: 3, assertions: [{ diff_type: 'added', entity: 'mesages' }, { diff_type: 'added', entity: 'messages', where: { chanel_id: 'C1' } }] }],
    };
    expect(loadSuite(file).ok).toBe(false);
    const issues = checkSuiteNames(suiteNamesOf(file)!, info);
    expect(issues.map((i) => [i.path, /did you mean "(\w+)"/.exec(i.message)?.[1]])).toEqual([
      ['$.tests[0].assertions[0].entity', 'messages'],
      ['$.tests[0].assertions[1].where.chanel_id', 'channel_id'],
    ]);
  });

  it('check against every served service when the file names none this build serves', () => {
    const names = suiteNamesOf({ service: 'slak', tests: [{ assertions: [{ diff_type: 'added', entity: 'isues' }] }] })!;
    expect(checkSuiteNames(names, info)[0].message).toMatch(/did you mean "issues"/);
  });
});
