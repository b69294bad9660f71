import { readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultPrices, type PriceTable } from '../agent/pricing.ts';
import { parseRunRecords, runState, toCsv, toJsonl, type AgentRunRecord } from '../agent/record.ts';
import { formatReport } from '../agent/report.ts';
import { erroredNote } from '../agent/stats.ts';
import type { CommandSpec } from './args.ts';
import { parseArgs } from './args.ts';
import { CliError, EXIT_OK } from './errors.ts';
import { isDirectory, readJsonFile, readTextFile } from './files.ts';
import { completeShardSet } from './shardEnv.ts';

export const mergeSpec = {
  name: 'merge',
  usage: 'difflab merge <files or folders…> --out <file.jsonl|file.csv>',
  flags: { out: { type: 'string', required: true, valueName: 'file', description: 'merged results: JSONL, or CSV (one row per run) when the name ends in .csv' } },
  notes: [
    'Joins the results files of several shards or runs; a run present in two files (same id) is kept once. Says how many of them errored (the provider failed; left out of the rates).',
    'A folder stands for its shard files (shard-<i>-of-<n>.jsonl, as eval --out-dir writes them); merging stops when one is missing.',
  ].join('\n'),
} as const satisfies CommandSpec;

export const reportSpec = {
  name: 'report',
  usage: 'difflab report <files…> [--prices <prices.json>]',
  flags: { prices: { type: 'string', valueName: 'file', description: 'a price table {"model": {"input": $/1M, "output": $/1M}}', defaultText: 'built-in list prices' } },
  notes: 'Prints pass rate, pass@k, pass^k, score with its 95% interval, closed-world pass rate, tokens and cost per model, service, category, horizon and docs condition, then failure classes. Errored runs (the provider failed before the model ended the run) are left out of every rate and counted in the "errored" column.',
} as const satisfies CommandSpec;

/** Positional file arguments come before the flags. */
function splitFiles(argv: string[]): { files: string[]; rest: string[] } {
  const i = argv.findIndex((a) => a.startsWith('--'));
  const files = i < 0 ? argv : argv.slice(0, i);
  return { files, rest: i < 0 ? [] : argv.slice(i) };
}

/** Each folder argument becomes its complete set of shard files. */
function expandFolders(args: string[]): string[] {
  return args.flatMap((arg) => {
    const path = resolve(arg);
    if (!isDirectory(path)) return [arg];
    return completeShardSet(readdirSync(path), path).map((name) => join(path, name));
  });
}

function readRecords(args: string[]): { records: AgentRunRecord[]; files: string[] } {
  if (!args.length) throw new CliError('no results files given');
  const files = expandFolders(args);
  const seen = new Set<string>();
  const out: AgentRunRecord[] = [];
  for (const f of files) {
    const { records, problems } = parseRunRecords(readTextFile(resolve(f), 'results file'));
    if (problems.length) throw new CliError(`${f}: ${problems.length} bad record(s)`, problems.slice(0, 10));
    for (const r of records) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      out.push(r);
    }
  }
  return { records: out, files };
}

export async function mergeCommand(argv: string[]): Promise<number> {
  const { files, rest } = splitFiles(argv);
  const flags = parseArgs(mergeSpec, rest);
  const { records, files: read } = readRecords(files);
  const out = resolve(flags.out);
  writeFileSync(out, out.endsWith('.csv') ? toCsv(records) : toJsonl(records));
  const errored = records.filter((r) => runState(r) === 'errored').length;
  process.stderr.write(`merged ${records.length} runs from ${read.length} file(s) into ${out}\n${errored ? `${erroredNote(errored, records.length)}\n` : ''}`);
  return EXIT_OK;
}

export async function reportCommand(argv: string[]): Promise<number> {
  const { files, rest } = splitFiles(argv);
  const flags = parseArgs(reportSpec, rest);
  const prices = flags.prices ? { ...defaultPrices, ...(readJsonFile(resolve(flags.prices), 'price table') as PriceTable) } : defaultPrices;
  process.stdout.write(formatReport(readRecords(files).records, prices));
  return EXIT_OK;
}

