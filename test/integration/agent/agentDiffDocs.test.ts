import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { agentDiffDocsText, docsEntriesFor, docsFileProblem, serviceOfDocsFile, type AgentDiffDocsFile } from '../../../src/agent/agentDiffDocs.ts';
import { replicas } from '../../../src/replicas/index.ts';

// Agent-Diff's docs and suites are read where they are, never copied into the repository.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const shared = resolve(repoRoot, '../shared/agent-diff');
const present = existsSync(join(shared, 'docs')) && existsSync(join(shared, 'testsuites'));

/**
 * The published tasks' `tools_required` entries that no docs entry documents: Agent-Diff's docs files have no entry
 * for these endpoints at all (checked by hand against the files), so under "relevant docs" they contribute nothing.
 */
const UNDOCUMENTED: Record<string, string[]> = {
  box: ['DELETE /comments/{id}', 'DELETE /tasks/{id}', 'PUT /comments/{id}', 'PUT /tasks/{id}'],
  calendar: [],
  linear: ['issueRelationDelete'],
  slack: [],
};

function load(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

describe.skipIf(!present)('Agent-Diff docs: every tools_required entry maps to a docs entry', () => {
  const docsFiles = present ? readdirSync(join(shared, 'docs')).filter((f) => f.endsWith('_api_full_docs.json')) : [];
  const docs = Object.fromEntries(docsFiles.map((f) => [serviceOfDocsFile(f)!, load(join(shared, 'docs', f)) as AgentDiffDocsFile]));
  // slack_bench.json (the first Slack suite) has no metadata; slack_bench_v2.json has the same tasks with it.
  const suites = present ? readdirSync(join(shared, 'testsuites')).filter((f) => f.endsWith('.json') && f !== 'slack_bench.json') : [];

  it('reads the four docs files', () => {
    expect(Object.keys(docs).sort()).toEqual(['box', 'calendar', 'linear', 'slack']);
    for (const file of Object.values(docs)) expect(docsFileProblem(file)).toBeNull();
  });

  it.each(suites)('%s', (suiteFile) => {
    const suite = load(join(shared, 'testsuites', suiteFile)) as { service: string; tests: { id: string; metadata?: { tools_required?: string[] } }[] };
    const service = suite.service.toLowerCase();
    const file = docs[service];
    const replica = replicas.find((r) => r.name === service);
    expect(file && replica).toBeTruthy();
    const unmapped = new Set<string>();
    let entries = 0;
    for (const test of suite.tests) {
      for (const tool of test.metadata?.tools_required ?? []) {
        entries++;
        const keys = docsEntriesFor(tool, file!, replica);
        if (keys.length === 0) unmapped.add(tool);
        for (const key of keys) expect(file).toHaveProperty([key]);
      }
    }
    expect(entries).toBeGreaterThan(0);
    expect([...unmapped].sort()).toEqual([...UNDOCUMENTED[service]].sort().filter((t) => unmapped.has(t)));
    expect([...unmapped].every((t) => UNDOCUMENTED[service].includes(t))).toBe(true);
  });

  it('maps the three kinds of mismatch: Google method names, path parameter names, equal keys', () => {
    const calendar = replicas.find((r) => r.name === 'calendar')!;
    expect(docsEntriesFor('events.list', docs.calendar, calendar)).toEqual(['GET /calendars/{calendarId}/events']);
    expect(docsEntriesFor('calendarList.list', docs.calendar, calendar)).toEqual(['GET /users/me/calendarList']);
    expect(docsEntriesFor('freeBusy.query', docs.calendar, calendar)).toEqual(['POST /freeBusy']);
    expect(docsEntriesFor('GET /folders/{id}/items', docs.box)).toEqual(['GET /folders/{folder_id}/items']);
    expect(docsEntriesFor('chat.postMessage', docs.slack)).toEqual(['chat.postMessage']);
  });

  it('builds the docs conditions: none is empty, relevant holds only the task’s endpoints, all holds every entry', () => {
    const slack = replicas.filter((r) => r.name === 'slack');
    const tools = ['conversations.list', 'chat.postMessage'];
    expect(agentDiffDocsText(docs, slack, 'none', tools)).toBe('');
    const relevant = agentDiffDocsText(docs, slack, 'relevant', tools);
    expect(relevant.match(/^### /gm)).toHaveLength(2);
    expect(relevant).toContain('### chat.postMessage');
    expect(relevant).not.toContain('### users.list');
    const all = agentDiffDocsText(docs, slack, 'all', tools);
    expect(all.match(/^### /gm)).toHaveLength(Object.keys(docs.slack).length);
  });
});
