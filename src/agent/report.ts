import { countBy, failureClass, failureLabels, recoveries } from './failures.ts';
import { costOf, type PriceTable } from './pricing.ts';
import { HUMAN_LABEL, isHumanRun, modelLabel, summarizeRun, type AgentRunRecord, type RunSummary } from './record.ts';
import { erroredNote, groupKeysOf, statsBy, type GroupKey, type GroupStats } from './stats.ts';

const pct = (x: number) => (Number.isNaN(x) ? '-' : `${(x * 100).toFixed(1)}%`);

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

function statsRow(key: string, s: GroupStats, cost: number | null): string[] {
  const k = s.minTrials;
  return [
    key,
    String(s.runs),
    pct(s.passRate),
    k >= 1 ? pct(s.passAtK[k]) + ` (k=${k})` : '-',
    k >= 1 ? pct(s.passHatK[k]) : '-',
    `${pct(s.score.mean)} [${pct(s.score.low)}, ${pct(s.score.high)}]`,
    pct(s.closedWorldPassRate),
    Number.isNaN(s.meanSteps) ? '-' : s.meanSteps.toFixed(1),
    String(s.inputTokens + s.outputTokens),
    cost === null ? '-' : `$${cost.toFixed(4)}`,
    String(s.errored),
  ];
}

function erroredKinds(errored: readonly RunSummary[]): string[] {
  const kinds = countBy(errored.map((r) => r.errorKind ?? 'other'));
  return [`  by kind: ${Object.entries(kinds).map(([k, n]) => `${k} ${n}`).join(', ')}`];
}

/** The results table `difflab report` prints: per model, then per service, services spanned, category, horizon and docs condition. */
export function formatReport(records: readonly AgentRunRecord[], prices: PriceTable): string {
  const runs = records.map(summarizeRun);
  const costFor = (ids: Set<string>) => {
    let total = 0;
    let known = false;
    for (const r of records) {
      if (!ids.has(r.id)) continue;
      const c = costOf(prices, r.model.model, r.usage);
      if (c !== null) {
        total += c;
        known = true;
      }
    }
    return known ? total : null;
  };
  const header = ['', 'runs', 'pass', 'pass@k', 'pass^k', 'score [95% CI]', 'closed-world', 'steps', 'tokens', 'cost', 'errored'];
  const humans = records.filter(isHumanRun).length;
  const models = new Set(records.filter((r) => !isHumanRun(r)).map((r) => modelLabel(r.model))).size;
  const out: string[] = [
    `${records.length} runs, ${new Set(runs.map((r) => `${r.suite}/${r.scenario}`)).size} scenarios, ${models} models${humans ? `, ${humans} human attempt${humans === 1 ? '' : 's'} (row "${HUMAN_LABEL}")` : ''}`,
  ];
  const errored = runs.filter((r) => r.state === 'errored');
  if (errored.length) out.push(erroredNote(errored.length, runs.length), ...erroredKinds(errored));
  const sections: GroupKey[] = ['model', 'service', 'span', 'category', 'horizon', 'docs', 'faults'];
  for (const by of sections) {
    const groups = statsBy(runs, by);
    if (by !== 'model' && groups.length < 2 && by !== 'service') continue;
    out.push('', `by ${by}`);
    const rows = groups.map(({ key, stats }) => {
      const ids = new Set(runs.filter((r) => groupKeysOf(r, by).includes(key)).map((r) => r.id));
      return statsRow(key, stats, costFor(ids));
    });
    out.push(...table(header.map((h, i) => (i === 0 ? by : h)), rows));
  }
  const failed = countBy(records.map(failureClass));
  if (Object.keys(failed).length) {
    out.push('', 'failure classes');
    for (const [k, n] of Object.entries(failed)) out.push(`  ${failureLabels[k as keyof typeof failureLabels]}: ${n}`);
  }
  const rec = countBy(records.flatMap(recoveries));
  if (Object.keys(rec).length) {
    out.push('', 'after an API error');
    for (const [k, n] of Object.entries(rec)) out.push(`  ${k.replace(/_/g, ' ')}: ${n}`);
  }
  return out.join('\n') + '\n';
}
