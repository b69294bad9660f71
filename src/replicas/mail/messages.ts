import { z } from 'zod';
import type { Row } from '../../engine/index.ts';
import type { Route } from '../types.ts';
import { plain, type MailCtx } from './context.ts';
import { email, id, importance, isoTime, op, paging } from './define.ts';
import { invalidField, notFound } from './errors.ts';
import { resolveFolder, wellKnownFolder } from './folders.ts';
import {
  forwardBody,
  insertMessage,
  normaliseAddresses,
  prefixed,
  replyBody,
  saveDraft,
  sendMessage,
  serializeMessages,
  updateMessage,
  withSignature,
  type MessageRow,
  type Outgoing,
} from './mailStore.ts';
import { pageWindow, toPage } from './paging.ts';
import { likePattern, Where } from './sql.ts';

export const messageKey = { message_id: id('The message.') };

/** A message of the acting person's mailbox, or 404. */
export async function ownMessage(m: MailCtx, messageId: string, field = 'message_id'): Promise<Row> {
  const row = await m.one('SELECT * FROM messages WHERE message_id = $1 AND owner_id = $2', [messageId, m.me.person_id]);
  if (!row) throw notFound('message', messageId, field);
  return row;
}

const filterShape = {
  folder_id: z.string().optional().describe('Only this folder (id or well-known name). Default: every folder but Deleted Items and Junk.'),
  from: z.string().optional().describe('Sender: a full address matches exactly, other text matches the address or name.'),
  to: z.string().optional().describe('A To/Cc recipient: a full address matches exactly, other text matches part of an address.'),
  subject: z.string().optional().describe('Text in the subject (case-insensitive).'),
  is_read: z.boolean().optional(),
  flag_status: z.enum(['none', 'flagged', 'complete']).optional(),
  has_attachments: z.boolean().optional(),
  importance: importance.optional(),
  category: z.string().optional().describe('Messages carrying this category.'),
  thread_id: z.string().optional(),
  received_after: isoTime('Received at or after this time.').optional(),
  received_before: isoTime('Received before this time.').optional(),
  include_drafts: z.boolean().optional().describe('Also list drafts (default false unless folder_id is drafts).'),
  order: z.enum(['newest', 'oldest']).optional().describe('Sort by received time; default newest first.'),
  ...paging,
};
type Filters = z.infer<z.ZodObject<typeof filterShape>> & { query?: string };

async function listMessages(m: MailCtx, f: Filters) {
  const w = new Where().add('owner_id = ?', m.me.person_id);
  if (f.folder_id) {
    const folder = await resolveFolder(m, f.folder_id, 'folder_id');
    w.add('folder_id = ?', folder.folder_id);
    if (folder.well_known !== 'drafts' && !f.include_drafts) w.add('NOT is_draft');
  } else {
    w.add("folder_id NOT IN (SELECT folder_id FROM folders WHERE owner_id = ? AND well_known IN ('deleted', 'junk'))", m.me.person_id);
    if (!f.include_drafts) w.add('NOT is_draft');
  }
  if (f.from) {
    if (f.from.includes('@')) w.add('from_email = ?', f.from.trim().toLowerCase());
    else w.add('(from_email ILIKE ? OR from_name ILIKE ?)', likePattern(f.from), likePattern(f.from));
  }
  if (f.to) {
    const needle = f.to.trim().toLowerCase();
    if (needle.includes('@')) w.add('(to_recipients @> jsonb_build_array(?::text) OR cc_recipients @> jsonb_build_array(?::text))', needle, needle);
    else w.add('(to_recipients::text ILIKE ? OR cc_recipients::text ILIKE ?)', likePattern(needle), likePattern(needle));
  }
  if (f.subject) w.add('subject ILIKE ?', likePattern(f.subject));
  if (f.is_read !== undefined) w.add('is_read = ?', f.is_read);
  if (f.flag_status) w.add('flag_status = ?', f.flag_status);
  if (f.has_attachments !== undefined) w.add('has_attachments = ?', f.has_attachments);
  if (f.importance) w.add('importance = ?', f.importance);
  if (f.category) w.add('categories @> jsonb_build_array(?::text)', f.category);
  if (f.thread_id) w.add('thread_id = ?', f.thread_id);
  if (f.received_after) w.add('received_at >= ?', f.received_after);
  if (f.received_before) w.add('received_at < ?', f.received_before);
  for (const word of (f.query ?? '').split(/\s+/).filter(Boolean)) {
    const p = likePattern(word);
    w.add('(subject ILIKE ? OR body ILIKE ? OR from_name ILIKE ? OR from_email ILIKE ?)', p, p, p, p);
  }
  const win = pageWindow(f);
  const dir = f.order === 'oldest' ? 'ASC' : 'DESC';
  const rows = await m.query(
    `SELECT * FROM messages ${w} ORDER BY received_at ${dir}, message_id ${dir} LIMIT ${w.param(win.limit + 1)} OFFSET ${w.param(win.offset)}`,
    w.params,
  );
  const page = toPage(rows, win, (r) => r);
  return { items: await serializeMessages(m, page.items, false), next_page_token: page.next_page_token };
}

const addresses = (what: string) => z.array(email).describe(what);
const attachmentInput = z.strictObject({
  name: z.string().min(1).max(255),
  content_type: z.string().min(1).optional(),
  content: z.string().max(1_000_000).describe('The file\'s text content.'),
});
const composeShape = {
  to: addresses('To recipients.').optional(),
  cc: addresses('Cc recipients.').optional(),
  bcc: addresses('Bcc recipients.').optional(),
  subject: z.string().max(998).optional(),
  body: z.string().max(1_000_000).optional().describe('Plain-text body.'),
  importance: importance.optional(),
  include_signature: z.boolean().optional().describe('Append your signature (GET /me/signature).'),
  attachments: z.array(attachmentInput).max(20).optional(),
};

function needsRecipient(out: Outgoing): void {
  if (out.to.length + out.cc.length + out.bcc.length === 0) throw invalidField('to', 'a message needs at least one recipient');
}

async function loadAttachments(m: MailCtx, messageId: string) {
  return m.query<{ name: string; content_type: string; content: string | null; size: number }>(
    'SELECT name, content_type, content, size FROM attachments WHERE message_id = $1 ORDER BY attachment_id',
    [messageId],
  );
}

type ReplyMode = 'reply' | 'reply_all' | 'forward';

/** The recipients, subject, body and thread of a reply, reply-all or forward of `orig`. */
async function respondTo(m: MailCtx, orig: Row, mode: ReplyMode, input: { comment?: string; to?: string[]; cc?: string[]; bcc?: string[]; include_signature?: boolean }): Promise<Outgoing> {
  const mine = m.me.email;
  const fromMe = orig.from_email === mine;
  let to: string[];
  let cc: string[] = [];
  if (mode === 'forward') {
    to = normaliseAddresses(input.to);
    cc = normaliseAddresses(input.cc);
  } else {
    // Replying to your own sent message goes to its recipients, as mail clients do.
    const origTo = orig.to_recipients as string[];
    to = fromMe ? [...origTo] : [String(orig.from_email)];
    if (mode === 'reply_all') {
      to = [...new Set([...to, ...origTo.filter((e) => e !== mine)])];
      cc = (orig.cc_recipients as string[]).filter((e) => e !== mine && !to.includes(e));
    }
    to = [...new Set([...to, ...normaliseAddresses(input.to)])];
    cc = [...new Set([...cc, ...normaliseAddresses(input.cc)])];
  }
  const comment = await withSignature(m, input.comment ?? '', input.include_signature);
  const out: Outgoing = {
    to,
    cc,
    bcc: normaliseAddresses(input.bcc),
    subject: prefixed(mode === 'forward' ? 'Fw' : 'Re', String(orig.subject)),
    body: mode === 'forward' ? forwardBody(comment, orig) : replyBody(comment, orig),
    thread_id: String(orig.thread_id),
    in_reply_to: String(orig.message_id),
  };
  if (mode === 'forward') out.attachments = await loadAttachments(m, String(orig.message_id));
  return out;
}

const respondShape = {
  ...messageKey,
  comment: z.string().max(1_000_000).optional().describe('Your text, placed above the quoted original.'),
  to: addresses('Extra To recipients (forward: the recipients).').optional(),
  cc: addresses('Extra Cc recipients.').optional(),
  bcc: addresses('Bcc recipients.').optional(),
  include_signature: z.boolean().optional(),
};

function respondRoute(mode: ReplyMode, draft: boolean): Route {
  const verb = { reply: 'reply', reply_all: 'reply-all', forward: 'forward' }[mode];
  const who = {
    reply: 'the sender (or, for a message you sent, its To recipients)',
    reply_all: 'the sender and every To recipient, with the original Cc kept as Cc (you are left out)',
    forward: 'the `to` (and `cc`) you give; attachments are forwarded too',
  }[mode];
  return op({
    method: 'POST',
    path: draft ? `/messages/{message_id}/create-${verb}-draft` : `/messages/{message_id}/${verb}`,
    summary: draft ? `Save a ${verb} to a message as a draft.` : `${verb[0].toUpperCase()}${verb.slice(1)} to a message.`,
    docs: `${draft ? 'Creates a draft (in Drafts, not sent) of a' : 'Sends a'} ${verb} addressed to ${who}. The subject gets "${mode === 'forward' ? 'Fw' : 'Re'}: " (once), the body is your \`comment\` followed by the ${mode === 'forward' ? 'forwarded message with its From/Sent/To/Subject header' : 'original, quoted line by line with "> " under an "On <date>, <sender> wrote:" line'}, and the message joins the original's thread (\`in_reply_to\` names the original).${draft ? ' Edit it with PATCH /drafts/{draft_id} and send it with POST /drafts/{draft_id}/send.' : ' Recipients with a mailbox here receive it in their Inbox (after their rules).'}`,
    status: 201,
    input: z.strictObject(respondShape),
    async run(input, m) {
      const orig = await ownMessage(m, input.message_id);
      if (orig.is_draft) throw invalidField('message_id', 'a draft cannot be answered; send it first');
      const out = await respondTo(m, orig, mode, input);
      if (!draft) needsRecipient(out);
      const row = draft ? await saveDraft(m, out) : await sendMessage(m, out);
      return (await serializeMessages(m, [row], true))[0];
    },
  });
}

function flagUpdate(path: string, summary: string, docs: string, extra: z.ZodRawShape, patch: (input: any, msg: Row) => Row): Route {
  return op({
    method: 'POST',
    path: `/messages/{message_id}/${path}`,
    summary,
    docs,
    input: z.strictObject({ ...messageKey, ...extra }),
    async run(input: any, m) {
      const msg = await ownMessage(m, input.message_id);
      const row = await updateMessage(m, input.message_id, patch(input, msg));
      return (await serializeMessages(m, [row], true))[0];
    },
  });
}

async function deleteForGood(m: MailCtx, ids: string[]): Promise<void> {
  await m.query('DELETE FROM attachments WHERE message_id = ANY($1)', [ids]);
  await m.query('UPDATE todo_tasks SET linked_message_id = NULL WHERE linked_message_id = ANY($1)', [ids]);
  await m.query('DELETE FROM messages WHERE message_id = ANY($1)', [ids]);
}

export const messageRoutes: Route[] = [
  op({
    method: 'GET',
    path: '/messages',
    summary: 'List messages, newest first, with filters.',
    docs: 'Messages of your mailbox (without a `folder_id`: every folder except Deleted Items and Junk; drafts only with `include_drafts`). Filters combine with AND. Items carry `body_preview`; read the full body with GET /messages/{message_id}. Paged: at most `page_size` (default 25, max 100) items and a `next_page_token` while more remain.',
    input: z.strictObject(filterShape),
    run: (input, m) => listMessages(m, input),
  }),
  op({
    method: 'GET',
    path: '/messages/search',
    summary: 'Full-text search over your mail.',
    docs: 'Every word of `query` must appear (case-insensitive) in the subject, body, sender name or sender address. All the filters of GET /messages apply as well (e.g. `from` plus `received_after`). Newest first, paged.',
    input: z.strictObject({ query: z.string().min(1).describe('Words that must all appear.'), ...filterShape }),
    run: (input, m) => listMessages(m, input),
  }),
  op({
    method: 'GET',
    path: '/messages/{message_id}',
    summary: 'Get one message with its full body.',
    docs: 'One message of your mailbox, with body, recipients (names from the directory or your contacts), flag, categories and thread.',
    input: z.strictObject(messageKey),
    run: async (input, m) => (await serializeMessages(m, [await ownMessage(m, input.message_id)], true))[0],
  }),
  op({
    method: 'POST',
    path: '/messages/send',
    summary: 'Send a new message.',
    docs: 'Sends a new message (new thread). It is stored in Sent Items; recipients who have a mailbox in this organisation get it in their Inbox, after their mail rules, and an active automatic reply of theirs comes back to you. Needs at least one recipient. Addresses are stored lower-case.',
    status: 201,
    input: z.strictObject(composeShape),
    async run(input, m) {
      const out: Outgoing = {
        to: normaliseAddresses(input.to),
        cc: normaliseAddresses(input.cc),
        bcc: normaliseAddresses(input.bcc),
        subject: input.subject ?? '',
        body: await withSignature(m, input.body ?? '', input.include_signature),
        importance: input.importance,
        attachments: input.attachments,
      };
      needsRecipient(out);
      return (await serializeMessages(m, [await sendMessage(m, out)], true))[0];
    },
  }),
  respondRoute('reply', false),
  respondRoute('reply_all', false),
  respondRoute('forward', false),
  respondRoute('reply', true),
  respondRoute('reply_all', true),
  respondRoute('forward', true),
  op({
    method: 'POST',
    path: '/messages/{message_id}/move',
    effect: 'update',
    summary: 'Move a message to another folder.',
    docs: 'Moves the message to `folder_id` (id or well-known name such as `archive`). The message keeps its id.',
    input: z.strictObject({ ...messageKey, folder_id: id('Destination folder id or well-known name.') }),
    async run(input, m) {
      await ownMessage(m, input.message_id);
      const folder = await resolveFolder(m, input.folder_id, 'folder_id');
      const row = await updateMessage(m, input.message_id, { folder_id: folder.folder_id });
      return (await serializeMessages(m, [row], true))[0];
    },
  }),
  op({
    method: 'POST',
    path: '/messages/{message_id}/copy',
    summary: 'Copy a message into a folder.',
    docs: 'Puts a copy (new id, same thread, attachments copied) into `folder_id`; the original stays where it is.',
    status: 201,
    input: z.strictObject({ ...messageKey, folder_id: id('Destination folder id or well-known name.') }),
    async run(input, m) {
      const orig = plain(await ownMessage(m, input.message_id)) as MessageRow;
      const folder = await resolveFolder(m, input.folder_id, 'folder_id');
      const now = m.now();
      const copy = await insertMessage(m, { ...orig, message_id: m.id('msg'), folder_id: folder.folder_id as string, created_at: now, updated_at: now });
      await m.query(
        `INSERT INTO attachments (attachment_id, message_id, name, content_type, size, content)
         SELECT 'att_' || md5(attachment_id || $2), $2, name, content_type, size, content FROM attachments WHERE message_id = $1`,
        [input.message_id, copy.message_id],
      );
      return (await serializeMessages(m, [copy], true))[0];
    },
  }),
  op({
    method: 'DELETE',
    path: '/messages/{message_id}',
    summary: 'Delete a message (to Deleted Items).',
    docs: 'Moves the message to Deleted Items. Deleting a message that is already in Deleted Items removes it for good (with its attachments).',
    input: z.strictObject(messageKey),
    async run(input, m) {
      const msg = await ownMessage(m, input.message_id);
      const deleted = await wellKnownFolder(m, m.me.person_id, 'deleted');
      if (msg.folder_id === deleted) await deleteForGood(m, [input.message_id]);
      else await updateMessage(m, input.message_id, { folder_id: deleted });
      return undefined;
    },
  }),
  flagUpdate('mark-read', 'Mark a message read.', 'Sets `is_read` to true. Marking a read message read changes nothing. For many messages at once use POST /messages/batch-update.', {}, () => ({ is_read: true })),
  flagUpdate('mark-unread', 'Mark a message unread.', 'Sets `is_read` to false, so the message counts in its folder\'s `unread_count` again.', {}, () => ({ is_read: false })),
  flagUpdate(
    'flag',
    'Flag a message for follow-up (or mark the follow-up complete).',
    '`status` flagged (default) or complete; `due_at` optionally sets when the follow-up is due.',
    { status: z.enum(['flagged', 'complete']).optional(), due_at: isoTime('When the follow-up is due.').nullable().optional() },
    (input) => ({ flag_status: input.status ?? 'flagged', flag_due_at: input.due_at }),
  ),
  flagUpdate('unflag', 'Clear a message\'s flag.', 'Sets the flag back to `none` and clears its due time (`flag.due_at`). To record that the follow-up is done instead, flag it with `status: complete`.', {}, () => ({ flag_status: 'none', flag_due_at: null })),
  flagUpdate(
    'categorize',
    'Set, add or remove a message\'s categories.',
    'With `categories` the list is replaced; with `add` / `remove` names are added or taken away. Names need not be in your category list.',
    {
      categories: z.array(z.string().min(1)).optional().describe('The complete new list.'),
      add: z.array(z.string().min(1)).optional(),
      remove: z.array(z.string().min(1)).optional(),
    },
    (input, msg) => {
      if (!input.categories && !input.add && !input.remove) throw invalidField('categories', 'give categories, add or remove');
      let list: string[] = input.categories ?? [...(msg.categories as string[])];
      if (input.add) list = [...new Set([...list, ...input.add])];
      if (input.remove) list = list.filter((c: string) => !input.remove.includes(c));
      return { categories: list };
    },
  ),
  op({
    method: 'POST',
    path: '/messages/batch-update',
    effect: 'update',
    summary: 'Change or move many messages at once.',
    docs: 'Applies the same change to up to 500 messages of yours: `is_read`, `flag_status`, `add_categories`, and/or `folder_id` (move). Every id must be yours, or nothing changes (404 naming the index in `message_ids`). Answers the number updated.',
    input: z.strictObject({
      message_ids: z.array(z.string().min(1)).min(1).max(500),
      is_read: z.boolean().optional(),
      flag_status: z.enum(['none', 'flagged', 'complete']).optional(),
      add_categories: z.array(z.string().min(1)).optional(),
      folder_id: z.string().min(1).optional().describe('Move them to this folder.'),
    }),
    async run(input, m) {
      const rows: Row[] = [];
      for (const [i, mid] of input.message_ids.entries()) rows.push(await ownMessage(m, mid, `message_ids.${i}`));
      const folder = input.folder_id ? await resolveFolder(m, input.folder_id, 'folder_id') : null;
      if (input.is_read === undefined && !input.flag_status && !input.add_categories && !folder) throw invalidField('', 'give at least one change');
      for (const r of rows) {
        await updateMessage(m, String(r.message_id), {
          is_read: input.is_read,
          flag_status: input.flag_status,
          folder_id: folder?.folder_id,
          categories: input.add_categories ? [...new Set([...(r.categories as string[]), ...input.add_categories])] : undefined,
        });
      }
      return { updated: rows.length };
    },
  }),
  op({
    method: 'GET',
    path: '/messages/{message_id}/attachments',
    summary: 'List a message\'s attachments.',
    docs: 'Name, content type and size of each attachment (no content; GET one attachment for that).',
    input: z.strictObject(messageKey),
    async run(input, m) {
      await ownMessage(m, input.message_id);
      const rows = await m.query('SELECT attachment_id, name, content_type, size FROM attachments WHERE message_id = $1 ORDER BY attachment_id', [input.message_id]);
      return { items: rows.map(({ attachment_id, ...r }) => ({ id: attachment_id, ...r })) };
    },
  }),
  op({
    method: 'GET',
    path: '/messages/{message_id}/attachments/{attachment_id}',
    summary: 'Get one attachment with its content.',
    docs: 'One attachment of a message: name, content type, size in bytes and its text `content`.',
    input: z.strictObject({ ...messageKey, attachment_id: id('The attachment.') }),
    async run(input, m) {
      await ownMessage(m, input.message_id);
      const row = await m.one('SELECT * FROM attachments WHERE attachment_id = $1 AND message_id = $2', [input.attachment_id, input.message_id]);
      if (!row) throw notFound('attachment', input.attachment_id, 'attachment_id');
      const { attachment_id, ...rest } = row;
      return { id: attachment_id, ...rest };
    },
  }),
  op({
    method: 'GET',
    path: '/threads',
    summary: 'List conversations (threads), most recent activity first.',
    docs: 'One item per thread of your mailbox (outside Deleted Items and Junk, or only in `folder_id`): `thread_id`, `subject` of its first message, `message_count`, `unread_count`, `participants` and `last_received_at`. Paged.',
    input: z.strictObject({ folder_id: z.string().optional(), ...paging }),
    async run(input, m) {
      const w = new Where().add('owner_id = ?', m.me.person_id).add('NOT is_draft');
      if (input.folder_id) w.add('folder_id = ?', (await resolveFolder(m, input.folder_id, 'folder_id')).folder_id);
      else w.add("folder_id NOT IN (SELECT folder_id FROM folders WHERE owner_id = ? AND well_known IN ('deleted', 'junk'))", m.me.person_id);
      const win = pageWindow(input);
      const rows = await m.query<Row>(
        `SELECT thread_id, (array_agg(subject ORDER BY received_at))[1] AS subject, count(*)::int AS message_count,
                count(*) FILTER (WHERE NOT is_read)::int AS unread_count, max(received_at) AS last_received_at,
                array_agg(DISTINCT from_email) AS participants
         FROM messages ${w} GROUP BY thread_id ORDER BY max(received_at) DESC, thread_id
         LIMIT ${w.param(win.limit + 1)} OFFSET ${w.param(win.offset)}`,
        w.params,
      );
      return toPage(rows, win, (r) => plain(r));
    },
  }),
  op({
    method: 'GET',
    path: '/threads/{thread_id}',
    summary: 'Get a whole conversation, oldest message first.',
    docs: 'Every message of the thread in your mailbox (any folder, drafts included), oldest first, with full bodies.',
    input: z.strictObject({ thread_id: id('The thread.') }),
    async run(input, m) {
      const rows = await m.query('SELECT * FROM messages WHERE owner_id = $1 AND thread_id = $2 ORDER BY received_at, message_id', [m.me.person_id, input.thread_id]);
      if (rows.length === 0) throw notFound('thread', input.thread_id, 'thread_id');
      return { thread_id: input.thread_id, items: await serializeMessages(m, rows, true) };
    },
  }),
];

// ---------------------------------------------------------------------------------------------------------------
// Drafts

const draftKey = { draft_id: id('The draft (a message id).') };

async function ownDraft(m: MailCtx, draftId: string): Promise<Row> {
  const row = await m.one('SELECT * FROM messages WHERE message_id = $1 AND owner_id = $2 AND is_draft', [draftId, m.me.person_id]);
  if (!row) throw notFound('draft', draftId, 'draft_id');
  return row;
}

export const draftRoutes: Route[] = [
  op({
    method: 'GET',
    path: '/drafts',
    summary: 'List your drafts.',
    docs: 'Your unsent drafts (also in the Drafts folder), most recently changed first, with full bodies and recipients. Paged.',
    input: z.strictObject(paging),
    async run(input, m) {
      const win = pageWindow(input);
      const rows = await m.query('SELECT * FROM messages WHERE owner_id = $1 AND is_draft ORDER BY updated_at DESC, message_id LIMIT $2 OFFSET $3', [
        m.me.person_id,
        win.limit + 1,
        win.offset,
      ]);
      const page = toPage(rows, win, (r) => r);
      return { items: await serializeMessages(m, page.items, true), next_page_token: page.next_page_token };
    },
  }),
  op({
    method: 'POST',
    path: '/drafts',
    summary: 'Create a draft.',
    docs: 'Saves a new message in Drafts without sending it. Every field is optional; recipients are needed only to send.',
    status: 201,
    input: z.strictObject(composeShape),
    async run(input, m) {
      const row = await saveDraft(m, {
        to: normaliseAddresses(input.to),
        cc: normaliseAddresses(input.cc),
        bcc: normaliseAddresses(input.bcc),
        subject: input.subject ?? '',
        body: await withSignature(m, input.body ?? '', input.include_signature),
        importance: input.importance,
        attachments: input.attachments,
      });
      return (await serializeMessages(m, [row], true))[0];
    },
  }),
  op({
    method: 'GET',
    path: '/drafts/{draft_id}',
    summary: 'Get a draft.',
    docs: 'One draft by id, with its full body, recipients and `in_reply_to` when it answers a message. A sent message is no longer a draft (404).',
    input: z.strictObject(draftKey),
    run: async (input, m) => (await serializeMessages(m, [await ownDraft(m, input.draft_id)], true))[0],
  }),
  op({
    method: 'PATCH',
    path: '/drafts/{draft_id}',
    summary: 'Edit a draft.',
    docs: 'Replaces the given fields of a draft (recipient lists are replaced whole, not merged).',
    input: z.strictObject({ ...draftKey, ...composeShape, attachments: z.never().optional() }),
    async run(input, m) {
      await ownDraft(m, input.draft_id);
      const patch: Row = {
        to_recipients: input.to && normaliseAddresses(input.to),
        cc_recipients: input.cc && normaliseAddresses(input.cc),
        bcc_recipients: input.bcc && normaliseAddresses(input.bcc),
        subject: input.subject,
        body: input.body === undefined ? undefined : await withSignature(m, input.body, input.include_signature),
        importance: input.importance,
      };
      if (Object.values(patch).every((v) => v === undefined)) throw invalidField('', 'give at least one field to change');
      return (await serializeMessages(m, [await updateMessage(m, input.draft_id, patch)], true))[0];
    },
  }),
  op({
    method: 'POST',
    path: '/drafts/{draft_id}/send',
    summary: 'Send a draft.',
    docs: 'Sends the draft as it is: it moves to Sent Items (same id) and is delivered like POST /messages/send. Needs at least one recipient.',
    input: z.strictObject(draftKey),
    async run(input, m) {
      const d = await ownDraft(m, input.draft_id);
      const out: Outgoing = {
        to: d.to_recipients as string[],
        cc: d.cc_recipients as string[],
        bcc: d.bcc_recipients as string[],
        subject: String(d.subject),
        body: String(d.body),
        importance: String(d.importance),
        thread_id: String(d.thread_id),
        in_reply_to: (d.in_reply_to as string | null) ?? null,
      };
      needsRecipient(out);
      const sent = await sendMessage(m, { ...out, attachments: await loadAttachments(m, input.draft_id) }, input.draft_id);
      return (await serializeMessages(m, [sent], true))[0];
    },
  }),
  op({
    method: 'DELETE',
    path: '/drafts/{draft_id}',
    summary: 'Discard a draft.',
    docs: 'Discards the draft for good, with its attachments; it does not go to Deleted Items.',
    input: z.strictObject(draftKey),
    async run(input, m) {
      await ownDraft(m, input.draft_id);
      await deleteForGood(m, [input.draft_id]);
      return undefined;
    },
  }),
  op({
    method: 'POST',
    path: '/drafts/{draft_id}/attachments',
    summary: 'Attach a file to a draft.',
    docs: 'Adds a text attachment (`name`, `content`, optional `content_type`, default text/plain) to the draft; it is sent along when the draft is sent.',
    status: 201,
    input: z.strictObject({ ...draftKey, name: z.string().min(1).max(255), content_type: z.string().optional(), content: z.string().max(1_000_000) }),
    async run(input, m) {
      await ownDraft(m, input.draft_id);
      const attId = m.id('att');
      const size = new TextEncoder().encode(input.content).length;
      await m.query('INSERT INTO attachments (attachment_id, message_id, name, content_type, size, content) VALUES ($1, $2, $3, $4, $5, $6)', [
        attId,
        input.draft_id,
        input.name,
        input.content_type ?? 'text/plain',
        size,
        input.content,
      ]);
      await updateMessage(m, input.draft_id, { has_attachments: true });
      return { id: attId, name: input.name, content_type: input.content_type ?? 'text/plain', size };
    },
  }),
  op({
    method: 'DELETE',
    path: '/drafts/{draft_id}/attachments/{attachment_id}',
    summary: 'Remove an attachment from a draft.',
    docs: 'Removes one attachment from a draft; when none is left the draft\'s `has_attachments` becomes false.',
    input: z.strictObject({ ...draftKey, attachment_id: id('The attachment.') }),
    async run(input, m) {
      await ownDraft(m, input.draft_id);
      const gone = await m.query('DELETE FROM attachments WHERE attachment_id = $1 AND message_id = $2 RETURNING 1', [input.attachment_id, input.draft_id]);
      if (gone.length === 0) throw notFound('attachment', input.attachment_id, 'attachment_id');
      const left = await m.one('SELECT 1 FROM attachments WHERE message_id = $1 LIMIT 1', [input.draft_id]);
      if (!left) await updateMessage(m, input.draft_id, { has_attachments: false });
      return undefined;
    },
  }),
];
