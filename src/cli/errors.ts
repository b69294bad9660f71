/**
 * A problem the user can fix (bad flag, missing file, malformed suite): main prints the message and the detail lines
 * on stderr and exits with `exitCode`, without a stack trace.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly details: string[] = [],
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Exit codes: 0 done (a failing test is still a result), 1 problems found (check, selftest), 2 bad input. */
export const EXIT_OK = 0;
export const EXIT_PROBLEMS = 1;
export const EXIT_USAGE = 2;
