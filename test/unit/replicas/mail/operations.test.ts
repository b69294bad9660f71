import { describe, expect, it } from 'vitest';
import { mail } from '../../../../src/replicas/mail/index.ts';
import { routeTools } from '../../../../src/replicas/tools.ts';
import { mailSeed, withMailEnvironment, type MailTestEnvironment } from '../../../helpers/mailEnvironment.ts';

/**
 * Every MailHub operation, called both ways: as an HTTP request (code mode) and as a tool call (tool mode). The
 * valid call must succeed with the same status, body and state diff in both modes (the environment is reset in
 * between, so ids and times repeat); the invalid call must fail with the same typed error naming the same field.
 */
const t = withMailEnvironment();

const seed = mailSeed();
const contactId = (name: string) => String(seed.contacts.find((c) => c.display_name === name)!.contact_id);
const JONAS = 'jonas.whitfield@brightwater.example';
const THEO = 'theo.nakamura@brightwater.example';
const WEEK = { start: '2026-03-16T00:00:00Z', end: '2026-03-21T00:00:00Z' };

type Args = Record<string, unknown>;
interface Case {
  valid: Args;
  invalid: Args;
  /** Status and field of the invalid call's error. */
  error: [number, string];
  /** Runs before each call (in both modes) and returns ids the args refer to as `$name`. */
  setup?: (env: MailTestEnvironment) => Promise<Record<string, string>>;
}

const newDraft = async (env: MailTestEnvironment) => {
  const d = await env.http('POST', '/drafts', { to: [JONAS], subject: 'Draft', body: 'Text', attachments: [{ name: 'a.txt', content: 'hello' }] });
  const atts = await env.query<{ attachment_id: string }>('SELECT attachment_id FROM attachments WHERE message_id = $1', [d.body.id]);
  return { draft: d.body.id as string, att: atts[0].attachment_id };
};
const newBucket = async (env: MailTestEnvironment) => ({ bucket: (await env.http('POST', '/boards/brd_northgate/buckets', { name: 'Later' })).body.id as string });

const CASES: Record<string, Case> = {
  get_messages: { valid: { folder_id: 'inbox', page_size: 5 }, invalid: { page_size: 0 }, error: [400, 'page_size'] },
  get_messages_search: { valid: { query: 'forklift' }, invalid: {}, error: [400, 'query'] },
  post_messages_send: { valid: { to: [JONAS], subject: 'Hi', body: 'x' }, invalid: { to: ['not-an-email'] }, error: [400, 'to.0'] },
  post_messages_batch_update: { valid: { message_ids: ['msg_k_quote'], is_read: true }, invalid: { message_ids: [] }, error: [400, 'message_ids'] },
  get_threads: { valid: {}, invalid: { page_size: 1000 }, error: [400, 'page_size'] },
  get_drafts: { valid: {}, invalid: { page_token: 'garbage!' }, error: [400, 'page_token'] },
  post_drafts: { valid: { subject: 'Draft', to: [THEO] }, invalid: { importance: 'urgent' }, error: [400, 'importance'] },
  get_folders: { valid: {}, invalid: { bogus: 1 }, error: [400, 'bogus'] },
  post_folders: { valid: { display_name: 'New' }, invalid: { display_name: '' }, error: [400, 'display_name'] },
  get_rules: { valid: {}, invalid: { page_size: -1 }, error: [400, 'page_size'] },
  post_rules: {
    valid: { name: 'R', conditions: { subject_contains: ['x'] }, actions: { mark_as_read: true } },
    invalid: { name: 'R', conditions: {}, actions: { mark_as_read: true } },
    error: [400, 'conditions'],
  },
  get_calendars: { valid: {}, invalid: { x: 1 }, error: [400, 'x'] },
  get_events: { valid: WEEK, invalid: { start: 'tomorrow', end: WEEK.end }, error: [400, 'start'] },
  post_events: {
    valid: { subject: 'Sync', start_at: '2026-03-20T10:00:00Z', end_at: '2026-03-20T11:00:00Z', attendees: [{ email: THEO }] },
    invalid: { subject: 'Sync', start_at: '2026-03-20T10:00:00Z', end_at: '2026-03-20T09:00:00Z' },
    error: [400, 'end_at'],
  },
  post_calendar_get_schedule: { valid: { emails: [JONAS], ...WEEK }, invalid: { emails: [], ...WEEK }, error: [400, 'emails'] },
  post_calendar_find_free_times: {
    valid: { attendees: [THEO], ...WEEK, duration_minutes: 60 },
    invalid: { attendees: [THEO], ...WEEK, duration_minutes: 5 },
    error: [400, 'duration_minutes'],
  },
  get_contacts: { valid: { q: 'Kofi' }, invalid: { page_size: 'many' }, error: [400, 'page_size'] },
  post_contacts: { valid: { display_name: 'New Person', email: 'New@X.example' }, invalid: { email: 'x@y.example' }, error: [400, 'display_name'] },
  get_contacts_search: { valid: { query: 'Ferrowind' }, invalid: {}, error: [400, 'query'] },
  get_contact_groups: { valid: {}, invalid: { page_size: 101 }, error: [400, 'page_size'] },
  post_contact_groups: { valid: { name: 'G' }, invalid: { name: 'vendors' }, error: [409, 'name'] },
  get_todo_lists: { valid: {}, invalid: { page_size: 'x' }, error: [400, 'page_size'] },
  post_todo_lists: { valid: { name: 'L' }, invalid: { name: '' }, error: [400, 'name'] },
  get_todo_tasks: { valid: { status: 'not_started' }, invalid: { status: 'done' }, error: [400, 'status'] },
  get_boards: { valid: { q: 'Northgate' }, invalid: { page_size: 0 }, error: [400, 'page_size'] },
  post_boards: { valid: { name: 'B', members: ['kofi.mensah'] }, invalid: { name: 'B', members: ['nobody'] }, error: [404, 'members.0'] },
  get_directory_people: { valid: { q: 'Kofi' }, invalid: { include_inactive: 'maybe' }, error: [400, 'include_inactive'] },
  get_directory_departments: { valid: {}, invalid: { x: 1 }, error: [400, 'x'] },
  get_me: { valid: {}, invalid: { x: 1 }, error: [400, 'x'] },
  patch_me: { valid: { phone: '+44 20 7946 0999' }, invalid: { display_name: 'X' }, error: [400, 'display_name'] },
  get_me_settings: { valid: {}, invalid: { x: 1 }, error: [400, 'x'] },
  patch_me_settings: { valid: { time_zone: 'Europe/Berlin' }, invalid: { time_zone: 'Mars/Olympus' }, error: [400, 'time_zone'] },
  get_me_signature: { valid: {}, invalid: { x: 1 }, error: [400, 'x'] },
  put_me_signature: { valid: { signature: 'S' }, invalid: {}, error: [400, 'signature'] },
  get_me_automatic_replies: { valid: {}, invalid: { x: 1 }, error: [400, 'x'] },
  put_me_automatic_replies: { valid: { status: 'always', internal_message: 'Away' }, invalid: { status: 'scheduled' }, error: [400, 'start_at'] },
  get_me_categories: { valid: {}, invalid: { x: 1 }, error: [400, 'x'] },
  post_me_categories: { valid: { name: 'Safety' }, invalid: { name: 'finance' }, error: [409, 'name'] },
  get_messages_message_id: { valid: { message_id: 'msg_k_quote' }, invalid: { message_id: 'nope' }, error: [404, 'message_id'] },
  post_messages_message_id_reply: { valid: { message_id: 'msg_k_ostara', comment: 'Sorry' }, invalid: { message_id: 'msg_k_ostara', to: ['bad'] }, error: [400, 'to.0'] },
  post_messages_message_id_reply_all: { valid: { message_id: 'msg_k_uat', comment: 'ok' }, invalid: { message_id: 'msg_k_uat', comment: 5 }, error: [400, 'comment'] },
  post_messages_message_id_forward: { valid: { message_id: 'msg_k_audit', to: [THEO] }, invalid: { message_id: 'msg_k_audit', to: [] }, error: [400, 'to'] },
  post_messages_message_id_create_reply_draft: { valid: { message_id: 'msg_k_renewal', comment: 'Hi' }, invalid: { message_id: 'zzz' }, error: [404, 'message_id'] },
  post_messages_message_id_create_reply_all_draft: { valid: { message_id: 'msg_k_uat' }, invalid: { message_id: 'msg_k_uat', cc: 'x' }, error: [400, 'cc'] },
  post_messages_message_id_create_forward_draft: { valid: { message_id: 'msg_k_quote', to: [JONAS] }, invalid: { message_id: 'msg_k_quote', bcc: ['@'] }, error: [400, 'bcc.0'] },
  post_messages_message_id_move: { valid: { message_id: 'msg_k_quote', folder_id: 'archive' }, invalid: { message_id: 'msg_k_quote', folder_id: 'nowhere' }, error: [404, 'folder_id'] },
  post_messages_message_id_copy: { valid: { message_id: 'msg_k_audit', folder_id: 'fld_amara_northgate' }, invalid: { message_id: 'msg_k_audit' }, error: [400, 'folder_id'] },
  delete_messages_message_id: { valid: { message_id: 'msg_k_phish1' }, invalid: { message_id: 'x' }, error: [404, 'message_id'] },
  post_messages_message_id_mark_read: { valid: { message_id: 'msg_k_quote' }, invalid: { message_id: 'msg_k_quote', extra: 1 }, error: [400, 'extra'] },
  post_messages_message_id_mark_unread: { valid: { message_id: 'msg_k_doorcode' }, invalid: { message_id: 'nope' }, error: [404, 'message_id'] },
  post_messages_message_id_flag: {
    valid: { message_id: 'msg_k_quote', status: 'flagged', due_at: '2026-03-20T17:00:00Z' },
    invalid: { message_id: 'msg_k_quote', status: 'red' },
    error: [400, 'status'],
  },
  post_messages_message_id_unflag: { valid: { message_id: 'msg_k_quote' }, invalid: { message_id: 'q' }, error: [404, 'message_id'] },
  post_messages_message_id_categorize: { valid: { message_id: 'msg_k_quote', add: ['Urgent'] }, invalid: { message_id: 'msg_k_quote' }, error: [400, 'categories'] },
  get_messages_message_id_attachments: { valid: { message_id: 'msg_k_audit' }, invalid: { message_id: 'nope' }, error: [404, 'message_id'] },
  get_messages_message_id_attachments_attachment_id: {
    valid: { message_id: 'msg_k_audit', attachment_id: 'att_msg_k_audit_1' },
    invalid: { message_id: 'msg_k_audit', attachment_id: 'att_x' },
    error: [404, 'attachment_id'],
  },
  get_threads_thread_id: { valid: { thread_id: 'thr_k_budget' }, invalid: { thread_id: 'nope' }, error: [404, 'thread_id'] },
  get_drafts_draft_id: { setup: newDraft, valid: { draft_id: '$draft' }, invalid: { draft_id: 'msg_k_quote' }, error: [404, 'draft_id'] },
  patch_drafts_draft_id: { setup: newDraft, valid: { draft_id: '$draft', subject: 'New' }, invalid: { draft_id: '$draft', to: ['bad'] }, error: [400, 'to.0'] },
  post_drafts_draft_id_send: { setup: newDraft, valid: { draft_id: '$draft' }, invalid: { draft_id: 'nope' }, error: [404, 'draft_id'] },
  delete_drafts_draft_id: { setup: newDraft, valid: { draft_id: '$draft' }, invalid: { draft_id: 'msg_k_quote' }, error: [404, 'draft_id'] },
  post_drafts_draft_id_attachments: {
    setup: newDraft,
    valid: { draft_id: '$draft', name: 'b.txt', content: 'hi' },
    invalid: { draft_id: '$draft', name: 'b.txt' },
    error: [400, 'content'],
  },
  delete_drafts_draft_id_attachments_attachment_id: {
    setup: newDraft,
    valid: { draft_id: '$draft', attachment_id: '$att' },
    invalid: { draft_id: '$draft', attachment_id: 'att_msg_k_audit_1' },
    error: [404, 'attachment_id'],
  },
  get_folders_folder_id: { valid: { folder_id: 'inbox' }, invalid: { folder_id: 'nope' }, error: [404, 'folder_id'] },
  get_folders_folder_id_children: { valid: { folder_id: 'fld_amara_projects' }, invalid: { folder_id: 'nope' }, error: [404, 'folder_id'] },
  patch_folders_folder_id: { valid: { folder_id: 'fld_amara_oldpromos', display_name: 'Promos' }, invalid: { folder_id: 'inbox', display_name: 'X' }, error: [403, 'folder_id'] },
  post_folders_folder_id_move: {
    valid: { folder_id: 'fld_amara_lighthouse', parent_id: 'archive' },
    invalid: { folder_id: 'fld_amara_projects', parent_id: 'fld_amara_lighthouse' },
    error: [400, 'parent_id'],
  },
  delete_folders_folder_id: { valid: { folder_id: 'fld_amara_oldpromos' }, invalid: { folder_id: 'inbox' }, error: [403, 'folder_id'] },
  post_folders_folder_id_empty: { valid: { folder_id: 'fld_amara_oldpromos' }, invalid: { folder_id: 'nope' }, error: [404, 'folder_id'] },
  get_rules_rule_id: { valid: { rule_id: 'rul_digest' }, invalid: { rule_id: 'rul_jonas_urgent' }, error: [404, 'rule_id'] },
  patch_rules_rule_id: { valid: { rule_id: 'rul_digest', name: 'N' }, invalid: { rule_id: 'rul_digest', sequence: 0 }, error: [400, 'sequence'] },
  delete_rules_rule_id: { valid: { rule_id: 'rul_digest' }, invalid: { rule_id: 'nope' }, error: [404, 'rule_id'] },
  post_rules_rule_id_enable: { valid: { rule_id: 'rul_ferrowind' }, invalid: { rule_id: 'nope' }, error: [404, 'rule_id'] },
  post_rules_rule_id_disable: { valid: { rule_id: 'rul_digest' }, invalid: { rule_id: 'nope' }, error: [404, 'rule_id'] },
  post_rules_rule_id_run: { valid: { rule_id: 'rul_ferrowind' }, invalid: { rule_id: 'rul_ferrowind', folder_id: 'nope' }, error: [404, 'folder_id'] },
  get_events_event_id: { valid: { event_id: 'evt_gonogo' }, invalid: { event_id: 'evt_theo_fx' }, error: [404, 'event_id'] },
  patch_events_event_id: { valid: { event_id: 'evt_walk', location: 'Gate C' }, invalid: { event_id: 'evt_gonogo', location: 'x' }, error: [403, 'event_id'] },
  post_events_event_id_cancel: { valid: { event_id: 'evt_lunch', comment: 'Sorry' }, invalid: { event_id: 'evt_gonogo' }, error: [403, 'event_id'] },
  delete_events_event_id: { valid: { event_id: 'evt_lunch' }, invalid: { event_id: 'evt_gonogo' }, error: [403, 'event_id'] },
  post_events_event_id_accept: { valid: { event_id: 'evt_gonogo' }, invalid: { event_id: 'evt_walk' }, error: [400, 'event_id'] },
  post_events_event_id_decline: { valid: { event_id: 'evt_training', comment: 'Clash' }, invalid: { event_id: 'evt_training', comment: 7 }, error: [400, 'comment'] },
  post_events_event_id_tentative: { valid: { event_id: 'evt_sprint' }, invalid: { event_id: 'nope' }, error: [404, 'event_id'] },
  get_events_event_id_attendees: { valid: { event_id: 'evt_audit' }, invalid: { event_id: 'nope' }, error: [404, 'event_id'] },
  post_events_event_id_attendees: { valid: { event_id: 'evt_walk', attendees: [{ email: THEO }] }, invalid: { event_id: 'evt_walk', attendees: [] }, error: [400, 'attendees'] },
  delete_events_event_id_attendees_email: {
    valid: { event_id: 'evt_walk', email: 'kofi.mensah@brightwater.example' },
    invalid: { event_id: 'evt_walk', email: 'nobody@x.example' },
    error: [404, 'email'],
  },
  get_contacts_contact_id: { valid: { contact_id: contactId('Kofi Mensah') }, invalid: { contact_id: 'nope' }, error: [404, 'contact_id'] },
  patch_contacts_contact_id: { valid: { contact_id: contactId('Kofi Mensah'), display_name: 'Kofi M.' }, invalid: { contact_id: contactId('Kofi Mensah'), email: 'bad' }, error: [400, 'email'] },
  delete_contacts_contact_id: { valid: { contact_id: contactId('Dana Whitcombe (Ostara)') }, invalid: { contact_id: 'nope' }, error: [404, 'contact_id'] },
  get_contact_groups_group_id: { valid: { group_id: 'grp_vendors' }, invalid: { group_id: 'nope' }, error: [404, 'group_id'] },
  patch_contact_groups_group_id: { valid: { group_id: 'grp_vendors', name: 'Suppliers' }, invalid: { group_id: 'grp_vendors', name: '' }, error: [400, 'name'] },
  delete_contact_groups_group_id: { valid: { group_id: 'grp_vendors' }, invalid: { group_id: 'nope' }, error: [404, 'group_id'] },
  get_contact_groups_group_id_members: { valid: { group_id: 'grp_lighthouse' }, invalid: { group_id: 'nope' }, error: [404, 'group_id'] },
  post_contact_groups_group_id_members: {
    valid: { group_id: 'grp_vendors', contact_id: contactId('Kofi Mensah') },
    invalid: { group_id: 'grp_vendors', contact_id: 'nope' },
    error: [404, 'contact_id'],
  },
  delete_contact_groups_group_id_members_contact_id: {
    valid: { group_id: 'grp_northgate', contact_id: contactId('Bram Koster') },
    invalid: { group_id: 'grp_northgate', contact_id: contactId('Greta Hoffmann') },
    error: [404, 'contact_id'],
  },
  get_todo_lists_list_id: { valid: { list_id: 'tdl_amara_tasks' }, invalid: { list_id: 'tdl_jonas_tasks' }, error: [404, 'list_id'] },
  patch_todo_lists_list_id: { valid: { list_id: 'tdl_amara_northgate', name: 'Depot' }, invalid: { list_id: 'tdl_amara_northgate' }, error: [400, ''] },
  delete_todo_lists_list_id: { valid: { list_id: 'tdl_amara_northgate' }, invalid: { list_id: 'tdl_amara_tasks' }, error: [409, 'list_id'] },
  get_todo_lists_list_id_tasks: { valid: { list_id: 'tdl_amara_tasks', status: 'not_started' }, invalid: { list_id: 'tdl_amara_tasks', due_before: 'soon' }, error: [400, 'due_before'] },
  get_todo_tasks_task_id: { valid: { task_id: 'tdt_vests' }, invalid: { task_id: 'tdt_jonas1' }, error: [404, 'task_id'] },
  post_todo_lists_list_id_tasks: {
    valid: { list_id: 'tdl_amara_tasks', title: 'T', due_date: '2026-03-30' },
    invalid: { list_id: 'tdl_amara_tasks', title: 'T', due_date: '30/03/2026' },
    error: [400, 'due_date'],
  },
  patch_todo_tasks_task_id: { valid: { task_id: 'tdt_vests', status: 'completed' }, invalid: { task_id: 'tdt_vests', importance: 'huge' }, error: [400, 'importance'] },
  delete_todo_tasks_task_id: { valid: { task_id: 'tdt_vests' }, invalid: { task_id: 'nope' }, error: [404, 'task_id'] },
  post_todo_tasks_task_id_complete: { valid: { task_id: 'tdt_vests' }, invalid: { task_id: 'nope' }, error: [404, 'task_id'] },
  post_todo_tasks_task_id_reopen: { valid: { task_id: 'tdt_walk' }, invalid: { task_id: 'nope' }, error: [404, 'task_id'] },
  post_todo_tasks_task_id_link_message: { valid: { task_id: 'tdt_vests', message_id: 'msg_k_quote' }, invalid: { task_id: 'tdt_vests', message_id: 'nope' }, error: [404, 'message_id'] },
  post_todo_tasks_task_id_unlink_message: { valid: { task_id: 'tdt_budget' }, invalid: { task_id: 'nope' }, error: [404, 'task_id'] },
  post_todo_tasks_task_id_move: { valid: { task_id: 'tdt_vests', list_id: 'tdl_amara_northgate' }, invalid: { task_id: 'tdt_vests', list_id: 'nope' }, error: [404, 'list_id'] },
  get_boards_board_id: { valid: { board_id: 'brd_northgate' }, invalid: { board_id: 'nope' }, error: [404, 'board_id'] },
  patch_boards_board_id: { valid: { board_id: 'brd_northgate', name: 'Depot move' }, invalid: { board_id: 'brd_northgate', members: 'kofi' }, error: [400, 'members'] },
  delete_boards_board_id: { valid: { board_id: 'brd_northgate' }, invalid: { board_id: 'nope' }, error: [404, 'board_id'] },
  get_boards_board_id_buckets: { valid: { board_id: 'brd_lighthouse' }, invalid: { board_id: 'nope' }, error: [404, 'board_id'] },
  get_buckets_bucket_id: { valid: { bucket_id: 'brd_northgate_todo' }, invalid: { bucket_id: 'nope' }, error: [404, 'bucket_id'] },
  post_boards_board_id_buckets: { valid: { board_id: 'brd_northgate', name: 'Later' }, invalid: { board_id: 'brd_northgate', position: -1, name: 'x' }, error: [400, 'position'] },
  patch_buckets_bucket_id: { valid: { bucket_id: 'brd_northgate_todo', name: 'Next' }, invalid: { bucket_id: 'brd_northgate_todo', name: '' }, error: [400, 'name'] },
  delete_buckets_bucket_id: { setup: newBucket, valid: { bucket_id: '$bucket' }, invalid: { bucket_id: 'brd_northgate_todo' }, error: [409, 'bucket_id'] },
  get_boards_board_id_tasks: { valid: { board_id: 'brd_lighthouse', bucket_id: 'brd_lighthouse_blocked' }, invalid: { board_id: 'brd_lighthouse', is_complete: 'yes' }, error: [400, 'is_complete'] },
  get_board_tasks_task_id: { valid: { task_id: 'btk_fire' }, invalid: { task_id: 'nope' }, error: [404, 'task_id'] },
  post_boards_board_id_tasks: {
    valid: { board_id: 'brd_northgate', title: 'T', bucket_id: 'brd_northgate_todo' },
    invalid: { board_id: 'brd_northgate', title: 'T', bucket_id: 'brd_lighthouse_done' },
    error: [400, 'bucket_id'],
  },
  patch_board_tasks_task_id: { valid: { task_id: 'btk_fire', priority: 'low' }, invalid: { task_id: 'btk_fire', priority: 'critical' }, error: [400, 'priority'] },
  delete_board_tasks_task_id: { valid: { task_id: 'btk_fire' }, invalid: { task_id: 'nope' }, error: [404, 'task_id'] },
  post_board_tasks_task_id_assign: { valid: { task_id: 'btk_forklifts', person_id: 'kofi.mensah' }, invalid: { task_id: 'btk_forklifts', person_id: 'nobody' }, error: [404, 'person_id'] },
  post_board_tasks_task_id_unassign: { valid: { task_id: 'btk_fire', person_id: 'greta.hoffmann' }, invalid: { task_id: 'btk_fire', person_id: 'kofi.mensah' }, error: [404, 'person_id'] },
  post_board_tasks_task_id_move: { valid: { task_id: 'btk_fire', bucket_id: 'brd_northgate_doing' }, invalid: { task_id: 'btk_fire', bucket_id: 'brd_lighthouse_done' }, error: [400, 'bucket_id'] },
  post_board_tasks_task_id_complete: { valid: { task_id: 'btk_fire' }, invalid: { task_id: 'nope' }, error: [404, 'task_id'] },
  get_directory_people_person_id: { valid: { person_id: 'kofi.mensah' }, invalid: { person_id: 'nobody' }, error: [404, 'person_id'] },
  get_directory_people_person_id_manager: { valid: { person_id: 'kofi.mensah' }, invalid: { person_id: 'helena.brandt' }, error: [404, 'manager_id'] },
  get_directory_people_person_id_direct_reports: { valid: { person_id: 'amara.osei' }, invalid: { person_id: 'nobody' }, error: [404, 'person_id'] },
  get_directory_people_person_id_management_chain: { valid: { person_id: 'theo.nakamura' }, invalid: { person_id: 'nobody' }, error: [404, 'person_id'] },
  delete_me_categories_name: { valid: { name: 'Urgent' }, invalid: { name: 'Nope' }, error: [404, 'name'] },
};

const tools = routeTools(mail);

function fill(args: Args, ids: Record<string, string>): Args {
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, typeof v === 'string' && v.startsWith('$') ? ids[v.slice(1)] : v]));
}

/** The HTTP request for a tool's arguments, built independently of tools.ts: path parameters in the path, the rest in the query or body. */
async function viaHttp(name: string, args: Args) {
  const tool = tools.find((x) => x.name === name)!;
  const rest = { ...args };
  const path = tool.route.path.replace(/\{(\w+)\}/g, (_, p: string) => {
    const v = rest[p];
    delete rest[p];
    return encodeURIComponent(String(v));
  });
  return t.http(tool.route.method, path, rest);
}

/** The diff with each list's rows in a canonical order: a diff is a set of changes, and a reset may reorder rows on disk. */
function canonical(diff: Record<string, unknown[]>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(diff).map(([k, rows]) => [k, rows.map((r) => JSON.stringify(r)).sort()])));
}

async function run(c: Case, args: Args, mode: 'http' | 'tool', name: string) {
  const ids = c.setup ? await c.setup(t) : {};
  const filled = fill(args, ids);
  const res = mode === 'http' ? await viaHttp(name, filled) : await t.tool(name, filled);
  return { ...res, diff: canonical((await t.diff()) as unknown as Record<string, unknown[]>) };
}

describe('MailHub operations in both modes', () => {
  it('has at least 110 operations, each with a case here', () => {
    expect(tools.length).toBeGreaterThanOrEqual(110);
    expect(tools.map((x) => x.name).filter((n) => !CASES[n])).toEqual([]);
    expect(Object.keys(CASES).filter((n) => !tools.some((x) => x.name === n))).toEqual([]);
  });

  for (const [name, c] of Object.entries(CASES)) {
    it(`${name}: succeeds alike as HTTP and as a tool`, async () => {
      const viaHttpResult = await run(c, c.valid, 'http', name);
      await t.env.reset();
      const viaTool = await run(c, c.valid, 'tool', name);
      expect(viaHttpResult.status, JSON.stringify(viaHttpResult.body)).toBeLessThan(300);
      expect(viaTool.status).toBe(viaHttpResult.status);
      expect(viaTool.body).toEqual(viaHttpResult.body);
      expect(viaTool.diff).toBe(viaHttpResult.diff);
    });

    it(`${name}: rejects bad input with a typed error naming ${c.error[1] || 'the request'}`, async () => {
      const before = c.setup ? null : canonical((await t.diff()) as unknown as Record<string, unknown[]>);
      const http = await run(c, c.invalid, 'http', name);
      await t.env.reset();
      const tool = await run(c, c.invalid, 'tool', name);
      for (const r of [http, tool]) {
        expect(r.status, JSON.stringify(r.body)).toBe(c.error[0]);
        expect(r.body.error.field).toBe(c.error[1]);
        expect(typeof r.body.error.code).toBe('string');
      }
      // A rejected request leaves no trace (the transaction rolled back).
      if (before !== null) expect(tool.diff).toBe(before);
    });
  }
});
