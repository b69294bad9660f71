/**
 * The host side of the sandbox's `Intl`: QuickJS has none, so the prelude's Intl objects and Date's locale methods
 * send `{op, …}` here as JSON and get back `{value}` or `{error: {name, message}}` (RangeError for a bad time zone,
 * as a real runtime throws). Everything runs on the host's own Intl, so zone data and DST rules are the host's.
 */
type Json = Record<string, unknown>;

/** The constructors the prelude exposes, and the methods each may call. */
export const INTL_METHODS: Record<string, string[]> = {
  DateTimeFormat: ['format', 'formatToParts', 'formatRange', 'formatRangeToParts', 'resolvedOptions'],
  NumberFormat: ['format', 'formatToParts', 'resolvedOptions'],
  RelativeTimeFormat: ['format', 'formatToParts', 'resolvedOptions'],
  PluralRules: ['select', 'resolvedOptions'],
  ListFormat: ['format', 'formatToParts', 'resolvedOptions'],
  Collator: ['compare', 'resolvedOptions'],
};

const DATE_METHODS = ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'];

/** Dates cross the boundary as `{$date: ms}`. */
function revive(value: unknown): unknown {
  if (value && typeof value === 'object' && '$date' in (value as Json)) return new Date((value as { $date: number }).$date);
  return value;
}

function run(req: Json): unknown {
  const op = String(req.op);
  const locales = req.locales as string | string[] | undefined;
  const options = req.options as Json | undefined;
  if (op === 'date') {
    const method = String(req.method);
    if (!DATE_METHODS.includes(method)) throw new TypeError(`unknown Date method ${method}`);
    const d = new Date(Number(req.time));
    return (d[method as 'toLocaleString'] as (l?: unknown, o?: unknown) => string).call(d, locales, options);
  }
  if (op === 'number') return Number(req.value).toLocaleString(locales, options as Intl.NumberFormatOptions);
  if (op === 'supportedLocalesOf') {
    const ctor = (Intl as unknown as Record<string, { supportedLocalesOf(l: unknown, o?: unknown): string[] }>)[String(req.ctor)];
    return ctor.supportedLocalesOf(locales, options);
  }
  if (op === 'supportedValuesOf') return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf(String(req.key));
  if (op === 'getCanonicalLocales') return Intl.getCanonicalLocales(locales as string[]);
  const methods = Object.hasOwn(INTL_METHODS, op) ? INTL_METHODS[op] : undefined;
  if (!methods) throw new TypeError(`Intl.${op} is not available`);
  const Ctor = (Intl as unknown as Record<string, new (l?: unknown, o?: unknown) => Record<string, (...a: unknown[]) => unknown>>)[op];
  const instance = new Ctor(locales, options);
  const method = req.method === undefined ? 'resolvedOptions' : String(req.method);
  if (!methods.includes(method)) throw new TypeError(`Intl.${op}.prototype.${method} is not available`);
  const args = ((req.args as unknown[]) ?? []).map(revive);
  return instance[method](...args);
}

export function intlCall(request: string): string {
  try {
    return JSON.stringify({ value: run(JSON.parse(request) as Json) });
  } catch (err) {
    const e = err as Error;
    return JSON.stringify({ error: { name: e?.name === 'RangeError' ? 'RangeError' : 'TypeError', message: e?.message ?? String(err) } });
  }
}
