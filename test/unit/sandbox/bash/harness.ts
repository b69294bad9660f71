import { createNodeWorker } from '../../../../src/cli/createNodeWorker.ts';
import { createRouter, replicas, UnroutableRequestError } from '../../../../src/replicas/index.ts';
import { runScript, type RunScriptOptions } from '../../../../src/sandbox/runScript.ts';
import type { ScriptResult } from '../../../../src/sandbox/types.ts';

const router = createRouter(replicas);

export interface Received {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  /** base64 of the body's bytes */
  bytes: string;
}

/**
 * A fake of the router's edge: the replicas' hosts answer with JSON describing the request they received (or what
 * `answer` returns); any other host is refused with the router's own error, as the real one does.
 */
export function echoFetch(answer?: (request: Request, received: Received) => Response | undefined) {
  return async (request: Request): Promise<Response> => {
    if (!router.resolve(request.url)) throw new UnroutableRequestError(request.url, router.baseUrls());
    const buffer = new Uint8Array(await request.arrayBuffer());
    const received: Received = {
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body: new TextDecoder().decode(buffer),
      bytes: Buffer.from(buffer).toString('base64'),
    };
    return answer?.(request, received) ?? Response.json(received);
  };
}

export function runBash(source: string, options: Partial<RunScriptOptions> = {}): Promise<ScriptResult> {
  return runScript(source, { language: 'bash', fetch: echoFetch(), createWorker: createNodeWorker, ...options });
}

export function stdout(result: ScriptResult): string {
  return result.console.filter((e) => e.level === 'log').map((e) => e.text).join('\n');
}

export function stderr(result: ScriptResult): string {
  return result.console.filter((e) => e.level !== 'log').map((e) => e.text).join('\n');
}
