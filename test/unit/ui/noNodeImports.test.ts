import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const uiRoot = path.resolve(import.meta.dirname, '../../../src/ui');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(d.name) ? [p] : [];
  });
}

describe('the browser app', () => {
  it('imports no Node module (it runs in a page and its workers)', () => {
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    const offenders: string[] = [];
    for (const file of sources(uiRoot)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        if (builtins.has(m[1]) || m[1].startsWith('node:')) offenders.push(`${path.relative(uiRoot, file)}: ${m[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
