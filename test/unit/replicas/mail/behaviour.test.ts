import { describe, expect, it } from 'vitest';
import { withMailEnvironment } from '../../../helpers/mailEnvironment.ts';

const t = withMailEnvironment();
const AMARA = 'amara.osei@brightwater.example';
const JONAS = 'jonas.whitfield@brightwater.example';
const THEO = 'theo.nakamura@brightwater.example';

describe('MailHub behaviour', () => {
  it('requires a bearer token and a mailbox for the acting user', async () => {
    expect((await t.http('GET', '/me', {}, { token: null })).status).toBe(401);
    t.actAs('kofi.mensah'); // in the directory, but without a mailbox
    const r = await t.http('GET', '/me');
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('no_mailbox');
  });

  it('pages with opaque tokens until the list is exhausted, without repeats', async () => {
    const seen = new Set<string>();
    let token: string | null = null;
    let pages = 0;
    do {
      const r = await t.http('GET', '/messages', { folder_id: 'inbox', page_size: 50, ...(token ? { page_token: token } : {}) });
      for (const m of r.body.items) seen.add(m.id);
      token = r.body.next_page_token;
      pages++;
    } while (token);
    const [{ n }] = await t.query<{ n: number }>("SELECT count(*)::int AS n FROM messages WHERE folder_id = 'fld_amara_inbox' AND NOT is_draft");
    expect(seen.size).toBe(n);
    expect(pages).toBe(Math.ceil(n / 50));
  });

  it('search needs every word and combines with sender and date filters', async () => {
    const hits = await t.http('GET', '/messages/search', { query: 'cutover weekend', from: JONAS, received_after: '2026-03-01T00:00:00Z' });
    expect(hits.body.items.map((m: any) => m.id)).toEqual(['msg_k_cutover']);
    const none = await t.http('GET', '/messages/search', { query: 'cutover weekend', received_before: '2026-03-01T00:00:00Z' });
    expect(none.body.items).toEqual([]);
  });

  it('reply-all answers the sender and the other recipients, quotes the original and stays in the thread', async () => {
    const r = await t.http('POST', '/messages/msg_k_uat/reply-all', { comment: 'Signed off.' });
    expect(r.status).toBe(201);
    expect(r.body.subject).toBe('Re: Lighthouse UAT sign-off');
    expect(r.body.to.map((x: any) => x.email).sort()).toEqual([JONAS, 'mei.zhou@brightwater.example', 'oliver.grant@brightwater.example']);
    expect(r.body.cc.map((x: any) => x.email).sort()).toEqual(['fatima.haddad@brightwater.example', 'rafael.duarte@brightwater.example']);
    expect(r.body.body).toMatch(/^Signed off\.\n\nOn 2026-03-12T15:30:00\.000Z, Jonas Whitfield <jonas\.whitfield@brightwater\.example> wrote:\n> Team,/);
    expect(r.body.thread_id).toBe('thr_k_uat');
    expect(r.body.in_reply_to).toBe('msg_k_uat');
    const thread = await t.http('GET', '/threads/thr_k_uat');
    expect(thread.body.items.map((m: any) => m.id)).toEqual(['msg_k_uat', r.body.id]);
  });

  it('replying to a message I sent goes to its recipients, not to me', async () => {
    const r = await t.http('POST', '/messages/msg_k_budget_re_s/reply', { comment: 'One more thing' });
    expect(r.body.to.map((x: any) => x.email)).toEqual([THEO]);
  });

  it('forward carries the header block and the attachments', async () => {
    const r = await t.http('POST', '/messages/msg_k_audit/forward', { to: ['claire.dubois@brightwater.example'], comment: 'FYI' });
    expect(r.body.subject).toBe('Fw: Safety audit findings – Northgate');
    expect(r.body.body).toContain('---------- Forwarded message ----------\nFrom: Greta Hoffmann <greta.hoffmann@brightwater.example>');
    expect(r.body.has_attachments).toBe(true);
    const atts = await t.http('GET', `/messages/${r.body.id}/attachments`);
    expect(atts.body.items.map((a: any) => a.name)).toEqual(['northgate-audit.pdf']);
  });

  it('sending delivers to colleagues with a mailbox, runs their rules, and an active automatic reply answers', async () => {
    await t.http('POST', '/messages/send', { to: [JONAS, 'lucia.moreno@brightwater.example', 'someone@outside.example'], subject: 'URGENT: dock 4', body: 'x' });
    const copies = await t.query<any>("SELECT owner_id, folder_id, flag_status, importance FROM messages WHERE subject = 'URGENT: dock 4' ORDER BY owner_id");
    expect(copies).toEqual([
      { owner_id: 'amara.osei', folder_id: 'fld_amara_sent', flag_status: 'none', importance: 'normal' },
      // Jonas's rule "Urgent from Amara" flags and raises importance.
      { owner_id: 'jonas.whitfield', folder_id: 'fld_jonas_inbox', flag_status: 'flagged', importance: 'high' },
      { owner_id: 'lucia.moreno', folder_id: 'fld_lucia_inbox', flag_status: 'none', importance: 'normal' },
    ]);
    const auto = await t.query<any>("SELECT owner_id, folder_id, from_email FROM messages WHERE subject = 'Automatic reply: URGENT: dock 4' ORDER BY owner_id");
    expect(auto).toEqual([
      { owner_id: 'amara.osei', folder_id: 'fld_amara_inbox', from_email: 'lucia.moreno@brightwater.example' },
      { owner_id: 'lucia.moreno', folder_id: 'fld_lucia_sent', from_email: 'lucia.moreno@brightwater.example' },
    ]);
  });

  it('a new incoming rule files matching mail on delivery, and a sent rule acts on the Sent copy', async () => {
    t.actAs('theo.nakamura');
    const folder = await t.http('POST', '/folders', { display_name: 'From Amara' });
    await t.http('POST', '/rules', { name: 'Amara', conditions: { from_addresses: [AMARA] }, actions: { move_to_folder: folder.body.id, mark_as_read: true } });
    t.actAs('amara.osei');
    await t.http('POST', '/rules', { name: 'Tag finance', applies_to: 'sent', conditions: { sent_to_addresses: [THEO] }, actions: { assign_categories: ['Finance'] } });
    const sent = await t.http('POST', '/messages/send', { to: [THEO], subject: 'Numbers', body: 'x' });
    expect(sent.body.categories).toEqual(['Finance']);
    const [copy] = await t.query<any>("SELECT folder_id, is_read FROM messages WHERE owner_id = 'theo.nakamura' AND subject = 'Numbers'");
    expect(copy).toEqual({ folder_id: folder.body.id, is_read: true });
  });

  it('rules store folders by id and reject unknown ones with the action path', async () => {
    const ok = await t.http('POST', '/rules', { name: 'x', conditions: { subject_contains: ['x'] }, actions: { move_to_folder: 'archive' } });
    expect(ok.body.actions.move_to_folder).toBe('fld_amara_archive');
    expect(ok.body.sequence).toBe(3);
    const bad = await t.http('POST', '/rules', { name: 'x', conditions: { subject_contains: ['x'] }, actions: { move_to_folder: 'Nowhere' } });
    expect([bad.status, bad.body.error.field]).toEqual([404, 'actions.move_to_folder']);
  });

  it('drafts are edited, then sent with the same id into Sent Items and delivered', async () => {
    const d = await t.http('POST', '/drafts', { subject: 'Plan' });
    expect((await t.http('POST', `/drafts/${d.body.id}/send`)).body.error.field).toBe('to');
    await t.http('PATCH', `/drafts/${d.body.id}`, { to: [THEO], body: 'Body' });
    const sent = await t.http('POST', `/drafts/${d.body.id}/send`);
    expect([sent.body.id, sent.body.folder_id, sent.body.is_draft]).toEqual([d.body.id, 'fld_amara_sent', false]);
    expect((await t.query("SELECT 1 FROM messages WHERE owner_id = 'theo.nakamura' AND subject = 'Plan'")).length).toBe(1);
  });

  it('deleting a folder moves its messages (and its subfolders\' messages) to Deleted Items', async () => {
    await t.http('POST', '/messages/msg_k_cutover/move', { folder_id: 'fld_amara_lighthouse' });
    const r = await t.http('DELETE', '/folders/fld_amara_projects');
    expect(r.status).toBe(204);
    const [m] = await t.query<any>("SELECT folder_id FROM messages WHERE message_id = 'msg_k_cutover'");
    expect(m.folder_id).toBe('fld_amara_deleted');
    expect(await t.query("SELECT folder_id FROM folders WHERE folder_id IN ('fld_amara_projects', 'fld_amara_lighthouse', 'fld_amara_northgate')")).toEqual([]);
  });

  it('deleting twice removes a message for good; tasks linked to it lose the link', async () => {
    await t.http('DELETE', '/messages/msg_k_budget');
    expect((await t.query<any>("SELECT folder_id FROM messages WHERE message_id = 'msg_k_budget'"))[0].folder_id).toBe('fld_amara_deleted');
    await t.http('DELETE', '/messages/msg_k_budget');
    expect(await t.query("SELECT 1 FROM messages WHERE message_id = 'msg_k_budget'")).toEqual([]);
    expect((await t.query<any>("SELECT linked_message_id FROM todo_tasks WHERE task_id = 'tdt_budget'"))[0].linked_message_id).toBeNull();
  });

  it('finds free times across time zones and working hours', async () => {
    const r = await t.http('POST', '/calendar/find-free-times', { attendees: [JONAS, THEO], start: '2026-03-16T00:00:00Z', end: '2026-03-21T00:00:00Z', duration_minutes: 60 });
    // Theo (Singapore, 09–18) and Amara (London, 09–17:30) overlap 09:00–10:00 UTC; Monday, Wednesday and Friday
    // have Amara's stand-up at 09:30, Tuesday Jonas's deep-dive.
    expect(r.body.items).toEqual([{ start_at: '2026-03-19T09:00:00.000Z', end_at: '2026-03-19T10:00:00.000Z' }]);
    const anyTime = await t.http('POST', '/calendar/find-free-times', { attendees: [JONAS], start: '2026-03-17T08:00:00Z', end: '2026-03-17T12:00:00Z', duration_minutes: 30, within_working_hours: false });
    expect(anyTime.body.items.map((s: any) => s.start_at.slice(11, 16))).toEqual(['11:30']);
  });

  it('declined events do not block time; rescheduling resets responses', async () => {
    const sched = await t.http('POST', '/calendar/get-schedule', { emails: ['kofi.mensah@brightwater.example'], start: '2026-03-24T00:00:00Z', end: '2026-03-25T00:00:00Z' });
    expect(sched.body.items[0].busy).toEqual([]);
    const moved = await t.http('PATCH', '/events/evt_walk', { start_at: '2026-03-17T13:00:00Z', end_at: '2026-03-17T15:00:00Z' });
    expect(moved.body.attendees.map((a: any) => a.response)).toEqual(['none', 'none']);
  });

  it('only attendees respond and only organizers change events', async () => {
    const accept = await t.http('POST', '/events/evt_gonogo/accept');
    expect(accept.body.my_response).toBe('accepted');
    expect((await t.http('PATCH', '/events/evt_gonogo', { subject: 'x' })).body.error.code).toBe('not_organizer');
    expect((await t.http('POST', '/events/evt_walk/accept')).status).toBe(400);
  });

  it('directory answers manager, reports and the chain to the top', async () => {
    expect((await t.http('GET', '/directory/people/theo.nakamura/management-chain')).body.items.map((p: any) => p.id)).toEqual(['ingrid.solberg', 'helena.brandt']);
    const reports = await t.http('GET', '/directory/people/amara.osei/direct-reports');
    expect(reports.body.items.map((p: any) => p.id)).not.toContain('bram.koster');
  });

  it('board tasks move only between buckets of their own board', async () => {
    const bad = await t.http('POST', '/board-tasks/btk_fire/move', { bucket_id: 'brd_lighthouse_done' });
    expect([bad.status, bad.body.error.field]).toEqual([400, 'bucket_id']);
    const ok = await t.http('POST', '/board-tasks/btk_fire/move', { bucket_id: 'brd_northgate_done' });
    expect(ok.body.bucket_id).toBe('brd_northgate_done');
  });

  it('a failed request leaves no partial writes', async () => {
    const r = await t.http('POST', '/messages/batch-update', { message_ids: ['msg_k_quote', 'nope'], is_read: true });
    expect([r.status, r.body.error.field]).toEqual([404, 'message_ids.1']);
    const d = await t.diff();
    expect(d.updates).toEqual([]);
  });
});

describe('MailHub input handling', () => {
  it('reads null as "not given" for fields that cannot be null, and as "clear" where they can', async () => {
    const sent = await t.tool('post_messages_send', { to: [JONAS], cc: null, subject: 'Nulls', body: 'x', importance: null });
    expect(sent.status).toBe(201);
    expect(sent.body.importance).toBe('normal');
    const cleared = await t.tool('patch_todo_tasks_task_id', { task_id: 'tdt_vests', due_date: null });
    expect(cleared.body.due_date).toBeNull();
    const required = await t.tool('post_folders', { display_name: null });
    expect([required.status, required.body.error.field]).toEqual([400, 'display_name']);
  });

  it('names the unknown field when a request sends one', async () => {
    const r = await t.tool('post_messages_send', { to: [JONAS], subjct: 'typo' });
    expect([r.status, r.body.error.field]).toEqual([400, 'subjct']);
  });
});
