import { afterAll, describe, expect, it } from 'vitest';
import { difflab, makeFixture } from './fixtures.ts';

const fx = makeFixture();
afterAll(() => fx.cleanup());

const channelSpec = {
  assertions: [{ diff_type: 'added', entity: 'channels', where: { channel_name: 'launch' }, expected_count: 1 }],
  ignore_fields: { global: ['created_at', 'updated_at'] },
};
/** conversations.create as Agent-Diff records it: the channel, and the creator's membership that comes with it. */
const channelDiff = {
  inserts: [
    { __table__: 'channels', channel_id: 'C9', channel_name: 'launch', is_private: false },
    { __table__: 'channel_members', channel_id: 'C9', user_id: 'U1' },
  ],
  updates: [],
  deletes: [],
};
const extraMessage = { __table__: 'messages', message_id: '1.2', channel_id: 'C1', user_id: 'U1', message_text: 'unasked' };

describe('difflab evaluate', () => {
  it('evaluates one recorded diff; rows created with an explained row count as explained', async () => {
    const spec = fx.file('spec.json', JSON.stringify(channelSpec));
    const diff = fx.file('diff.json', JSON.stringify(channelDiff));
    const r = await difflab(['evaluate', '--spec', spec, '--diff', diff]);
    expect(r.code).toBe(0);
    const v = JSON.parse(r.stdout);
    expect(Object.keys(v)).toEqual(['passed', 'agent_diff_passed', 'score', 'failures', 'unexplained']);
    expect(v).toEqual({ passed: true, agent_diff_passed: true, score: { passed: 1, total: 1, percent: 100 }, failures: [], unexplained: [] });
  });

  it('evaluates a batch in order, one verdict a line, from a file or stdin', async () => {
    const lines = [
      { spec: channelSpec, diff: channelDiff },
      { spec: channelSpec, diff: { ...channelDiff, inserts: [...channelDiff.inserts, extraMessage] } },
      { spec: channelSpec, diff: { inserts: [], updates: [], deletes: [] } },
    ].map((x) => JSON.stringify(x));
    const file = fx.file('cases.jsonl', lines.join('\n') + '\n');
    for (const args of [['--batch', file], ['--batch', '-']]) {
      const r = await difflab(['evaluate', ...args], { input: lines.join('\n') });
      expect(r.code).toBe(0);
      const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
      expect(out.map((v) => [v.passed, v.agent_diff_passed])).toEqual([
        [true, true],
        [false, true],
        [false, false],
      ]);
      expect(out[1].unexplained).toHaveLength(1);
      expect(out[2].failures).toHaveLength(1);
    }
  });

  it('keeps going past bad lines, marks them, and exits 1', async () => {
    const file = fx.file(
      'bad-cases.jsonl',
      [JSON.stringify({ spec: channelSpec, diff: channelDiff }), '{oops', JSON.stringify({ spec: { assertions: [{ diff_type: 'grown' }] }, diff: channelDiff })].join('\n'),
    );
    const r = await difflab(['evaluate', '--batch', file]);
    expect(r.code).toBe(1);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(3);
    expect(out[0].passed).toBe(true);
    expect(out[1]).toMatchObject({ line: 2, error: expect.stringMatching(/not valid JSON/) });
    expect(out[2]).toMatchObject({ line: 3, error: 'invalid spec', issues: expect.arrayContaining([expect.objectContaining({ path: expect.stringMatching(/^\$\.assertions\[0\]/) })]) });
    expect(r.stderr).toMatch(/2 of 3 lines could not be evaluated/);
  });

  it('rejects missing files and invalid specs with a message and exit 2', async () => {
    const diff = fx.file('diff2.json', JSON.stringify(channelDiff));
    const missing = await difflab(['evaluate', '--spec', fx.dir + '/none.json', '--diff', diff]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/spec file not found/);

    const spec = fx.file('bad-spec.json', JSON.stringify({ assertions: [{ diff_type: 'added', entity: 'messages', where: { text: { near: 1 } } }] }));
    const invalid = await difflab(['evaluate', '--spec', spec, '--diff', diff]);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/\$\.assertions\[0\]\.where\.text/);

    const neither = await difflab(['evaluate']);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toMatch(/give --spec and --diff, or --batch/);
  });
});
