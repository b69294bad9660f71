import type { Replica } from '../replicas/index.ts';
import type { ScriptResult } from '../sandbox/types.ts';
import { boundText } from './codeBlocks.ts';

/**
 * The Agent-Diff paper's ReAct protocol, in DiffLab's own words: each reply is XML-tagged — `<thinking>` first, then
 * either one `<action>` holding a Bash command (mostly curl) or `<done>` with a summary. One command per turn, each
 * in a fresh shell; requests carry a placeholder token, since the harness authenticates for the agent. A run has at
 * most 25 turns and 300 s.
 */

/** What scripts send for authentication in this protocol; the replicas take any bearer token as the scenario's user. */
export const PLACEHOLDER_TOKEN = 'PLACEHOLDER_TOKEN';
export const REACT_MAX_ITERATIONS = 25;
export const REACT_TIME_LIMIT_MS = 300_000;

export type ReactReply =
  | { kind: 'action'; thinking: string | null; command: string }
  | { kind: 'done'; thinking: string | null; summary: string }
  | { kind: 'invalid'; thinking: string | null; problem: string };

function tag(text: string, name: string): string | null {
  const m = new RegExp(`<${name}>([\\s\\S]*?)(?:</${name}>|$)`, 'i').exec(text);
  return m ? m[1].trim() : null;
}

/** A command a model wrapped in a code fence inside the tag, as some do: the fence is not part of the command. */
function unfence(command: string): string {
  const m = /^```[\w-]*[^\n]*\n([\s\S]*?)\n?```$/.exec(command.trim());
  return (m ? m[1] : command).trim();
}

/** Reads a reply: an action (the first, if several), a done, or what is wrong with it. */
export function parseReactReply(text: string): ReactReply {
  const thinking = tag(text, 'thinking');
  const action = tag(text, 'action');
  if (action !== null) {
    const command = unfence(action);
    if (command) return { kind: 'action', thinking, command };
    return { kind: 'invalid', thinking, problem: 'the <action> is empty' };
  }
  const done = tag(text, 'done');
  if (done !== null) return { kind: 'done', thinking, summary: done };
  return { kind: 'invalid', thinking, problem: 'the reply has neither an <action> nor a <done>' };
}

function serviceList(replicas: Replica[]): string {
  return replicas.map((r) => `- ${r.title}: ${r.baseUrls[0].replace(/\/$/, '')}`).join('\n');
}

/** The system prompt of the ReAct protocol (this project's text; the structure is the paper's). */
export function reactPrompt(replicas: Replica[], docs: string, now?: string): string {
  return [
    'You are an agent that completes a task for a user by calling the web APIs of these services from a Bash shell:',
    serviceList(replicas),
    `Authentication is handled for you: send \`Authorization: Bearer ${PLACEHOLDER_TOKEN}\` as it is.`,
    now ? `The current date and time is ${now}.` : '',
    [
      'Answer every turn in this format, and nothing else:',
      '<thinking>what you know, and what you will do next</thinking>',
      'then either',
      '<action>one Bash command (curl, with jq, grep, sed, awk… and pipes as you like)</action>',
      'or, once the task is complete,',
      '<done>a short summary of what you did (and the answer, if the task asks a question)</done>',
    ].join('\n'),
    [
      'Rules:',
      '- One <action> per turn. You then see its output (standard output, standard error and the exit code) and take the next turn.',
      '- Each command runs in a fresh shell: variables and functions do not carry over, so repeat ids you need. Files written to the current directory or /tmp do.',
      `- You have at most ${REACT_MAX_ITERATIONS} turns. Nobody will answer questions: make reasonable choices, look things up instead of guessing ids, and change nothing the task does not ask for.`,
    ].join('\n'),
    docs ? `# API documentation\n\n${docs}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** What the model sees after its action: the shell's output and exit status, bounded. */
export function reactObservation(r: ScriptResult, max: number): string {
  const out = r.console.filter((e) => e.level === 'log' || e.level === 'info').map((e) => e.text).join('\n');
  const err = r.console.filter((e) => e.level !== 'log' && e.level !== 'info').map((e) => e.text).join('\n');
  const status = r.ok ? 'exit code 0' : r.reason === 'error' || r.reason === 'syntax' ? (/exited with status (\d+)/.exec(r.error ?? '')?.[0].replace('exited with status', 'exit code') ?? `error: ${r.error}`) : `stopped: ${r.error}`;
  const body = [out && `stdout:\n${out}`, err && `stderr:\n${err}`, status].filter(Boolean).join('\n');
  return `<observation>\n${boundText(body, max)}\n</observation>`;
}

/** The observation for a reply the harness could not act on. */
export function reactFormatProblem(problem: string): string {
  return `<observation>\nYour reply could not be used: ${problem}. Answer with <thinking>…</thinking> and then exactly one <action>…</action> or <done>…</done>.\n</observation>`;
}
