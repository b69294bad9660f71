import type { Row } from '../../engine/index.ts';
import { plain, type MailCtx } from './context.ts';
import { wellKnownFolder } from './folders.ts';
import { applyRules } from './ruleEngine.ts';

/** A message row as the handlers build it before insert. JSON columns hold JS values here. */
export type MessageRow = Row & {
  message_id: string;
  owner_id: string;
  folder_id: string;
  thread_id: string;
  subject: string;
  body: string;
  from_email: string;
  to_recipients: string[];
  cc_recipients: string[];
  bcc_recipients: string[];
  categories: string[];
};

const JSON_COLUMNS = new Set(['to_recipients', 'cc_recipients', 'bcc_recipients', 'categories']);

export async function insertMessage(m: MailCtx, row: MessageRow): Promise<Row> {
  const cols = Object.keys(row).filter((c) => row[c] !== undefined);
  const [inserted] = await m.query(
    `INSERT INTO messages (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
    cols.map((c) => (JSON_COLUMNS.has(c) ? JSON.stringify(row[c]) : row[c])),
  );
  return inserted;
}

export async function updateMessage(m: MailCtx, messageId: string, patch: Row): Promise<Row> {
  const cols = Object.keys(patch).filter((c) => patch[c] !== undefined);
  const sets = [...cols.map((c, i) => `${c} = $${i + 2}`), `updated_at = $${cols.length + 2}`].join(', ');
  const [row] = await m.query(`UPDATE messages SET ${sets} WHERE message_id = $1 RETURNING *`, [
    messageId,
    ...cols.map((c) => (JSON_COLUMNS.has(c) ? JSON.stringify(patch[c]) : patch[c])),
    m.now(),
  ]);
  return row;
}

/** Display names for addresses: directory people first, then the owner's contacts. */
export async function namesFor(m: MailCtx, emails: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(emails)];
  const names = new Map<string, string>();
  if (unique.length === 0) return names;
  const rows = await m.query<{ email: string; display_name: string }>(
    `SELECT email, display_name FROM (
       SELECT email, display_name, 1 AS rank FROM people WHERE email = ANY($1)
       UNION ALL SELECT email, display_name, 2 FROM contacts WHERE owner_id = $2 AND email = ANY($1)
     ) n ORDER BY rank DESC`,
    [unique, m.me.person_id],
  );
  for (const r of rows) names.set(r.email, r.display_name);
  return names;
}

export function preview(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? flat.slice(0, 157) + '…' : flat;
}

/** API shape of messages; `full` includes the body (single-message reads), lists carry `body_preview`. */
export async function serializeMessages(m: MailCtx, rows: Row[], full: boolean): Promise<Row[]> {
  const all = rows.flatMap((r) => [...(r.to_recipients as string[]), ...(r.cc_recipients as string[]), ...(r.bcc_recipients as string[])]);
  const names = await namesFor(m, all);
  const person = (email: string) => ({ email, name: names.get(email) ?? null });
  return rows.map((raw) => {
    const r = plain(raw);
    return {
      id: r.message_id,
      thread_id: r.thread_id,
      folder_id: r.folder_id,
      in_reply_to: r.in_reply_to ?? null,
      subject: r.subject,
      ...(full ? { body: r.body } : { body_preview: preview(String(r.body)) }),
      from: { email: r.from_email, name: r.from_name ?? null },
      to: (r.to_recipients as string[]).map(person),
      cc: (r.cc_recipients as string[]).map(person),
      bcc: (r.bcc_recipients as string[]).map(person),
      sent_at: r.sent_at ?? null,
      received_at: r.received_at,
      is_read: r.is_read,
      is_draft: r.is_draft,
      importance: r.importance,
      flag: { status: r.flag_status, due_at: r.flag_due_at ?? null },
      categories: r.categories,
      has_attachments: r.has_attachments,
    };
  });
}

export interface Outgoing {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  importance?: string;
  thread_id?: string;
  in_reply_to?: string | null;
  attachments?: { name: string; content_type?: string; content?: string | null; size?: number }[];
}

export async function addAttachments(m: MailCtx, messageId: string, list: NonNullable<Outgoing['attachments']>): Promise<void> {
  for (const a of list) {
    const content = a.content ?? null;
    await m.query('INSERT INTO attachments (attachment_id, message_id, name, content_type, size, content) VALUES ($1, $2, $3, $4, $5, $6)', [
      m.id('att'),
      messageId,
      a.name,
      a.content_type ?? 'application/octet-stream',
      a.size ?? (content ? new TextEncoder().encode(content).length : 0),
      content,
    ]);
  }
}

/** Adds the signature under a body when asked for and one is set. */
export async function withSignature(m: MailCtx, body: string, include: boolean | undefined): Promise<string> {
  if (!include) return body;
  const s = await m.one<{ signature: string | null }>('SELECT signature FROM mailbox_settings WHERE person_id = $1', [m.me.person_id]);
  return s?.signature ? `${body}\n\n-- \n${s.signature}` : body;
}

export function normaliseAddresses(list: string[] | undefined): string[] {
  return [...new Set((list ?? []).map((e) => e.trim().toLowerCase()))];
}

/** Saves a new draft in the Drafts folder. */
export async function saveDraft(m: MailCtx, out: Outgoing): Promise<Row> {
  const now = m.now();
  const id = m.id('msg');
  const row = await insertMessage(m, {
    message_id: id,
    owner_id: m.me.person_id,
    folder_id: await wellKnownFolder(m, m.me.person_id, 'drafts'),
    thread_id: out.thread_id ?? m.id('thr'),
    in_reply_to: out.in_reply_to ?? null,
    subject: out.subject,
    body: out.body,
    from_email: m.me.email,
    from_name: m.me.display_name,
    to_recipients: out.to,
    cc_recipients: out.cc,
    bcc_recipients: out.bcc,
    received_at: now,
    is_read: true,
    is_draft: true,
    importance: out.importance ?? 'normal',
    categories: [],
    has_attachments: (out.attachments?.length ?? 0) > 0,
    created_at: now,
    updated_at: now,
  });
  if (out.attachments?.length) await addAttachments(m, id, out.attachments);
  return row;
}

/**
 * Sends: the message lands in the sender's Sent Items (after the sender's `sent` rules) and a copy in the Inbox of
 * every recipient who has a mailbox here (after their `incoming` rules); recipients whose automatic reply is on
 * answer once. External recipients get nothing stored here. `existingId` turns a draft into the sent message.
 */
export async function sendMessage(m: MailCtx, out: Outgoing, existingId?: string, depth = 0): Promise<Row> {
  const now = m.now();
  const sender = { email: m.me.email, name: m.me.display_name, owner: m.me.person_id };
  const threadId = out.thread_id ?? m.id('thr');
  const sentFolder = await wellKnownFolder(m, sender.owner, 'sent');
  const base = {
    thread_id: threadId,
    in_reply_to: out.in_reply_to ?? null,
    subject: out.subject,
    body: out.body,
    from_email: sender.email,
    from_name: sender.name,
    to_recipients: out.to,
    cc_recipients: out.cc,
    importance: out.importance ?? 'normal',
    sent_at: now,
    received_at: now,
    has_attachments: (out.attachments?.length ?? 0) > 0,
  };
  let sentRow: MessageRow = {
    ...base,
    message_id: existingId ?? m.id('msg'),
    owner_id: sender.owner,
    folder_id: sentFolder,
    bcc_recipients: out.bcc,
    is_read: true,
    is_draft: false,
    categories: [],
    created_at: now,
    updated_at: now,
  };
  const sentEffects = await applyRules(m, sender.owner, 'sent', sentRow);
  sentRow = sentEffects.row;
  let sent: Row;
  if (existingId) {
    const { message_id: _id, owner_id: _o, created_at: _c, updated_at: _u, ...patch } = sentRow;
    sent = await updateMessage(m, existingId, patch);
  } else {
    sent = await insertMessage(m, sentRow);
    if (out.attachments?.length) await addAttachments(m, sentRow.message_id, out.attachments);
  }
  await finishRuleEffects(m, sentEffects, depth);

  const recipients = [...new Set([...out.to, ...out.cc, ...out.bcc])];
  const mailboxes = await m.query<{ person_id: string; email: string; display_name: string }>(
    'SELECT person_id, email, display_name FROM people WHERE email = ANY($1) AND has_mailbox AND person_id <> $2',
    [recipients, sender.owner],
  );
  for (const box of mailboxes) {
    let copy: MessageRow = {
      ...base,
      message_id: m.id('msg'),
      owner_id: box.person_id,
      folder_id: await wellKnownFolder(m, box.person_id, 'inbox'),
      bcc_recipients: out.bcc.includes(box.email) ? [box.email] : [],
      is_read: false,
      is_draft: false,
      categories: [],
      created_at: now,
      updated_at: now,
    };
    const effects = depth === 0 ? await applyRules(m, box.person_id, 'incoming', copy) : { matched: false, row: copy, copies: [], forwards: [] };
    copy = effects.row;
    await insertMessage(m, copy);
    if (out.attachments?.length) await addAttachments(m, copy.message_id, out.attachments);
    await finishRuleEffects(m, effects, depth);
    if (depth === 0) await autoReply(m, box, base.subject, threadId, copy.message_id);
  }
  return sent;
}

async function finishRuleEffects(m: MailCtx, effects: Awaited<ReturnType<typeof applyRules>>, depth: number): Promise<void> {
  for (const c of effects.copies) await insertMessage(m, c);
  for (const f of effects.forwards) {
    // A rule's forward is sent as the mailbox owner, and is not itself run through rules again (no loops).
    const owner = await m.one<{ person_id: string; email: string; display_name: string }>('SELECT person_id, email, display_name FROM people WHERE person_id = $1', [f.owner]);
    if (!owner) continue;
    await sendMessage({ ...m, me: owner }, { to: f.to, cc: [], bcc: [], subject: `Fw: ${f.row.subject}`, body: forwardBody('', f.row) }, undefined, depth + 1);
  }
}

async function autoReply(m: MailCtx, box: { person_id: string; email: string; display_name: string }, subject: string, threadId: string, _inReplyTo: string): Promise<void> {
  const s = await m.one<Row>('SELECT * FROM mailbox_settings WHERE person_id = $1', [box.person_id]);
  if (!s || s.auto_reply_status === 'disabled') return;
  const now = m.now();
  if (s.auto_reply_status === 'scheduled') {
    const t = Date.parse(now);
    const start = s.auto_reply_start ? new Date(s.auto_reply_start as string).getTime() : -Infinity;
    const end = s.auto_reply_end ? new Date(s.auto_reply_end as string).getTime() : Infinity;
    if (t < start || t >= end) return;
  }
  const text = (s.auto_reply_internal as string | null) ?? '';
  if (!text) return;
  await sendMessage(
    { ...m, me: box },
    { to: [m.me.email], cc: [], bcc: [], subject: `Automatic reply: ${subject}`, body: text, thread_id: threadId },
    undefined,
    1,
  );
}

const stamp = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v ?? ''));

export function quoteHeader(orig: Row): string {
  const from = orig.from_name ? `${orig.from_name} <${orig.from_email}>` : String(orig.from_email);
  return `On ${stamp(orig.sent_at ?? orig.received_at)}, ${from} wrote:`;
}

export function replyBody(comment: string, orig: Row): string {
  const quoted = String(orig.body)
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
  return `${comment}\n\n${quoteHeader(orig)}\n${quoted}`;
}

export function forwardBody(comment: string, orig: Row): string {
  const from = orig.from_name ? `${orig.from_name} <${orig.from_email}>` : String(orig.from_email);
  const to = (orig.to_recipients as string[]).join(', ');
  return [
    comment,
    '',
    '---------- Forwarded message ----------',
    `From: ${from}`,
    `Sent: ${stamp(orig.sent_at ?? orig.received_at)}`,
    `To: ${to}`,
    ...((orig.cc_recipients as string[]).length ? [`Cc: ${(orig.cc_recipients as string[]).join(', ')}`] : []),
    `Subject: ${orig.subject}`,
    '',
    String(orig.body),
  ].join('\n');
}

export function prefixed(prefix: 'Re' | 'Fw', subject: string): string {
  const re = prefix === 'Re' ? /^re:\s/i : /^(fw|fwd):\s/i;
  return re.test(subject) ? subject : `${prefix}: ${subject}`;
}
