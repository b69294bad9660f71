import { z } from 'zod';
import type { Row } from '../../engine/index.ts';
import type { Route } from '../types.ts';
import type { MailCtx } from './context.ts';
import { crudRoutes, findRow, serializeRow, updateRow, type Entity } from './crud.ts';
import { id, op } from './define.ts';
import { resolveFolder } from './folders.ts';
import { insertMessage, updateMessage, type MessageRow } from './mailStore.ts';
import { applyRules, ruleActions, ruleConditions, ruleLookups, type RuleActions } from './ruleEngine.ts';

export const ruleEntity: Entity = {
  kind: 'rule',
  table: 'rules',
  pk: 'rule_id',
  prefix: 'rul',
  scope: 'owner_id = ?',
  ownerColumn: 'owner_id',
  fields: {
    name: z.string().min(1).max(200).describe('Rule name.'),
    sequence: z.number().int().min(1).describe('Order among your rules (lower runs first).'),
    is_enabled: z.boolean(),
    applies_to: z.enum(['incoming', 'sent']).describe('incoming (default): messages delivered to you; sent: messages you send.'),
    conditions: ruleConditions,
    actions: ruleActions,
  },
  required: ['name', 'conditions', 'actions'],
  jsonColumns: ['conditions', 'actions'],
  timestamps: true,
  order: 'sequence, created_at',
  search: ['name'],
};

/** Folder names in actions must be folders of yours; they are stored as folder ids. */
async function prepareRule(m: MailCtx, values: Row): Promise<Row> {
  const actions = values.actions as RuleActions | undefined;
  if (actions) {
    const fixed: RuleActions = { ...actions };
    if (actions.move_to_folder) fixed.move_to_folder = (await resolveFolder(m, actions.move_to_folder, 'actions.move_to_folder')).folder_id as string;
    if (actions.copy_to_folder) fixed.copy_to_folder = (await resolveFolder(m, actions.copy_to_folder, 'actions.copy_to_folder')).folder_id as string;
    if (actions.forward_to) fixed.forward_to = actions.forward_to.map((e) => e.toLowerCase());
    values.actions = fixed;
  }
  if (values.sequence === undefined && !('rule_id' in values)) {
    const next = await m.one<{ n: number }>('SELECT coalesce(max(sequence), 0)::int + 1 AS n FROM rules WHERE owner_id = $1', [m.me.person_id]);
    values.sequence = next?.n ?? 1;
  }
  return values;
}

const ruleKey = { rule_id: id('The rule.') };

function toggle(enabled: boolean): Route {
  return op({
    method: 'POST',
    path: `/rules/{rule_id}/${enabled ? 'enable' : 'disable'}`,
    effect: 'update',
    summary: `${enabled ? 'Enable' : 'Disable'} a rule.`,
    docs: `Sets \`is_enabled\` to ${enabled}. ${enabled ? 'The rule acts on messages from now on.' : 'The rule is kept but no longer acts.'}`,
    input: z.strictObject(ruleKey),
    async run(input, m) {
      await findRow(m, ruleEntity, input.rule_id);
      return serializeRow(ruleEntity, await updateRow(m, ruleEntity, input.rule_id, { is_enabled: enabled }));
    },
  });
}

export const ruleRoutes: Route[] = [
  ...crudRoutes(ruleEntity, {
    collection: '/rules',
    item: '/rules/{rule_id}',
    plural: 'mail rules',
    prepare: prepareRule,
    docs: {
      list: 'Your mail rules in the order they run (`sequence`, lowest first), enabled or not, with conditions and actions. Paged.',
      get: 'One rule: name, `sequence`, `is_enabled`, `applies_to`, and its `conditions` and `actions` (folders as ids).',
      create:
        'Creates a rule that acts on messages as they arrive (`applies_to: incoming`, default) or as you send them (`sent`). `conditions` (all must hold; a list holds when any item does): from_addresses, from_contains, subject_contains, body_contains, subject_or_body_contains, sent_to_addresses, has_attachments, importance, sent_to_me_only. `actions` (applied in this order): mark_as_read, mark_importance, flag, assign_categories, copy_to_folder, move_to_folder, delete, forward_to; `stop_processing` skips later rules. Folders may be named by id or well-known name; they are stored as ids. New rules run last unless `sequence` says otherwise. Rules do not touch messages already in the mailbox: use POST /rules/{rule_id}/run for that.',
      update: 'Changes the given fields; `conditions` and `actions` are replaced whole.',
      delete: 'Deletes the rule. Messages it already moved stay where they are.',
    },
  }),
  toggle(true),
  toggle(false),
  op({
    method: 'POST',
    path: '/rules/{rule_id}/run',
    summary: 'Run a rule now over messages already in a folder.',
    docs: 'Applies one rule (enabled or not) to the messages already in `folder_id` (default: Inbox), as if they had just arrived. Answers how many messages matched. Forward actions are not repeated for old mail.',
    input: z.strictObject({ ...ruleKey, folder_id: z.string().optional().describe('Folder to run over; default inbox.') }),
    async run(input, m) {
      const rule = await findRow(m, ruleEntity, input.rule_id);
      const folder = await resolveFolder(m, input.folder_id ?? 'inbox', 'folder_id');
      const msgs = await m.query<MessageRow>('SELECT * FROM messages WHERE owner_id = $1 AND folder_id = $2 AND NOT is_draft', [m.me.person_id, folder.folder_id]);
      const conditions = ruleConditions.parse(rule.conditions);
      const actions = ruleActions.parse(rule.actions);
      const lookups = ruleLookups(m, m.me.person_id);
      let matched = 0;
      for (const msg of msgs) {
        const effects = await applyRules(m, m.me.person_id, 'incoming', msg, [{ conditions, actions }], lookups);
        if (!effects.matched) continue;
        matched++;
        const r = effects.row;
        await updateMessage(m, msg.message_id, {
          folder_id: r.folder_id !== msg.folder_id ? r.folder_id : undefined,
          is_read: r.is_read !== msg.is_read ? r.is_read : undefined,
          importance: r.importance !== msg.importance ? r.importance : undefined,
          flag_status: r.flag_status !== msg.flag_status ? r.flag_status : undefined,
          categories: JSON.stringify(r.categories) !== JSON.stringify(msg.categories) ? r.categories : undefined,
        });
        for (const c of effects.copies) await insertMessage(m, c);
      }
      return { matched };
    },
  }),
];
