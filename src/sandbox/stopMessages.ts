import type { SandboxLimits } from './types.ts';

/** The human messages for runs that end early: one place, so the UI, the CLI and the agent see the same words. */

function seconds(ms: number): string {
  return `${Math.round(ms / 10) / 100} s`;
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024) * 10) / 10} MB`;
}

export function timeLimitMessage(limits: SandboxLimits): string {
  return `Script stopped: it ran longer than ${seconds(limits.timeMs)} (time limit)`;
}

export function memoryLimitMessage(limits: SandboxLimits): string {
  return `Script stopped: it used more than ${megabytes(limits.memoryBytes)} of memory (memory limit)`;
}

/** What the over-limit fetch() rejects with, inside the script. */
export function requestRefusedMessage(limits: SandboxLimits): string {
  return `Request limit reached: a script may make at most ${limits.maxRequests} requests`;
}

export function requestLimitMessage(limits: SandboxLimits): string {
  return `Script exceeded the request limit: it tried to make more than ${limits.maxRequests} requests`;
}

/** A shell holds a command's output until it ends, so printing without end stops it (the console keeps less). */
export function outputLimitMessage(bytes: number): string {
  return `Script stopped: it printed more than ${megabytes(bytes)} (output limit)`;
}

export function abortedMessage(): string {
  return 'Script stopped: the run was cancelled';
}

export function crashMessage(detail: string): string {
  return `Script stopped: the sandbox crashed${detail ? ` (${detail})` : ''}`;
}

export function consoleTruncatedNote(limits: SandboxLimits): string {
  return `… console output truncated: more than ${limits.maxConsoleChars} characters`;
}
