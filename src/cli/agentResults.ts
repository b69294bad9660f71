import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultPrices, type PriceTable } from '../agent/pricing.ts';
import { parseRunRecords, toCsv, toJsonl, type AgentRunRecord } from '../agent/record.ts';
import { formatReport } from '../agent/report.ts';
import type { CommandSpec } from './args.ts';
import { parseArgs } from './args.ts';
import { CliError, EXIT_OK } from './errors.ts';
import { readJsonFile, readTextFile } from './files.ts';

export const mergeSpec = {
  name: 'merge',
  usage: 'difflab merge <files…> --out <file.jsonl|file.csv>',
  flags: { out: { type: 'string', required: true, valueName: 'file', description: 'merged results: JSONL, or CSV (one row per run) when the name ends in .csv' } },
  notes: 'Joins the results files of several shards or runs; a run present in two files (same id) is kept once.',
} as const satisfies CommandSpec;

export const reportSpec = {
  name: 'report',
  usage: 'difflab report <files…> [--prices <prices.json>]',
  flags: { prices: { type: 'string', valueName: 'file', description: 'a price table {"model": {"input": $/1M, "output": $/1M}}', defaultText: 'built-in list prices' } },
  notes: 'Prints pass rate, pass@k, pass^k, score with its 95% interval, closed-world pass rate, tokens and cost per model, service, category, horizon and docs condition, then failure classes.',
} as const satisfies CommandSpec;

/** Positional file arguments come before the flags. */
function splitFiles(argv: string[]): { files: string[]; rest: string[] } {
  const i = argv.findIndex((a) => a.startsWith('--'));
  const files = i < 0 ? argv : argv.slice(0, i);
  return { files, rest: i < 0 ? [] : argv.slice(i) };
}

function readRecords(files: string[]): AgentRunRecord[] {
  if (!files.length) throw new CliError('no results files given');
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
  return out;
}

export async function mergeCommand(argv: string[]): Promise<number> {
  const { files, rest } = splitFiles(argv);
  const flags = parseArgs(mergeSpec, rest);
  const records = readRecords(files);
  const out = resolve(flags.out);
  writeFileSync(out, out.endsWith('.csv') ? toCsv(records) : toJsonl(records));
  process.stderr.write(`merged ${records.length} runs from ${files.length} file(s) into ${out}\n`);
  return EXIT_OK;
}

export async function reportCommand(argv: string[]): Promise<number> {
  const { files, rest } = splitFiles(argv);
  const flags = parseArgs(reportSpec, rest);
  const prices = flags.prices ? { ...defaultPrices, ...(readJsonFile(resolve(flags.prices), 'price table') as PriceTable) } : defaultPrices;
  process.stdout.write(formatReport(readRecords(files), prices));
  return EXIT_OK;
}

