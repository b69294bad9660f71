import { describe, expect, it } from 'vitest';
import { languageOfFence, languageOfFile, languages } from '../../../src/sandbox/languages.ts';
import { runScript } from '../../../src/sandbox/runScript.ts';
import type { LanguageId } from '../../../src/sandbox/languages.ts';
import type { WorkerFactory, WorkerLike } from '../../../src/sandbox/types.ts';
import { startSandboxWorker, type ScriptRunner } from '../../../src/sandbox/worker.ts';

/** A worker in this thread: the shared harness of worker.ts around a runner, joined to runScript by queued messages. */
function inThread(runner: ScriptRunner, seen: LanguageId[]): WorkerFactory {
  return (_limits, language) => {
    seen.push(language);
    const toHost: ((m: unknown) => void)[] = [];
    const toWorker: ((m: unknown) => void)[] = [];
    startSandboxWorker(
      { postMessage: (m) => queueMicrotask(() => toHost.forEach((l) => l(m))), onMessage: (l) => toWorker.push(l) },
      runner,
    );
    const worker: WorkerLike = {
      postMessage: (m) => queueMicrotask(() => toWorker.forEach((l) => l(m))),
      onMessage: (l) => toHost.push(l),
      onError: () => {},
      terminate: () => {},
    };
    return worker;
  };
}

/** A toy language: each line is a URL to fetch, its body printed; it appends to a scratch file `log`. */
const toy: ScriptRunner = {
  language: 'bash',
  async run({ source, files }, io) {
    io.started();
    const log = files.find((f) => f.path === 'log');
    let text = log ? new TextDecoder().decode(log.bytes) : '';
    for (const url of source.split('\n').filter(Boolean)) {
      try {
        const response = await io.fetch({ url, method: 'GET', headers: [], body: null, redirect: 'follow' });
        io.console({ level: 'log', text: new TextDecoder().decode(response.body) });
        text += `${response.status}\n`;
      } catch (error) {
        io.done({ ok: false, reason: 'error', error: (error as Error).message });
        return;
      }
    }
    io.done({ ok: true }, [{ path: 'log', bytes: new TextEncoder().encode(text) }]);
  },
};

describe('the sandbox language interface', () => {
  it('lists each language once, with a starter, and finds them by file and by fence', () => {
    expect(new Set(languages.map((l) => l.id)).size).toBe(languages.length);
    for (const l of languages) expect(l.starter.trim()).not.toBe('');
    expect(languageOfFile('solutions/x.sh')?.id).toBe('bash');
    expect(languageOfFile('x.JS')?.id).toBe('javascript');
    expect(languageOfFile('x.txt')).toBeUndefined();
    expect(languageOfFence('bash')?.id).toBe('bash');
    expect(languageOfFence('javascript')?.id).toBe('javascript');
    expect(languageOfFence('json')).toBeUndefined();
  });

  it('gives the shared host side (fetch bridge, request log, request limit, console) to any runner', async () => {
    const seen: LanguageId[] = [];
    const result = await runScript('https://a.test/1\nhttps://a.test/2\nhttps://a.test/3', {
      language: 'bash',
      fetch: async (request) => new Response(`hi ${new URL(request.url).pathname}`),
      createWorker: inThread(toy, seen),
      limits: { maxRequests: 2 },
    });
    expect(seen).toEqual(['bash']);
    expect(result.console.map((c) => c.text)).toEqual(['hi /1', 'hi /2']);
    expect(result.requests.map((r) => r.url)).toEqual(['https://a.test/1', 'https://a.test/2']);
    expect(result).toMatchObject({ ok: false, reason: 'requests' });
  });

  it('hands the scratch files a script left to the next script, and leaves the caller’s copy alone', async () => {
    let scratch = [{ path: 'log', bytes: new TextEncoder().encode('start\n') }];
    const before = scratch[0].bytes;
    for (let i = 0; i < 2; i++) {
      await runScript('https://a.test/x', {
        language: 'bash',
        fetch: async () => new Response('ok', { status: 201 }),
        createWorker: inThread(toy, []),
        files: scratch,
        onFiles: (files) => (scratch = files),
      });
    }
    expect(new TextDecoder().decode(scratch[0].bytes)).toBe('start\n201\n201\n');
    expect(new TextDecoder().decode(before)).toBe('start\n');
  });
  it('prepares a runner as its worker starts, waits for it before the script, and reports a failed preparation', async () => {
    const order: string[] = [];
    let finish!: () => void;
    const prepared = new Promise<void>((resolve) => (finish = resolve));
    const slowToPrepare: ScriptRunner = {
      ...toy,
      async prepare(hurry) {
        order.push('prepare');
        hurry.addEventListener('abort', () => order.push('hurried'));
        await prepared;
        order.push('prepared');
      },
      run(job, io) {
        order.push('run');
        return toy.run(job, io);
      },
    };
    const factory = inThread(slowToPrepare, []);
    const running = runScript('https://a.test/1', { language: 'bash', fetch: async () => new Response('ok'), createWorker: factory });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['prepare', 'hurried']);
    finish();
    expect(await running).toMatchObject({ ok: true });
    expect(order).toEqual(['prepare', 'hurried', 'prepared', 'run']);

    const broken: ScriptRunner = { ...toy, prepare: async () => Promise.reject(new Error('the interpreter did not load')) };
    const failed = await runScript('https://a.test/1', { language: 'bash', fetch: async () => new Response('ok'), createWorker: inThread(broken, []) });
    expect(failed).toMatchObject({ ok: false, reason: 'crash' });
    expect(failed.error).toContain('the interpreter did not load');
  });
});
