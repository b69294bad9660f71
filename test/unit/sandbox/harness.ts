import { createNodeWorker } from '../../../src/cli/createNodeWorker.ts';
import { runScript, type RunScriptOptions } from '../../../src/sandbox/runScript.ts';
import type { ScriptResult } from '../../../src/sandbox/types.ts';

/** A fake FetchHandler: answers every request with JSON describing what it received. */
export async function echo(request: Request): Promise<Response> {
  return Response.json({ method: request.method, url: request.url, body: await request.text() });
}

/** Runs a script in a real Node sandbox worker. */
export function run(source: string, options: Partial<RunScriptOptions> = {}): Promise<ScriptResult> {
  return runScript(source, { fetch: echo, createWorker: createNodeWorker, ...options });
}

/** The console output of a run, one string per entry. */
export function lines(result: ScriptResult): string[] {
  return result.console.map((entry) => entry.text);
}

/** Runs a script that prints one JSON line per check with console.log(JSON.stringify(...)). */
export async function runJson(source: string, options: Partial<RunScriptOptions> = {}): Promise<unknown[]> {
  const result = await run(source, options);
  if (!result.ok) throw new Error(`script failed: ${result.reason}: ${result.error}\n${lines(result).join('\n')}`);
  return lines(result).map((line) => JSON.parse(line) as unknown);
}
