import { Transform, type Readable } from 'node:stream';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

const NEWLINE = 0x0a;

/** Why a line from the client was not passed on; the server answers each with a JSON-RPC error without an id. */
export type StdinRefusal = 'too_large' | 'not_json' | 'not_json_rpc';

/**
 * An MCP client's stdin (one JSON-RPC message a line) as the SDK's stdio transport should read it: only lines that are
 * messages, each within `maxBytes`. Every other line is reported to `refuse` and left out, so that the server can
 * answer it and read on — the SDK's transport answers none of them (JSON-RPC 2.0 asks for a Parse error or an Invalid
 * Request with a null id), and past 10 MiB of one line it closes, leaving the session silent. A line past the bound
 * is skipped to its newline without being held. Blank lines are skipped unanswered.
 */
export function mcpStdin(input: Readable, maxBytes: number, refuse: (why: StdinRefusal) => void): Readable {
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
          refuse('too_large');
          skipping = end === -1;
          continue;
        }
        if (end === -1) {
          held.push(piece);
          heldBytes += piece.length;
          continue;
        }
        const line = held.length ? Buffer.concat([...held, piece]) : piece;
        drop();
        const why = refusalOf(line);
        if (why) refuse(why);
        else if (why === null) this.push(line);
      }
      done();
    },
  });
  input.on('error', (err) => lines.destroy(err));
  return input.pipe(lines);
}

/** A line the SDK's transport can take (null), one to answer, or a blank one to skip (undefined). */
function refusalOf(line: Buffer): StdinRefusal | null | undefined {
  const text = line.toString('utf8');
  if (!text.trim()) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'not_json';
  }
  return JSONRPCMessageSchema.safeParse(value).success ? null : 'not_json_rpc';
}
