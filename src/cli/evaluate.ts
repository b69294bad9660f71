import { readFileSync } from 'node:fs';
import { PATTERN_BUDGET_MS, withBoundedPatterns } from '../evaluation/index.ts';
import type { CommandSpec } from './args.ts';
import { parseArgs } from './args.ts';
import { CliError, EXIT_OK, EXIT_PROBLEMS } from './errors.ts';
import { readJsonFile } from './files.ts';
import { evaluateRecorded, readDiff, readSpec, verdictJson } from './recordedDiff.ts';
import { loadSchemaInfo } from './schemaInfoCache.ts';

export const evaluateSpec = {
  name: 'evaluate',
  usage: 'difflab evaluate --spec <spec.json> --diff <diff.json> | difflab evaluate --batch <cases.jsonl>',
  flags: {
    spec: { type: 'string', valueName: 'spec.json', description: 'assertion spec: {assertions, ignore_fields?, strict?} (or a test with expected_output)' },
    diff: { type: 'string', valueName: 'diff.json', description: 'diff: {inserts, updates, deletes} (or a diffRun/results response holding one)' },
    batch: { type: 'string', valueName: 'cases.jsonl', description: 'one {spec, diff} object a line ("-" reads stdin); prints one verdict a line, in order' },
    'open-world': {
      type: 'boolean',
      description: "judge as Agent-Diff's published engine does: changes that no assertion mentions do not fail (both verdicts are printed either way)",
    },
  },
  notes: [
    'Prints {passed, agent_diff_passed, score, failures, unexplained}. passed is the closed-world verdict (every',
    'change must be explained, rows created as a consequence of an explained row count as explained through',
    'foreign keys); agent_diff_passed is the published engine\'s verdict.',
  ].join('\n'),
} as const satisfies CommandSpec;

export async function evaluateCommand(argv: string[]): Promise<number> {
  const flags = parseArgs(evaluateSpec, argv);
  const closedWorld = !flags['open-world'];
  if (flags.batch !== undefined) {
    if (flags.spec !== undefined || flags.diff !== undefined) throw new CliError('--batch cannot be combined with --spec or --diff');
    const text = flags.batch === '-' ? readFileSync(0, 'utf8') : readBatchFile(flags.batch);
    const schema = await loadSchemaInfo();
    // Every verdict's patterns bounded in time: one budget per line.
    const { value: { lines, bad } } = await withBoundedPatterns(() => evaluateBatch(text, { schema, closedWorld }), PATTERN_BUDGET_MS * Math.max(1, text.split('\n').length));
    process.stdout.write(lines.join('\n') + (lines.length ? '\n' : ''));
    if (bad) process.stderr.write(`difflab evaluate: ${bad} of ${lines.length} lines could not be evaluated (see their "error" field)\n`);
    return bad ? EXIT_PROBLEMS : EXIT_OK;
  }
  if (flags.spec === undefined || flags.diff === undefined) {
    throw new CliError('give --spec and --diff, or --batch', [`usage: ${evaluateSpec.usage}`]);
  }
  const spec = readJsonFile(flags.spec, 'spec file');
  const diff = readJsonFile(flags.diff, 'diff file');
  // Bad input is reported before the schema is loaded: on a cold cache that boots PGlite.
  const s = readSpec(spec);
  if (!s.ok) throw new CliError(`cannot evaluate: invalid spec (${flags.spec})`, s.issues.map((i) => `${i.path}: ${i.message}`));
  const d = readDiff(diff);
  if (!d.ok) throw new CliError(`cannot evaluate: invalid diff (${flags.diff})`, d.issues.map((i) => `${i.path}: ${i.message}`));
  const schema = await loadSchemaInfo();
  const { value: result } = await withBoundedPatterns(() => evaluateRecorded(s.spec, d.diff, { schema, closedWorld }));
  if (!result.ok) throw new CliError(`cannot evaluate: ${result.error}`, result.issues.map((i) => `${i.path}: ${i.message}`));
  process.stdout.write(JSON.stringify(verdictJson(result.verdict), null, 2) + '\n');
  return EXIT_OK;
}

function readBatchFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new CliError(`batch file not found or unreadable: ${path}`);
  }
}

/**
 * Evaluates JSONL text, one `{spec, diff}` a line. A bad line yields `{line, error, issues}` in its place so that
 * the output stays aligned with the input; blank lines are skipped.
 */
export function evaluateBatch(
  text: string,
  options: Parameters<typeof evaluateRecorded>[2],
): { lines: string[]; bad: number } {
  const lines: string[] = [];
  let bad = 0;
  let lineNo = 0;
  for (const raw of text.split('\n')) {
    lineNo++;
    if (!raw.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      bad++;
      lines.push(JSON.stringify({ line: lineNo, error: `not valid JSON: ${(err as Error).message}`, issues: [] }));
      continue;
    }
    const item = value as { spec?: unknown; diff?: unknown } | null;
    if (!item || typeof item !== 'object' || Array.isArray(item) || !('spec' in item) || !('diff' in item)) {
      bad++;
      lines.push(JSON.stringify({ line: lineNo, error: 'each line must be an object {spec, diff}', issues: [] }));
      continue;
    }
    const result = evaluateRecorded(item.spec, item.diff, options);
    if (result.ok) lines.push(JSON.stringify(verdictJson(result.verdict)));
    else {
      bad++;
      lines.push(JSON.stringify({ line: lineNo, error: result.error, issues: result.issues }));
    }
  }
  return { lines, bad };
}
