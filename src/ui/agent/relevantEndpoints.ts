import { RELEVANT_ENDPOINTS_FILE } from '../../agent/docs.ts';
import type { CatalogEntry } from '../stores/catalogTypes.ts';

// `difflab selftest --record-endpoints` writes these beside each project suite.
const files = import.meta.glob<Record<string, string[]>>('/scenarios/*/relevant-endpoints.json', { eager: true, import: 'default' });

/** The endpoints the entry's reference solution calls, when recorded (project suites); else undefined. */
export function relevantEndpointsOf(entry: CatalogEntry): string[] | undefined {
  const dir = entry.suite.file.replace(/\/[^/]*$/, '');
  return files[`${dir}/${RELEVANT_ENDPOINTS_FILE}`]?.[entry.scenario.id];
}
