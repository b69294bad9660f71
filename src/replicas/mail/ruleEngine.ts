import { z } from 'zod';
import type { Row } from '../../engine/index.ts';
import type { MailCtx } from './context.ts';
import { email, importance } from './define.ts';
import type { MessageRow } from './mailStore.ts';

const words = z.array(z.string().min(1)).min(1);

/** What a rule looks for. Every condition given must hold; a list holds when any of its items does. */
export const ruleConditions = z
  .strictObject({
    from_addresses: z.array(email).min(1).optional().describe('Sender is one of these addresses.'),
    from_contains: words.optional().describe('Sender address or name contains one of these (case-insensitive).'),
    subject_contains: words.optional().describe('Subject contains one of these.'),
    body_contains: words.optional().describe('Body contains one of these.'),
    subject_or_body_contains: words.optional().describe('Subject or body contains one of these.'),
    sent_to_addresses: z.array(email).min(1).optional().describe('One of these is among the To/Cc recipients.'),
    has_attachments: z.boolean().optional(),
    importance: importance.optional(),
    sent_to_me_only: z.boolean().optional().describe('You are the only recipient.'),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), 'give at least one condition');

/** What a rule does to a matching message, in this order; `stop_processing` skips later rules. */
export const ruleActions = z
  .strictObject({
    move_to_folder: z.string().min(1).optional().describe('Folder id (or well-known name) to move the message to.'),
    copy_to_folder: z.string().min(1).optional().describe('Folder to put a copy in.'),
    mark_as_read: z.boolean().optional(),
    mark_importance: importance.optional(),
    flag: z.boolean().optional().describe('Flag the message for follow-up.'),
    assign_categories: z.array(z.string().min(1)).min(1).optional(),
    delete: z.boolean().optional().describe('Move the message to Deleted Items.'),
    forward_to: z.array(email).min(1).optional().describe('Forward the message to these addresses.'),
    stop_processing: z.boolean().optional(),
  })
  .refine((a) => Object.entries(a).some(([k, v]) => v !== undefined && k !== 'stop_processing'), 'give at least one action');

export type RuleConditions = z.infer<typeof ruleConditions>;
export type RuleActions = z.infer<typeof ruleActions>;

const has = (text: string, list: string[]) => list.some((w) => text.toLowerCase().includes(w.toLowerCase()));

export function ruleMatches(c: RuleConditions, msg: MessageRow, ownerEmail: string): boolean {
  const from = `${msg.from_email} ${msg.from_name ?? ''}`;
  const recipients = [...msg.to_recipients, ...msg.cc_recipients];
  if (c.from_addresses && !c.from_addresses.some((a) => a.toLowerCase() === msg.from_email)) return false;
  if (c.from_contains && !has(from, c.from_contains)) return false;
  if (c.subject_contains && !has(msg.subject, c.subject_contains)) return false;
  if (c.body_contains && !has(msg.body, c.body_contains)) return false;
  if (c.subject_or_body_contains && !has(`${msg.subject}\n${msg.body}`, c.subject_or_body_contains)) return false;
  if (c.sent_to_addresses && !c.sent_to_addresses.some((a) => recipients.includes(a.toLowerCase()))) return false;
  if (c.has_attachments !== undefined && Boolean(msg.has_attachments) !== c.has_attachments) return false;
  if (c.importance && msg.importance !== c.importance) return false;
  if (c.sent_to_me_only !== undefined && (recipients.length === 1 && recipients[0] === ownerEmail) !== c.sent_to_me_only) return false;
  return true;
}

export interface RuleEffects {
  /** Whether any rule matched. */
  matched: boolean;
  row: MessageRow;
  copies: MessageRow[];
  forwards: { owner: string; to: string[]; row: MessageRow }[];
}

/**
 * Runs a mailbox's enabled rules (by `sequence`) over a message about to be stored. The row comes back changed
 * (folder, read state, flag, categories, importance) so that delivery inserts the final state in one row; copies
 * and forwards are returned for the caller to write.
 */
export async function applyRules(
  m: MailCtx,
  ownerId: string,
  appliesTo: 'incoming' | 'sent',
  msg: MessageRow,
  only?: { conditions: unknown; actions: unknown }[],
  lookups: RuleLookups = ruleLookups(m, ownerId),
): Promise<RuleEffects> {
  const rules =
    only ??
    (await m.query<Row>('SELECT * FROM rules WHERE owner_id = $1 AND is_enabled AND applies_to = $2 ORDER BY sequence, created_at, rule_id', [
      ownerId,
      appliesTo,
    ]));
  const effects: RuleEffects = { matched: false, row: { ...msg }, copies: [], forwards: [] };
  if (rules.length === 0) return effects;
  const ownerEmail = await lookups.ownerEmail();
  for (const rule of rules) {
    const parsedC = ruleConditions.safeParse(rule.conditions);
    const parsedA = ruleActions.safeParse(rule.actions);
    if (!parsedC.success || !parsedA.success) continue;
    if (!ruleMatches(parsedC.data, effects.row, ownerEmail)) continue;
    effects.matched = true;
    const stop = await applyActions(m, ownerId, parsedA.data, effects, lookups);
    if (stop) break;
  }
  return effects;
}

/** What rules look up besides the message: the owner's address, and folders by id or well-known name. */
export interface RuleLookups {
  ownerEmail(): Promise<string>;
  folder(key: string): Promise<string | null>;
}

/**
 * The lookups of one mailbox, each made once: a rule run over a folder of thousands of messages would otherwise
 * repeat them for every message (rules create no folders and change no addresses).
 */
export function ruleLookups(m: MailCtx, ownerId: string): RuleLookups {
  let email: Promise<string> | undefined;
  const folders = new Map<string, Promise<string | null>>();
  return {
    ownerEmail: () =>
      (email ??= m.one<{ email: string }>('SELECT email FROM people WHERE person_id = $1', [ownerId]).then((r) => r?.email ?? '')),
    folder(key) {
      let found = folders.get(key);
      if (!found) {
        found = m
          .one<{ folder_id: string }>('SELECT folder_id FROM folders WHERE owner_id = $1 AND (folder_id = $2 OR well_known = lower($2))', [ownerId, key])
          .then((f) => f?.folder_id ?? null);
        folders.set(key, found);
      }
      return found;
    },
  };
}

async function applyActions(m: MailCtx, ownerId: string, a: RuleActions, e: RuleEffects, lookups: RuleLookups): Promise<boolean> {
  const row = e.row;
  if (a.mark_as_read !== undefined) row.is_read = a.mark_as_read;
  if (a.mark_importance) row.importance = a.mark_importance;
  if (a.flag) row.flag_status = 'flagged';
  if (a.assign_categories) row.categories = [...new Set([...row.categories, ...a.assign_categories])];
  if (a.copy_to_folder) {
    const target = await lookups.folder(a.copy_to_folder);
    if (target) e.copies.push({ ...row, message_id: m.id('msg'), folder_id: target });
  }
  if (a.move_to_folder) {
    const target = await lookups.folder(a.move_to_folder);
    if (target) row.folder_id = target;
  }
  if (a.delete) {
    const target = await lookups.folder('deleted');
    if (target) row.folder_id = target;
  }
  if (a.forward_to) e.forwards.push({ owner: ownerId, to: a.forward_to.map((x) => x.toLowerCase()), row: { ...row } });
  return Boolean(a.stop_processing);
}
