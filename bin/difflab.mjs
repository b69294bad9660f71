#!/usr/bin/env node
// DiffLab's command line: src/ bundled once by esbuild and cached (see cliBundle.mjs), or through tsx without one.
import { cliEntry } from './cliBundle.mjs';

/** How long the process may stay after its command has finished before it is ended. */
const LINGER_MS = 5000;

const { main } = await import(await cliEntry());
process.exitCode = await main(process.argv.slice(2));

// Every command has done its work when main returns (serve and mcp return once stopped), so the process should end
// now. Should anything still hold it open (Node 20 has left a failed file read pending), a script waiting for its exit
// would wait forever: end it, and say what was left. The timer is unref'd, so a clean exit is not delayed by it.
setTimeout(() => {
  const left = process.getActiveResourcesInfo();
  process.stderr.write(`difflab: the command finished, but ${left.join(', ') || 'something'} kept the process open; exiting\n`);
  process.exit();
}, LINGER_MS).unref();
