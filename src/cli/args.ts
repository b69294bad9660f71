import { CliError } from './errors.ts';

export interface FlagSpec {
  type: 'string' | 'number' | 'boolean';
  description: string;
  required?: boolean;
  /** Shown in help; the parser leaves an absent flag undefined, so each command states its own default. */
  defaultText?: string;
  /** May be given more than once; the value is then an array. */
  repeatable?: boolean;
  valueName?: string;
}

export interface CommandSpec {
  name: string;
  usage: string;
  flags: Record<string, FlagSpec>;
  /** Extra help text after the flag list. */
  notes?: string;
}

type Value<S extends FlagSpec> = S extends { repeatable: true }
  ? string[]
  : S['type'] extends 'boolean'
    ? boolean
    : S['type'] extends 'number'
      ? number
      : string;

export type ParsedFlags<F extends Record<string, FlagSpec>> = {
  [K in keyof F]: F[K] extends { required: true } ? Value<F[K]> : Value<F[K]> | undefined;
} & { help: boolean };

/**
 * Parses `--name value`, `--name=value` and boolean `--name`. Unknown flags, missing values, positional arguments
 * and missing required flags are user errors with a message naming the command.
 */
export function parseArgs<F extends Record<string, FlagSpec>>(spec: CommandSpec & { flags: F }, argv: string[]): ParsedFlags<F> {
  const out: Record<string, unknown> = { help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      out.help = true;
      continue;
    }
    if (!arg.startsWith('--')) {
      throw new CliError(`difflab ${spec.name}: unexpected argument "${arg}"`, [`usage: ${spec.usage}`, `see: difflab ${spec.name} --help`]);
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    const flag = spec.flags[name];
    if (!flag) {
      const known = Object.keys(spec.flags).map((n) => `--${n}`);
      throw new CliError(`difflab ${spec.name}: unknown flag --${name}`, [`known flags: ${[...known, '--help'].join(', ')}`]);
    }
    let raw: string;
    if (flag.type === 'boolean') {
      if (eq > 0) {
        const v = arg.slice(eq + 1);
        if (v !== 'true' && v !== 'false') throw new CliError(`difflab ${spec.name}: --${name} takes no value (or =true/=false)`);
        out[name] = v === 'true';
      } else out[name] = true;
      continue;
    }
    if (eq > 0) raw = arg.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith('--') && next.length > 2)) {
        throw new CliError(`difflab ${spec.name}: --${name} needs a value (${flag.valueName ?? flag.type})`);
      }
      raw = next;
      i++;
    }
    let value: unknown = raw;
    if (flag.type === 'number') {
      value = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(value)) throw new CliError(`difflab ${spec.name}: --${name} must be a number, got "${raw}"`);
    }
    if (flag.repeatable) out[name] = [...((out[name] as unknown[] | undefined) ?? []), value];
    else if (name in out) throw new CliError(`difflab ${spec.name}: --${name} given twice`);
    else out[name] = value;
  }
  if (!out.help) {
    for (const [name, flag] of Object.entries(spec.flags)) {
      if (flag.required && out[name] === undefined) {
        throw new CliError(`difflab ${spec.name}: missing --${name}`, [`usage: ${spec.usage}`]);
      }
    }
  }
  return out as ParsedFlags<F>;
}

export function helpText(spec: CommandSpec, summary: string): string {
  const rows = Object.entries(spec.flags).map(([name, f]) => {
    const left = `  --${name}${f.type === 'boolean' ? '' : ` <${f.valueName ?? f.type}>`}`;
    const extra = [f.required ? 'required' : '', f.defaultText ? `default: ${f.defaultText}` : '', f.repeatable ? 'repeatable' : '']
      .filter(Boolean)
      .join('; ');
    return { left, right: f.description + (extra ? ` (${extra})` : '') };
  });
  rows.push({ left: '  --help', right: 'show this help' });
  const width = Math.max(...rows.map((r) => r.left.length)) + 2;
  return [
    `difflab ${spec.name} — ${summary}`,
    '',
    `usage: ${spec.usage}`,
    '',
    'flags:',
    ...rows.map((r) => r.left.padEnd(width) + r.right),
    ...(spec.notes ? ['', spec.notes] : []),
    '',
  ].join('\n');
}
