import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { boundedLines } from '../../../src/cli/mcpStdin.ts';

/** What `boundedLines` passes on for `text` written in chunks of `size` bytes, and how many lines it left out. */
async function through(text: string, maxBytes: number, size: number): Promise<{ out: string; oversized: number }> {
  const input = new PassThrough();
  let oversized = 0;
  const lines = boundedLines(input, maxBytes, () => oversized++);
  const chunks: Buffer[] = [];
  lines.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => lines.on('end', resolve));
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) input.write(bytes.subarray(i, i + size));
  input.end();
  await ended;
  return { out: Buffer.concat(chunks).toString(), oversized };
}

describe('boundedLines: an MCP stdio stream with lines past a bound left out', () => {
  const max = 8;
  // Lines of 0, 8 (at the bound), 9 and 30 bytes (past it), each followed by one that fits; ü is two bytes.
  const text = '\n12345678\nfits\n123456789\nok\n' + 'x'.repeat(30) + '\nlast\nüüüü\nüüüüü\n';
  const expected = '\n12345678\nfits\nok\nlast\nüüüü\n';

  it('passes on every line within the bound, whole, and leaves out the others, however the bytes arrive', async () => {
    for (let size = 1; size <= text.length + 1; size++) {
      const { out, oversized } = await through(text, max, size);
      expect(out, `chunks of ${size}`).toBe(expected);
      expect(oversized, `chunks of ${size}`).toBe(3);
    }
  });

  it('reports a line far past the bound once, and reads on after it', async () => {
    const input = new PassThrough();
    let oversized = 0;
    const lines = boundedLines(input, 1024, () => oversized++);
    const seen: string[] = [];
    lines.on('data', (c: Buffer) => seen.push(c.toString()));
    // 64 MiB of one line, a chunk at a time: reported once, none of it passed on.
    const chunk = Buffer.alloc(1 << 20, 0x61);
    for (let i = 0; i < 64; i++) input.write(chunk);
    input.write('\n{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    input.end();
    await new Promise((resolve) => lines.on('end', resolve));
    expect(oversized).toBe(1);
    expect(seen.join('')).toBe('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
  });
});
