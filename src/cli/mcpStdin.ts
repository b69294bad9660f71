import { Transform, type Readable } from 'node:stream';

const NEWLINE = 0x0a;

/**
 * An MCP stdio stream (one JSON-RPC message a line) with every line longer than `maxBytes` left out: skipped to its
 * newline without being held, and reported to `oversized`, so that the server can answer it and read on. The SDK's
 * stdio transport holds up to 10 MiB of a line and past that closes: the session would go silent, and its record
 * would wait for a signal.
 */
export function boundedLines(input: Readable, maxBytes: number, oversized: () => void): Readable {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let skipping = false;
  const drop = () => {
    held = [];
    heldBytes = 0;
  };
  const lines = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let start = 0;
      while (start < chunk.length) {
        const end = chunk.indexOf(NEWLINE, start);
        const piece = end === -1 ? chunk.subarray(start) : chunk.subarray(start, end + 1);
        start += piece.length;
        if (skipping) {
          if (end !== -1) skipping = false;
          continue;
        }
        const lineBytes = heldBytes + piece.length - (end === -1 ? 0 : 1);
        if (lineBytes > maxBytes) {
          drop();
          oversized();
          skipping = end === -1;
          continue;
        }
        if (end === -1) {
          held.push(piece);
          heldBytes += piece.length;
        } else {
          this.push(held.length ? Buffer.concat([...held, piece]) : piece);
          drop();
        }
      }
      done();
    },
  });
  input.on('error', (err) => lines.destroy(err));
  return input.pipe(lines);
}
