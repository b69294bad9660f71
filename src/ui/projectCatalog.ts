import { loadSuite } from '../scenarios/index.ts';
import type { FileReport } from './stores/catalogTypes.ts';
import { suiteEntries, type LoadedSuite } from './stores/parseFiles.ts';

// The project's suites ship inside the bundle (small JSON), so the scenario list paints without a request.
const suiteFiles = import.meta.glob<unknown>('/scenarios/*/suite.json', { eager: true, import: 'default' });
// Reference solutions are fetched when someone asks for one.
const solutionFiles = import.meta.glob<string>(['/scenarios/*/solutions/*.js', '/scenarios/*/solutions/*.sh', '/scenarios/*/solutions/*.py'], { query: '?raw', import: 'default' });

export function loadProjectCatalog(): { suites: LoadedSuite[]; reports: FileReport[] } {
  const suites: LoadedSuite[] = [];
  const reports: FileReport[] = [];
  for (const [path, json] of Object.entries(suiteFiles).sort(([a], [b]) => a.localeCompare(b))) {
    const result = loadSuite(json);
    if (result.ok) suites.push(suiteEntries(result.suite, path, 'project', (p) => p in solutionFiles));
    else reports.push({ file: path, kind: 'suite', ok: false, summary: 'bundled suite not loaded', issues: result.issues, warnings: [] });
  }
  return { suites, reports };
}

export async function loadProjectSolution(path: string): Promise<string> {
  const load = solutionFiles[path];
  if (!load) throw new Error(`no solution file ${path}`);
  return load();
}
