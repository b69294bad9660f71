import { describe, expect, it } from 'vitest';
import { specNameIssues } from '../../../src/ui/stores/specNames.ts';
import { tables } from './fixtures.ts';

describe('the studio flags unknown names as you type', () => {
  it('flags `mesages` and `chanel_id` against the open scenario’s tables', () => {
    const text = JSON.stringify({ assertions: [{ diff_type: 'added', entity: 'mesages' }, { diff_type: 'added', entity: 'messages', where: { chanel_id: 'C1' } }] });
    expect(specNameIssues(text, tables, ['slack']).map((i) => `${i.path}: ${i.message}`)).toEqual([
      '$.assertions[0].entity: no table "mesages" in slack (did you mean "messages"?) (tables: messages, channels)',
      '$.assertions[1].where.chanel_id: table messages has no column "chanel_id" (did you mean "channel_id"?)',
    ]);
  });

  it('says nothing while the text is not JSON yet, or before the scenario’s tables are known', () => {
    expect(specNameIssues('{"assertions": [{"entity": "mes', tables, ['slack'])).toEqual([]);
    expect(specNameIssues('{"assertions": [{"entity": "mesages"}]}', [], ['slack'])).toEqual([]);
    expect(specNameIssues('{"assertions": [{"entity": "messages", "where": {"channel_id": "C1"}}]}', tables, ['slack'])).toEqual([]);
  });
});
