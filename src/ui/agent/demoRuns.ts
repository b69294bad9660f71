/** The recorded demo runs shipped with the site (scenarios/<service>/demo-runs.jsonl), loaded on demand. */
const files = import.meta.glob<string>('/scenarios/*/demo-runs.jsonl', { query: '?raw', import: 'default' });

export async function loadDemoRunsText(): Promise<string> {
  const texts = await Promise.all(Object.values(files).map((load) => load()));
  return texts.join('\n');
}
