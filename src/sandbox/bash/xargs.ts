import { defineCommand, type Command } from 'just-bash';

/** Options of xargs that take a value, which GNU xargs also accepts attached: `-n1`, `-I{}`, `-P4`. */
const ATTACHED = /^-([nIPdLs])(.+)$/;

/**
 * just-bash's xargs takes `-n 1` and `-I {}` but not `-n1` or `-I{}`, which models write as often. This splits
 * them and hands the rest to the bundled xargs.
 */
export const xargsCommand: Command = defineCommand('xargs', async (args, ctx) => {
  const split: string[] = [];
  let options = true;
  for (const arg of args) {
    const m = options ? ATTACHED.exec(arg) : null;
    if (m) split.push(`-${m[1]}`, m[2]);
    else {
      split.push(arg);
      // The command and its arguments start at the first word that is not an option.
      if (!arg.startsWith('-')) options = false;
    }
  }
  if (!ctx.origCommand) return { stdout: '', stderr: 'xargs: not available\n', exitCode: 127 };
  return ctx.origCommand(split);
});
