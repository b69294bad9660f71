import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { mcpStdin, type StdinRefusal } from '../../../src/cli/mcpStdin.ts';

/** What `mcpStdin` passes on for `text` written in chunks of `size` bytes, and what it refused. */
async function through(text: string, maxBytes: number, size: number): Promise<{ out: string; refused: StdinRefusal[] }> {
  const input = new PassThrough();
  const refused: StdinRefusal[] = [];
  const lines = mcpStdin(input, maxBytes, (why) => refused.push(why));
  const chunks: Buffer[] = [];
  lines.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => lines.on('end', resolve));
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) input.write(bytes.subarray(i, i + size));
  input.end();
  await ended;
  return { out: Buffer.concat(chunks).toString(), refused };
}

/** A JSON-RPC notification of exactly `bytes` bytes (UTF-8), its padding of two-byte characters where it can. */
function message(bytes: number): string {
  const base = '{"jsonrpc":"2.0","method":"notifications/x","params":{"p":""}}';
  const pad = bytes - Buffer.byteLength(base);
  const text = base.replace('"p":""', `"p":"${'ü'.repeat(Math.floor(pad / 2))}${'a'.repeat(pad % 2)}"`);
  expect(Buffer.byteLength(text)).toBe(bytes);
  return text;
}

describe('mcpStdin: what the SDK’s stdio transport reads, every other line refused', () => {
  const max = 100;
  const lines = [
    ['', undefined],
    [message(max), 'passed'],
    [message(max + 1), 'too_large'],
    [message(3 * max), 'too_large'],
    ['{"jsonrpc":"2.0","id":1,"method":', 'not_json'],
    ['{"id":1,"method":"ping"}', 'not_json_rpc'],
    ['[{"jsonrpc":"2.0","id":1,"method":"ping"}]', 'not_json_rpc'],
    ['  \r', undefined],
    [message(80) + '\r', 'passed'],
  ] as const;
  const text = lines.map(([line]) => `${line}\n`).join('');

  it('passes on each message within the bound, whole, and refuses the rest in order, however the bytes arrive', async () => {
    const expected = lines.filter(([, what]) => what === 'passed').map(([line]) => `${line}\n`).join('');
    const refusals = lines.flatMap(([, what]) => (what === 'passed' || what === undefined ? [] : [what]));
    for (let size = 1; size <= text.length + 1; size++) {
      const { out, refused } = await through(text, max, size);
      expect(out, `chunks of ${size}`).toBe(expected);
      expect(refused, `chunks of ${size}`).toEqual(refusals);
    }
  });

  it('refuses a line far past the bound once, without holding it, and reads on after it', async () => {
    const input = new PassThrough();
    const refused: StdinRefusal[] = [];
    const out = mcpStdin(input, 1024, (why) => refused.push(why));
    const seen: string[] = [];
    out.on('data', (c: Buffer) => seen.push(c.toString()));
    const chunk = Buffer.alloc(1 << 20, 0x61);
    for (let i = 0; i < 64; i++) input.write(chunk);
    input.write('\n{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    input.end();
    await new Promise((resolve) => out.on('end', resolve));
    expect(refused).toEqual(['too_large']);
    expect(seen.join('')).toBe('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
  });
});
