import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../../../src/engine/index.ts';
import { mailSeed } from '../../../helpers/mailEnvironment.ts';

const generator = resolve(import.meta.dirname, '../../../../scenarios/mail/seeds/generate.mjs');

describe('the Brightwater corpus', () => {
  it('is what the generator produces (byte for byte)', () => {
    const run = spawnSync(process.execPath, [generator, '--check'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 120_000);

  for (const [name, minimum] of [['mailhub', 400], ['mailhub_scaled', 10_000]] as const) {
    describe(name, () => {
      const seed = mailSeed(name);
      const messages = seed.messages as Row[];
      const ids = (table: string, key: string) => new Set((seed[table] as Row[]).map((r) => r[key]));

      it(`gives the main persona at least ${minimum} messages, and several personas mailboxes`, () => {
        expect(messages.filter((m) => m.owner_id === 'amara.osei').length).toBeGreaterThanOrEqual(minimum);
        const personas = (seed.people as Row[]).filter((p) => p.has_mailbox).map((p) => p.person_id);
        expect(personas.length).toBeGreaterThanOrEqual(4);
        for (const p of personas) expect(messages.some((m) => m.owner_id === p)).toBe(true);
      });

      it('uses only reserved example domains and fictional phone ranges', () => {
        const addresses = [
          ...messages.flatMap((m) => [m.from_email, ...(m.to_recipients as string[]), ...(m.cc_recipients as string[])]),
          ...(seed.people as Row[]).map((p) => p.email),
          ...(seed.contacts as Row[]).map((c) => c.email),
          ...(seed.event_attendees as Row[]).map((a) => a.email),
        ].filter(Boolean) as string[];
        expect(addresses.filter((a) => !/@[a-z0-9.-]+\.example$/.test(a))).toEqual([]);
        const phones = [...(seed.people as Row[]), ...(seed.contacts as Row[])].map((r) => r.phone).filter(Boolean) as string[];
        expect(phones.filter((p) => !/^\+44 (20 7946 0|161 496 0)\d{3}$/.test(p))).toEqual([]);
      });

      it('links its entities: folders, threads, tasks, contacts, boards and events all point at rows that exist', () => {
        const people = ids('people', 'person_id');
        const folders = ids('folders', 'folder_id');
        const messageIds = ids('messages', 'message_id');
        for (const m of messages) expect(folders.has(m.folder_id)).toBe(true);
        for (const t of seed.todo_tasks as Row[]) if (t.linked_message_id) expect(messageIds.has(t.linked_message_id)).toBe(true);
        for (const c of seed.contacts as Row[]) if (c.person_id) expect(people.has(c.person_id)).toBe(true);
        for (const b of seed.board_tasks as Row[]) for (const p of b.assignees as string[]) expect(people.has(p)).toBe(true);
        for (const a of seed.attachments as Row[]) expect(messageIds.has(a.message_id)).toBe(true);
        // A message that mentions a meeting, and the meeting on the calendar.
        const cutover = messages.find((m) => m.message_id === 'msg_k_cutover')!;
        expect(cutover.body).toMatch(/go\/no-go is on Thursday 19 March at 14:00 UTC in the Harbour room/);
        const gonogo = (seed.events as Row[]).find((e) => e.event_id === 'evt_gonogo')!;
        expect([gonogo.start_at, gonogo.location]).toEqual(['2026-03-19T14:00:00.000Z', 'Harbour room']);
        // A thread shared between two mailboxes keeps one thread id.
        expect(new Set(messages.filter((m) => String(m.message_id).startsWith('msg_k_cutover')).map((m) => m.thread_id)).size).toBe(1);
        // Board tasks tied to projects discussed in mail.
        expect((seed.board_tasks as Row[]).some((b) => b.title === 'Label printer integration')).toBe(true);
        expect(messages.some((m) => m.subject === 'Label printer integration blocked')).toBe(true);
      });
    });
  }
});
