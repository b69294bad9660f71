import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../../../src/cli/serve.ts';
import { answerFetch } from '../../../../src/sandbox/shimHttp.ts';
import type { ShimRequest } from '../../../../src/sandbox/types.ts';
import { withBoxEnvironment } from '../../../helpers/boxEnvironment.ts';

const run = promisify(execFile);
const hasPythonRequests = spawnSync('python3', ['-c', 'import requests']).status === 0;

/**
 * Box answers a download with 302 to its download host (https://developer.box.com/guides/downloads/file/). One rule for
 * every client: a redirect is followed only to a host the replicas serve. In the page and the CLI the fetch shim
 * routes dl.boxcloud.com; `serve` points the Location at itself.
 */
describe('Box downloads through the fetch shim (page and CLI)', () => {
  const box = withBoxEnvironment();
  const handler = (request: Request) => box.router.route(request, box.env);
  const shim = (url: string, redirect: ShimRequest['redirect'] = 'follow'): ShimRequest => ({
    url,
    method: 'GET',
    headers: [['authorization', 'Bearer t']],
    body: null,
    redirect,
  });

  it('fetch follows the 302 to the routed download host and reads the bytes; each hop is logged', async () => {
    const hops: { status: number; redirected?: true }[] = [];
    const res = await answerFetch(handler, shim('https://api.box.com/2.0/files/1001/content'), (e) => hops.push({ status: e.status, redirected: e.redirected }));
    expect(res.status).toBe(200);
    expect(res.redirected).toBe(true);
    expect(res.url).toMatch(/^https:\/\/dl\.boxcloud\.com\/d\/1\/.+\/download$/);
    expect(new TextDecoder().decode(res.body)).toBe('Invoice 77: total 4,200\n');
    expect(hops).toEqual([{ status: 302, redirected: undefined }, { status: 200, redirected: true }]);
  });

  it("redirect: 'manual' gets Box's 302 with its Location and an empty body", async () => {
    const res = await answerFetch(handler, shim('https://api.box.com/2.0/files/1001/content', 'manual'), () => {});
    expect(res.status).toBe(302);
    expect(res.body.length).toBe(0);
    expect(res.headers.find(([k]) => k === 'location')?.[1]).toMatch(/^https:\/\/dl\.boxcloud\.com\//);
  });

  it('a redirect to a host no replica serves is not followed: the fetch fails as a direct fetch there would', async () => {
    const outside = async (request: Request) =>
      request.url.startsWith('https://api.box.com/') ? new Response(null, { status: 302, headers: { location: 'https://evil.example/steal' } }) : handler(request);
    await expect(answerFetch(outside, shim('https://api.box.com/2.0/files/1001/content'), () => {})).rejects.toThrow(/evil\.example.*not available in DiffLab/);
  });
});

describe('Box downloads against difflab serve', () => {
  let server: ServerHandle;
  let fileId: string;
  let envUrl: string;
  const auth = { authorization: 'Bearer difflab-test' };

  beforeAll(async () => {
    server = await startServer({ port: 0, seedsDir: 'scenarios' });
    const page = await (await fetch(`${server.url}/2.0/folders/0/items?limit=1000`, { headers: auth })).json();
    fileId = page.entries.find((e: any) => e.type === 'file' && e.name === 'README - start here.txt').id;
    const init = await fetch(`${server.url}/api/platform/initEnv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'x' },
      body: JSON.stringify({ templateService: 'box', templateName: 'kestrel_box' }),
    });
    envUrl = `${server.url}/api/env/${(await init.json()).environmentId}/services/box/2.0`;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it("answers 302 whose Location is serve's own origin, for the default environment and an environment's path", async () => {
    const direct = await fetch(`${server.url}/2.0/files/${fileId}/content`, { headers: auth, redirect: 'manual' });
    expect(direct.status).toBe(302);
    expect(await direct.text()).toBe('');
    expect(direct.headers.get('location')).toMatch(new RegExp(`^${server.url}/d/1/[A-Za-z0-9_-]+/download$`));
    const scoped = await fetch(`${envUrl}/files/${fileId}/content`, { headers: auth, redirect: 'manual' });
    expect(scoped.headers.get('location')).toMatch(new RegExp(`^${envUrl}/d/1/[A-Za-z0-9_-]+/download$`));
  });

  it("Node's fetch follows the redirect to the bytes, on the default environment and an environment's path", async () => {
    for (const base of [`${server.url}/2.0`, envUrl]) {
      const res = await fetch(`${base}/files/${fileId}/content`, { headers: auth });
      expect(res.status).toBe(200);
      expect(res.redirected).toBe(true);
      expect(await res.text()).toMatch(/Kestrel/);
    }
  });

  it('curl -L downloads the bytes; curl without -L gets the 302 and an empty body', async () => {
    const followed = await run('curl', ['-sS', '-L', '-H', 'Authorization: Bearer t', `${server.url}/2.0/files/${fileId}/content`]);
    expect(followed.stdout).toMatch(/Kestrel/);
    const plain = await run('curl', ['-sS', '-o', '/dev/null', '-w', '%{http_code} %{size_download} %{redirect_url}', '-H', 'Authorization: Bearer t', `${envUrl}/files/${fileId}/content`]);
    expect(plain.stdout).toMatch(new RegExp(`^302 0 ${envUrl}/d/1/`));
  });

  it.skipIf(!hasPythonRequests)('Python requests follows the redirect (and allow_redirects=False gets the 302)', async () => {
    const script = [
      'import requests, sys',
      'r = requests.get(sys.argv[1], headers={"Authorization": "Bearer t"})',
      'm = requests.get(sys.argv[1], headers={"Authorization": "Bearer t"}, allow_redirects=False)',
      'print(r.status_code, len(r.history), "Kestrel" in r.text, m.status_code, len(m.content))',
    ].join('\n');
    const out = await run('python3', ['-c', script, `${envUrl}/files/${fileId}/content`]);
    expect(out.stdout.trim()).toBe('200 1 True 302 0');
  });
});
