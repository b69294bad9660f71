import { describe, expect, it } from 'vitest';
import { CurlParseError, curlScript, parseCurl } from '../../../src/agent/curl.ts';

describe('parseCurl', () => {
  it('reads -X, -H and -d, with quotes and line continuations', () => {
    const [r] = parseCurl(`curl -s -X POST "https://slack.com/api/chat.postMessage" \\\n  -H 'Authorization: Bearer xoxb-1' \\\n  -H "Content-Type: application/json" \\\n  -d '{"channel":"C1","text":"it'"'"'s \\"here\\""}'`);
    expect(r.method).toBe('POST');
    expect(r.url).toBe('https://slack.com/api/chat.postMessage');
    expect(r.headers).toEqual([['Authorization', 'Bearer xoxb-1'], ['Content-Type', 'application/json']]);
    expect(r.body).toEqual({ kind: 'text', text: '{"channel":"C1","text":"it\'s \\"here\\""}' });
  });

  it('-d without -X is a form-urlencoded POST; several -d join with &', () => {
    const [r] = parseCurl('curl https://slack.com/api/chat.postMessage -d channel=C1 --data text=hi');
    expect(r.method).toBe('POST');
    expect(r.body).toEqual({ kind: 'text', text: 'channel=C1&text=hi' });
    expect(r.headers).toContainEqual(['Content-Type', 'application/x-www-form-urlencoded']);
  });

  it('--data-urlencode percent-encodes the value but not the name', () => {
    const [r] = parseCurl(`curl https://x.test/a --data-urlencode "text=a b&c=d" --data-urlencode =raw&x --data-urlencode plain`);
    expect(r.body).toEqual({ kind: 'text', text: 'text=a%20b%26c%3Dd&raw%26x&plain' });
  });

  it('-G moves the data into the query string and sends GET', () => {
    const [r] = parseCurl('curl -G https://slack.com/api/conversations.history?limit=5 -d channel=C1 --data-urlencode "oldest=1.5"');
    expect(r.method).toBe('GET');
    expect(r.url).toBe('https://slack.com/api/conversations.history?limit=5&channel=C1&oldest=1.5');
    expect(r.body).toBeNull();
  });

  it('-F builds multipart form fields and -u sends Basic authorization', () => {
    const [r] = parseCurl('curl -u user:pa55 -F channels=C1 -F "content=hello world" https://slack.com/api/files.upload');
    expect(r.method).toBe('POST');
    expect(r.body).toEqual({ kind: 'form', fields: [['channels', 'C1'], ['content', 'hello world']] });
    expect(r.headers).toContainEqual(['Authorization', `Basic ${btoa('user:pa55')}`]);
  });

  it('takes attached short options (-XPUT, -sSL) and long options with =', () => {
    const [r] = parseCurl('curl -sSL -XPUT --header=X-A:1 --data=\'{"a":1}\' https://api.box.com/2.0/files/1');
    expect(r.method).toBe('PUT');
    expect(r.headers[0]).toEqual(['X-A', '1']);
    expect(r.body).toEqual({ kind: 'text', text: '{"a":1}' });
  });

  it('splits several commands on new lines, ; and &&, and skips comments', () => {
    const rs = parseCurl('# list first\ncurl https://a.test/1\ncurl https://a.test/2; curl https://a.test/3 && curl https://a.test/4');
    expect(rs.map((r) => r.url)).toEqual(['https://a.test/1', 'https://a.test/2', 'https://a.test/3', 'https://a.test/4']);
  });

  it('refuses what it cannot do, saying why', () => {
    expect(() => parseCurl('curl https://a.test | jq .')).toThrow(/pipes/);
    expect(() => parseCurl('curl -o f https://a.test')).toThrow(/-o is not supported/);
    expect(() => parseCurl('curl -d @body.json https://a.test')).toThrow(/no files/);
    expect(() => parseCurl('curl -F file=@a.txt https://a.test')).toThrow(/no files/);
    expect(() => parseCurl('echo hi')).toThrow(CurlParseError);
    expect(() => parseCurl("curl 'https://a.test")).toThrow(/unterminated/);
    expect(() => parseCurl('curl -X')).toThrow(/needs a value/);
  });
});

describe('curl -L', () => {
  it('follows redirects only with -L / --location, as curl does', () => {
    expect(parseCurl('curl https://api.box.com/2.0/files/1/content')[0].followRedirects).toBe(false);
    expect(parseCurl('curl -L https://api.box.com/2.0/files/1/content')[0].followRedirects).toBe(true);
    expect(parseCurl('curl -sSL https://api.box.com/2.0/files/1/content')[0].followRedirects).toBe(true);
    expect(parseCurl('curl --location https://api.box.com/2.0/files/1/content')[0].followRedirects).toBe(true);
    expect(curlScript(parseCurl('curl https://api.box.com/2.0/files/1/content'))).toContain(`redirect: 'manual'`);
    expect(curlScript(parseCurl('curl -L https://api.box.com/2.0/files/1/content'))).not.toContain('redirect:');
  });
});

describe('curlScript', () => {
  it('makes a sandbox script that fetches each request in order and prints the bodies', async () => {
    const script = curlScript(parseCurl('curl -X POST https://a.test/x -H "A: 1" -d k=v\ncurl -F n=v https://a.test/y'));
    const calls: { url: string; init: any }[] = [];
    const logs: string[] = [];
    class FakeForm {
      entries: [string, string][] = [];
      append(k: string, v: string) { this.entries.push([k, v]); }
    }
    const fetch = async (url: string, init: any) => {
      calls.push({ url, init });
      return { text: async () => `body of ${url}` };
    };
    const run = new Function('fetch', 'FormData', 'console', `return (async () => { ${script} })();`);
    await run(fetch, FakeForm, { log: (s: string) => logs.push(s) });
    expect(calls[0]).toMatchObject({ url: 'https://a.test/x', init: { method: 'POST', body: 'k=v' } });
    expect(calls[0].init.headers).toContainEqual(['A', '1']);
    expect(calls[1].init.body.entries).toEqual([['n', 'v']]);
    expect(logs).toEqual(['body of https://a.test/x', 'body of https://a.test/y']);
  });
});
