import { languages, type LanguageId } from '../sandbox/languages.ts';
import type { ToolSpec } from './types.ts';

/**
 * Which tools tool mode offers: the route tables' API tools, tools that run code in one of the sandbox's languages
 * (`execute_python`, `execute_bash`, `execute_javascript`: the LangChain tools of Agent-Diff's recorded runs,
 * argument `code`), or both.
 */
export type ToolSet = 'all' | 'api' | 'code';

export const toolSets: readonly ToolSet[] = ['all', 'api', 'code'];

/** A tool that runs its `code` argument in a language's sandbox against the environment; the output is its result. */
export interface CodeTool {
  spec: ToolSpec;
  language: LanguageId;
}

const WHAT_RUNS: Record<LanguageId, string> = {
  python:
    'Python 3 with the standard library and `requests` (functions and Session; params, json, data, files, headers). Print what you need to see with print().',
  bash: 'a Bash shell with curl, jq, grep, sed, awk, cut, sort, uniq, head, tail, wc, tr, xargs, base64 and printf; pipes, variables, $(…), loops and functions work. Its stdout and stderr are the result.',
  javascript:
    'an ES module with top-level await, fetch, URL, URLSearchParams, FormData, Blob and console (no Node.js, no npm packages). Print what you need to see with console.log.',
};

/** The tool name that runs code of a language: `execute_python`. */
export function codeToolName(language: LanguageId): string {
  return `execute_${language}`;
}

/** The code tools, one per language, in the picker's order. */
export function codeTools(): CodeTool[] {
  return languages.map((l) => ({
    language: l.id,
    spec: {
      name: codeToolName(l.id),
      description: `Runs ${l.title} code in a fresh sandbox and returns what it printed (and the error, if it failed): ${WHAT_RUNS[l.id]} Only the services' API hosts are reachable; nothing but files under the working directory carries over between calls.`,
      parameters: {
        type: 'object',
        properties: { code: { type: 'string', description: `The ${l.title} code to run.` } },
        required: ['code'],
        additionalProperties: false,
      },
    },
  }));
}

/** The code a code tool's call runs, or why the arguments hold none. */
export function codeArgument(args: Record<string, unknown>): { code: string } | { problem: string } {
  const code = args.code;
  if (typeof code !== 'string') return { problem: 'the tool takes one argument, `code`: the code to run, as a string' };
  if (!code.trim()) return { problem: 'the `code` argument is empty' };
  return { code };
}
