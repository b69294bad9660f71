/** Imports saved-run files one after another and says, in one line, how many runs came in and what went wrong. */
export async function importRunFiles(
  files: FileList | null,
  importRuns: (text: string) => Promise<{ added: number; problems: string[] }>,
): Promise<string> {
  let added = 0;
  const problems: string[] = [];
  for (const f of Array.from(files ?? [])) {
    const r = await importRuns(await f.text());
    added += r.added;
    problems.push(...r.problems.map((p) => `${f.name}: ${p}`));
  }
  return `Imported ${added} run${added === 1 ? '' : 's'}${problems.length ? `; ${problems.length} problem(s): ${problems.slice(0, 3).join('; ')}` : ''}.`;
}
