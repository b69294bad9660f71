import type { Usage } from './types.ts';

/** Dollars per million tokens. The UI lets the user edit these; the defaults are a starting point, not a quote. */
export interface Price {
  input: number;
  output: number;
}

export type PriceTable = Record<string, Price>;

/** List prices as published by the providers when this table was written (USD per 1M tokens); edit to match yours. */
export const defaultPrices: PriceTable = {
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'claude-sonnet-4-5': { input: 3, output: 15 },
  'claude-haiku-4-5': { input: 1, output: 5 },
  'claude-opus-4-1': { input: 15, output: 75 },
  'gemini-2.5-flash': { input: 0.3, output: 2.5 },
  'gemini-2.5-pro': { input: 1.25, output: 10 },
  'deepseek-chat': { input: 0.27, output: 1.1 },
  'mistral-large-latest': { input: 2, output: 6 },
  'llama-3.3-70b-versatile': { input: 0.59, output: 0.79 },
};

/** The price of a model: an exact entry, else the longest entry that the model name starts or ends with. */
export function priceOf(table: PriceTable, model: string): Price | null {
  if (table[model]) return table[model];
  const name = model.toLowerCase();
  const keys = Object.keys(table)
    .filter((k) => name.endsWith(k.toLowerCase()) || name.startsWith(k.toLowerCase()) || name.endsWith(`/${k.toLowerCase()}`))
    .sort((a, b) => b.length - a.length);
  return keys.length ? table[keys[0]] : null;
}

/** Dollars, or null when the model has no price (local models, or one the table lacks). */
export function costOf(table: PriceTable, model: string, usage: Usage): number | null {
  const p = priceOf(table, model);
  if (!p) return null;
  return (usage.inputTokens * p.input + usage.outputTokens * p.output) / 1_000_000;
}
