import { afterAll, describe, expect, it } from 'vitest';
import { addedHello, difflab, helloScript, makeFixture } from './fixtures.ts';

const fx = makeFixture();
afterAll(() => fx.cleanup());

describe('difflab run', () => {
  it('prints one JSON verdict for a passing script and exits 0', async () => {
    const script = fx.script('hello.js', helloScript);
    const r = await difflab(['run', '--suite', fx.suite, '--test', 'post-hello', '--script', script, '--seeds', fx.seeds]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['test_id', 'passed', 'agent_diff_passed', 'score', 'failures', 'unexplained', 'diff', 'console', 'error', 'failed_assertions']);
    expect(out).toMatchObject({ test_id: 'post-hello', passed: true, agent_diff_passed: true, score: { passed: 1, total: 1, percent: 100 }, failures: [], error: null });
    expect(out.diff.inserts).toEqual([expect.objectContaining({ __table__: 'messages', channel_id: 'C1', user_id: 'U1', message_text: 'hello from the script' })]);
    expect(out.console).toEqual([expect.objectContaining({ text: 'posted true' })]);
  });

  it('exits 0 with passed false for a failing script, and reports a script error', async () => {
    const script = fx.script('throws.js', "await fetch('https://slack.com/api/auth.test', { headers: { authorization: 'Bearer x' } });\nthrow new Error('gave up');\n");
    const r = await difflab(['run', '--suite', fx.agentDiffSuite, '--test', 'test_1', '--script', script, '--seeds', fx.seeds]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.passed).toBe(false);
    expect(out.score).toEqual({ passed: 0, total: 1, percent: 0 });
    expect(out.failures).toHaveLength(1);
    expect(out.error).toMatch(/gave up/);
    expect(out.diff).toEqual({ inserts: [], updates: [], deletes: [] });
  });

  it('explains a failed assertion by the row that came nearest, ids with their names: the message posted in the wrong channel', async () => {
    const wrong = helloScript.replace("channel: 'C1'", "channel: 'C2'");
    expect(wrong).not.toBe(helloScript);
    const script = fx.script('wrong-channel.js', wrong);
    const r = await difflab(['run', '--suite', fx.suite, '--test', 'post-hello', '--script', script, '--seeds', fx.seeds]);
    const out = JSON.parse(r.stdout);
    expect(out.passed).toBe(false);
    expect(out.failed_assertions).toHaveLength(1);
    const [failed] = out.failed_assertions;
    expect(failed.assertion).toBe('added messages (exactly 1) where channel_id = "C1", message_text contains "hello"');
    expect(failed.nearest.why).toBe('closest');
    expect(failed.nearest.rows).toHaveLength(1);
    expect(failed.nearest.rows[0]).toMatchObject({ source: 'diff', kind: 'insert', table: 'messages', failed: 1 });
    expect(failed.nearest.rows[0].checks).toEqual([
      { part: 'where', field: 'channel_id', expected: '"C1" (general)', actual: '"C2" (random)', equality: true, passed: false },
      { part: 'where', field: 'message_text', expected: 'contains "hello"', actual: '"hello from the script"', equality: false, passed: true },
    ]);
  });

  it.each([
    ['javascript', 'broken.js', "await fetch('https://slack.com/api/auth.test';\n", /^SyntaxError: .*\(line 1\)/],
    ['python', 'broken.py', 'import requests\nif True\n    print(1)\n', /SyntaxError: expected ':'/],
    ['bash', 'broken.sh', 'curl -s https://slack.com/api/auth.test\nif then fi\n', /^bash: syntax error: .*fi/],
  ])('a %s script that does not parse never ran: no verdict (passed null), the syntax error, nothing else', async (_language, name, source, message) => {
    const script = fx.script(name, source);
    const r = await difflab(['run', '--suite', fx.suite, '--test', 'post-hello', '--script', script, '--seeds', fx.seeds]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ passed: null, agent_diff_passed: null, score: null, failures: [], failed_assertions: [] });
    expect(out.error).toMatch(message);
  });

  it('a script that throws a SyntaxError as it runs did run: a verdict, failed', async () => {
    const script = fx.script('runtime-syntax.js', "JSON.parse('{');\n");
    const out = JSON.parse((await difflab(['run', '--suite', fx.suite, '--test', 'post-hello', '--script', script, '--seeds', fx.seeds])).stdout);
    expect(out).toMatchObject({ passed: false, score: { passed: 0, total: 1 } });
    expect(out.error).toMatch(/^SyntaxError/);
  });

  it('rejects bad input with a message on stderr and a non-zero exit', async () => {
    const script = fx.script('noop.js', '');
    const missing = await difflab(['run', '--suite', fx.dir + '/nope.json', '--test', 'x', '--script', script]);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/suite file not found: .*nope\.json/);

    const unknown = await difflab(['run', '--suite', fx.suite, '--test', 'no-such-test', '--script', script, '--seeds', fx.seeds]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown test id "no-such-test"/);
    expect(unknown.stderr).toMatch(/post-hello, wrong-solution/);

    const noScript = await difflab(['run', '--suite', fx.suite, '--test', 'post-hello', '--script', fx.dir + '/missing.js']);
    expect(noScript.code).toBe(2);
    expect(noScript.stderr).toMatch(/script file not found/);

    const malformed = fx.file(
      'malformed.json',
      JSON.stringify({ name: 'bad', service: 'slack', tests: [{ id: 't', name: 'n', prompt: 'p', seed_template: 's', assertions: [{ diff_type: 'bogus', entity: 'messages' }] }] }),
    );
    const bad = await difflab(['run', '--suite', malformed, '--test', 't', '--script', script]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/malformed/);
    expect(bad.stderr).toMatch(/\$\.tests\[0\]\.assertions\[0\]\.diff_type/);

    const badJson = fx.file('broken.json', '{"name": ');
    const broken = await difflab(['run', '--suite', badJson, '--test', 't', '--script', script]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/not valid JSON/);

    const seedless = await difflab(['run', '--suite', fx.suite, '--test', 'post-hello', '--script', script, '--seeds', fx.dir + '/scripts']);
    expect(seedless.code).toBe(2);
    expect(seedless.stderr).toMatch(/seed "tiny_slack" .*not found/);
  });

  it('names a seed that does not load instead of crashing', async () => {
    fx.file('seeds/widgets.json', JSON.stringify({ widgets: [{ id: 1 }] }));
    const suite = fx.file('widget-suite.json', JSON.stringify({ name: 'w', service: 'slack', tests: [{ id: 't', name: 'n', prompt: 'p', seed_template: 'widgets', assertions: [addedHello] }] }));
    const r = await difflab(['run', '--suite', suite, '--test', 't', '--script', fx.script('empty.js', ''), '--seeds', fx.seeds]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/seed "widgets" could not be loaded: .*"widgets"/);
    expect(r.stderr).not.toMatch(/internal error/);
  });
});
