import type { Replica } from '../replicas/index.ts';
import { codeToolName, type ToolSet } from './codeTools.ts';
import { languages } from '../sandbox/languages.ts';

/** code: fenced code blocks; tools: native tool calls; react: Agent-Diff's XML-tagged loop of one Bash action a turn. */
export type AgentMode = 'code' | 'tools' | 'react';

export const agentModes: readonly AgentMode[] = ['code', 'tools', 'react'];

/** The token scripts send; the replicas accept any well-formed bearer token and act as the scenario's user. */
export const AGENT_TOKEN = 'difflab-agent';

function serviceList(replicas: Replica[]): string {
  return replicas.map((r) => `- ${r.title}: base URL ${r.baseUrls[0]}`).join('\n');
}

const FINISH = `When the task is done, reply without any code${'{TOOLS}'} and say briefly what you did. If the task asks a question, end your reply with a line \`Answer: <the answer>\`. Do not ask the user anything: nobody will reply. Make reasonable choices, look things up instead of guessing ids, and change nothing the task does not ask for.`;

/** The system prompt of code mode: the model acts by writing JavaScript, Python or Bash that calls the real API hosts. */
export function codeModePrompt(replicas: Replica[], docs: string): string {
  return [
    'You are an agent doing a task for a user in their workspace. You act by writing code that calls the real web APIs of these services:',
    serviceList(replicas),
    `Send \`Authorization: Bearer ${AGENT_TOKEN}\` with every request; it is already authorized as the user you act for.`,
    [
      'To act, reply with fenced code blocks:',
      '- ```javascript blocks run as an ES module with top-level await in a sandbox that has fetch, Request, Response, Headers, URL, URLSearchParams, FormData, Blob, TextEncoder, atob/btoa, setTimeout and console. There is no Node.js, no npm package, no file system; only the API hosts above are reachable.',
      '- ```python blocks run as Python 3 with the standard library and `requests` (functions and Session; params, json, data, files, headers); print() what you need to see.',
      '- ```bash blocks run in a Bash shell with curl, jq, grep, sed, awk, cut, sort, uniq, head, tail, wc, tr, xargs, base64 and printf; pipes, variables, $(…), loops, functions and here-docs work. Its standard output and error are what you see. Files written under the home directory or /tmp last for the rest of the run.',
      'Each block runs on its own, in order; variables do not carry over between blocks or turns. After your blocks run you see what they printed (console.log output, errors, response bodies), cut when very long. Print what you need to see: JSON.stringify (json.dumps, or jq) the parts of responses you need next.',
    ].join('\n'),
    FINISH.replace('{TOOLS}', ''),
    docs ? `# API documentation\n\n${docs}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** The system prompt of tool mode: the model calls the route tables' tools, or code tools, natively. */
export function toolModePrompt(replicas: Replica[], docs: string, toolset: ToolSet = 'all'): string {
  const api = toolset !== 'code';
  const code = toolset !== 'api';
  const names = languages.map((l) => codeToolName(l.id)).join(', ');
  return [
    api
      ? "You are an agent doing a task for a user in their workspace. You act by calling tools; each API tool is one method of these services' web APIs and answers with the API's HTTP status and JSON body:"
      : "You are an agent doing a task for a user in their workspace. You act by calling tools that run code against the real web APIs of these services:",
    serviceList(replicas),
    code
      ? `The ${names} tools run the code you give them (argument \`code\`) in a fresh sandbox that reaches only these hosts, and answer with what it printed. Send \`Authorization: Bearer ${AGENT_TOKEN}\` with every request; it is already authorized as the user you act for. Variables do not carry over between calls; files written under the working directory do.`
      : '',
    'Call tools one or several at a time and read their results before going on.',
    FINISH.replace('{TOOLS}', ' and no tool call'),
    docs ? `# API documentation\n\n${docs}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** The first user message: the task itself. */
export function taskMessage(prompt: string): string {
  return `Task:\n${prompt}`;
}
