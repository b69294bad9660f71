#!/usr/bin/env node
// DiffLab's command line: src/ bundled once by esbuild and cached (see cliBundle.mjs), or through tsx without one.
import { cliEntry } from './cliBundle.mjs';

const { main } = await import(await cliEntry());
process.exitCode = await main(process.argv.slice(2));
