#!/usr/bin/env node
// DiffLab's command line. TypeScript runs through tsx, without a build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
