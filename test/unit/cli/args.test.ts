import { describe, expect, it } from 'vitest';
import { helpText, parseArgs, type CommandSpec } from '../../../src/cli/args.ts';
import { CliError } from '../../../src/cli/errors.ts';

const spec = {
  name: 'demo',
  usage: 'difflab demo --file <f>',
  flags: {
    file: { type: 'string', required: true, description: 'a file' },
    port: { type: 'number', description: 'a port', defaultText: '8787' },
    json: { type: 'boolean', description: 'json only' },
    suite: { type: 'string', repeatable: true, description: 'suites' },
  },
} as const satisfies CommandSpec;

const error = (argv: string[]) => {
  try {
    parseArgs(spec, argv);
  } catch (err) {
    expect(err).toBeInstanceOf(CliError);
    return (err as CliError).message + ' ' + (err as CliError).details.join(' ');
  }
  throw new Error('expected a CliError');
};

describe('parseArgs', () => {
  it('reads values, numbers, booleans and repeated flags in both spellings', () => {
    const f = parseArgs(spec, ['--file', 'a.json', '--port=0', '--json', '--suite', 'x', '--suite=y']);
    expect(f).toEqual({ help: false, file: 'a.json', port: 0, json: true, suite: ['x', 'y'] });
  });

  it('leaves absent optional flags undefined and notices --help before required flags', () => {
    expect(parseArgs(spec, ['--file', 'a'])).toEqual({ help: false, file: 'a' });
    expect(parseArgs(spec, ['--help']).help).toBe(true);
  });

  it('rejects unknown flags, missing values, bad numbers, positionals, repeats and missing required flags', () => {
    expect(error(['--file', 'a', '--fil', 'b'])).toMatch(/unknown flag --fil .*--file/);
    expect(error(['--file'])).toMatch(/--file needs a value/);
    expect(error(['--file', 'a', '--port', 'eighty'])).toMatch(/--port must be a number/);
    expect(error(['--file', 'a', 'extra'])).toMatch(/unexpected argument "extra"/);
    expect(error(['--file', 'a', '--file', 'b'])).toMatch(/--file given twice/);
    expect(error(['--port', '1'])).toMatch(/missing --file/);
    expect(error(['--file', 'a', '--json=maybe'])).toMatch(/--json takes no value/);
  });

  it('lists every flag in the help text', () => {
    const text = helpText(spec, 'a demo');
    expect(text).toContain('difflab demo — a demo');
    for (const f of ['--file <string>', '--port <number>', '--json', '--suite <string>', '--help']) expect(text).toContain(f);
    expect(text).toContain('required');
    expect(text).toContain('default: 8787');
  });
});
