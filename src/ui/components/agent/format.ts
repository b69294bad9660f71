import { costOf, type PriceTable } from '../../../agent/pricing.ts';
import type { Usage } from '../../../agent/types.ts';

export const pct = (x: number) => (Number.isFinite(x) ? `${(x * 100).toFixed(0)}%` : '–');

export function money(prices: PriceTable, model: string, usage: Usage): string {
  const c = costOf(prices, model, usage);
  return c === null ? 'no price' : c < 0.01 ? `$${c.toFixed(4)}` : `$${c.toFixed(2)}`;
}

export function tokens(u: Usage): string {
  return `${u.inputTokens.toLocaleString()} in / ${u.outputTokens.toLocaleString()} out`;
}

export { download } from '../studio/download.ts';
