import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mail } from '../../../../src/replicas/mail/index.ts';
import { mailReference } from '../../../../src/replicas/mail/reference.ts';
import { routeGroups } from '../../../../src/replicas/mail/routes.ts';

const file = resolve(import.meta.dirname, '../../../../docs/mail-api.md');

describe('MailHub reference docs', () => {
  it('every operation has its own summary, docs of substance and an input schema', () => {
    for (const r of mail.routes) {
      expect(r.summary.length, `${r.method} ${r.path}`).toBeGreaterThan(8);
      expect((r.docs ?? '').length, `${r.method} ${r.path}`).toBeGreaterThanOrEqual(50);
      expect(r.input, `${r.method} ${r.path}`).toBeDefined();
    }
    expect(Object.values(routeGroups).flat().length).toBe(mail.routes.length);
    expect(new Set(mail.routes.map((r) => r.docs)).size).toBeGreaterThan(mail.routes.length * 0.9);
  });

  it('docs/mail-api.md is the generated reference', () => {
    const text = mailReference();
    if (process.env.UPDATE_MAIL_DOCS || !existsSync(file)) writeFileSync(file, text);
    expect(readFileSync(file, 'utf8')).toBe(text);
    for (const r of mail.routes) expect(text).toContain(`### \`${r.method} /${r.path}\``);
  });
});
