import { describe, expect, it } from 'vitest';
import { tokenize } from '../../../../src/replicas/slack/search.ts';
import { withSlackEnvironment } from '../../../helpers/slackEnvironment.ts';

const slack = withSlackEnvironment();

async function found(query: string, extra: Record<string, unknown> = {}): Promise<string[]> {
  const res = await slack.call('search.messages', { query, ...extra });
  expect(res.ok).toBe(true);
  return res.messages.matches.map((m: any) => m.ts);
}

describe('search query parsing', () => {
  it('splits words, phrases, negations and modifiers', () => {
    expect(tokenize('lunch "pizza again" -eyes in:#general from:<@U0ADA> foo:bar')).toEqual([
      { negated: false, value: 'lunch', phrase: false },
      { negated: false, value: 'pizza again', phrase: true },
      { negated: true, value: 'eyes', phrase: false },
      { negated: false, modifier: 'in', value: '#general', phrase: false },
      { negated: false, modifier: 'from', value: '<@U0ADA>', phrase: false },
      { negated: false, value: 'foo:bar', phrase: false },
    ]);
  });
});

describe('search.messages', () => {
  it("answers in Slack's shape", async () => {
    const res = await slack.call('search.messages', { query: 'lunch' });
    expect(res).toMatchObject({
      ok: true,
      query: 'lunch',
      messages: {
        total: 1,
        pagination: { total_count: 1, page: 1, per_page: 20, page_count: 1, first: 1, last: 1 },
        paging: { count: 20, total: 1, page: 1, pages: 1 },
      },
    });
    expect(res.messages.matches[0]).toMatchObject({
      type: 'message',
      user: 'U0BOB',
      username: 'bob',
      ts: '1700000200.000300',
      text: 'Who has the lunch order?',
      team: 'T0ACME',
      channel: { id: 'C0GENERAL', name: 'general', is_channel: true, is_private: false, is_im: false, is_mpim: false },
      permalink: 'https://acme-rockets.slack.com/archives/C0GENERAL/p1700000200000300',
    });
    expect(res.messages.matches[0].iid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('matches whole words with simple word forms, and prefixes with *', async () => {
    expect(await found('eat')).toEqual(['1700000400.000500']);
    expect(await found('LUNCH')).toEqual(['1700000200.000300']);
    expect(await found('count*')).toEqual(['1700000600.000700', '1700000000.000100']);
    expect(await found('countdo')).toEqual([]);
  });

  it('requires every word, keeps phrases in order, and honours negation', async () => {
    expect(await found('pizza again')).toEqual(['1700000300.000400']);
    expect(await found('"again pizza"')).toEqual([]);
    expect(await found('"pizza again"')).toEqual(['1700000300.000400']);
    expect(await found('fuel -recipe')).toEqual(['1700000100.000200']);
  });

  it('reads OR between two terms as either of them, binding tighter than the implied AND', async () => {
    expect(await found('weather OR telemetry')).toEqual(['1700000500.000600']);
    expect(await found('"pizza again" OR weather')).toEqual(['1700000500.000600', '1700000300.000400']);
    expect(await found('"pizza again" OR weather -great')).toEqual(['1700000300.000400']);
    expect(await found('fuel OR lunch in:#general')).toEqual(['1700000200.000300', '1700000100.000200']);
    // Lower-case `or` is a word like any other, and so is an OR with nothing to join.
    expect(await found('weather or telemetry')).toEqual([]);
    expect(await found('OR weather')).toEqual([]);
  });

  it('marks every match up with U+E000 … U+E001 when highlight=true, and only then', async () => {
    const res = await slack.call('search.messages', { query: '"pizza again" OR eat', highlight: 'true', count: 5 });
    expect(res.messages.matches.map((m: any) => m.text)).toEqual(['\uE000Eating\uE001 at noon', 'I do, \uE000pizza again\uE001']);
    const count = await slack.call('search.messages', { query: 'count* -fuel', highlight: true });
    expect(count.messages.matches.map((m: any) => m.text)).toEqual([
      'T-minus 10, see https://example.com/\uE000countdown\uE001',
      'Welcome to the launch \uE000countdown\uE001',
    ]);
    expect((await slack.call('search.messages', { query: 'lunch' })).messages.matches[0].text).toBe('Who has the lunch order?');
  });

  it('searches public channels the caller is not in, but only private conversations it belongs to', async () => {
    expect(await found('weather')).toEqual(['1700000500.000600']);
    expect(await found('secret')).toEqual([]);
    expect(await found('report')).toEqual(['1700000800.000900']);
    slack.actAs('U0ADA');
    expect(await found('secret')).toEqual(['1700000700.000800']);
  });

  it('filters by in: and from: in their several spellings', async () => {
    for (const q of ['in:#general', 'in:general', 'in:<#C0GENERAL|general>', 'in:C0GENERAL']) {
      expect(await found(q)).toEqual(['1700000400.000500', '1700000300.000400', '1700000200.000300', '1700000100.000200', '1700000000.000100']);
    }
    expect(await found('in:@ada')).toEqual(['1700000800.000900']);
    for (const q of ['from:@ada in:#general', 'from:<@U0ADA> in:#general', 'from:ada in:#general', 'from:Ada in:general']) {
      expect(await found(q)).toEqual(['1700000300.000400', '1700000000.000100']);
    }
    expect(await found('from:me')).toEqual(['1700000400.000500', '1700000100.000200', '1700000050.000050']);
    expect(await found('in:#general in:#random -from:@ada')).toEqual([
      '1700000500.000600',
      '1700000400.000500',
      '1700000200.000300',
      '1700000100.000200',
    ]);
    expect(await found('in:#nowhere')).toEqual([]);
  });

  it('filters by has: and is:', async () => {
    expect(await found('has:link')).toEqual(['1700000600.000700']);
    expect(await found('has:reaction')).toEqual(['1700000200.000300', '1700000100.000200']);
    expect(await found('has::rocket:')).toEqual(['1700000100.000200']);
    expect(await found('is:thread')).toEqual(['1700000400.000500', '1700000300.000400', '1700000200.000300']);
  });

  it('filters by date in the caller’s time zone', async () => {
    // The seed messages are from 2023-11-14, 22:13-22:26 UTC; in Tokyo that is already the 15th.
    expect(await found('on:2023-11-14 in:#general')).toHaveLength(5);
    expect(await found('before:2023-11-14')).toEqual([]);
    expect(await found('after:2023-11-13 in:#launch')).toEqual(['1700000600.000700']);
    expect(await found('during:2023-11 in:#launch')).toEqual(['1700000600.000700']);
    expect(await found('during:2024')).toEqual([]);
    slack.actAs('U0CAT');
    expect(await found('on:2023-11-15 in:#general')).toHaveLength(5);
  });

  it('finds words inside blocks', async () => {
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: 'Telemetry nominal' } }];
    const posted = await slack.call('chat.postMessage', { channel: 'C0GENERAL', blocks });
    expect(await found('telemetry')).toEqual([posted.ts]);
    expect(await found('mrkdwn')).toEqual([]);
  });

  it('pages with count and page, sorts by time either way', async () => {
    const first = await slack.call('search.messages', { query: 'in:#general', count: 2, page: 1 });
    expect(first.messages.pagination).toEqual({ total_count: 5, page: 1, per_page: 2, page_count: 3, first: 1, last: 2 });
    const third = await slack.call('search.messages', { query: 'in:#general', count: 2, page: 3 });
    expect(third.messages.matches.map((m: any) => m.ts)).toEqual(['1700000000.000100']);
    expect(third.messages.pagination).toMatchObject({ first: 5, last: 5 });
    expect(await found('in:#general', { sort: 'timestamp', sort_dir: 'asc', count: 2 })).toEqual(['1700000000.000100', '1700000100.000200']);
  });

  it('pages with cursor=* and next_cursor', async () => {
    const first = await slack.call('search.messages', { query: 'in:#general', count: 3, cursor: '*' });
    expect(first.messages.matches).toHaveLength(3);
    const second = await slack.call('search.messages', { query: 'in:#general', count: 3, cursor: first.response_metadata.next_cursor });
    expect(second.messages.matches.map((m: any) => m.ts)).toEqual(['1700000100.000200', '1700000000.000100']);
    expect(second.response_metadata.next_cursor).toBe('');
  });

  it.each([
    ['no query', {}, 'no_query'],
    ['a blank query', { query: '   ' }, 'no_query'],
    ['a foreign cursor', { query: 'lunch', cursor: btoa('user:U0ADA') }, 'invalid_cursor'],
  ])('refuses %s', async (_what, params, error) => {
    expect(await slack.call('search.messages', params)).toEqual({ ok: false, error });
  });
});

describe('search.all', () => {
  it('returns messages, with empty files and posts', async () => {
    const res = await slack.call('search.all', { query: 'pizza' });
    expect(res).toMatchObject({
      ok: true,
      query: 'pizza',
      messages: { total: 1, matches: [{ ts: '1700000300.000400' }] },
      files: { total: 0, matches: [] },
      posts: { total: 0, matches: [] },
    });
  });

  it('refuses a missing query', async () => {
    expect(await slack.call('search.all', {})).toEqual({ ok: false, error: 'no_query' });
  });
});
