#!/usr/bin/env node
// Writes suite.json: the Fernbrook scenarios, each crossing two to five of the company's systems. The ids that
// assertions compare against come from the seed generator, so the suite and the seed cannot drift apart.
//
//   node scenarios/company/build-suite.mjs          writes suite.json next to this file
//   node scenarios/company/build-suite.mjs --check  exits 1 if suite.json differs from what it writes
//
// Metadata `horizon` is measured (`difflab selftest` fails a scenario whose reference solution makes another number
// of calls), and so is each test's `services`: the replicas its reference solution reaches.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLOCK, DOMAIN, customers, generate, identity, keys, people } from './seeds/generate.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const OUT = join(here, 'suite.json');

const seed = generate();
const K = keys();
const P = Object.fromEntries(people.map((p) => [p.key, p]));
const X = customers;
const issue = (identifier) => K.linearIssues[identifier] ?? (() => { throw new Error(`no story issue ${identifier}`); })();
const state = (team, name) => K.linearStates[`${team}:${name}`];
const label = (name) => K.linearLabels[name];

// Assertion helpers: one line per fact a scenario pins.
const added = (entity, where, count, description) => ({ diff_type: 'added', entity, where, expected_count: count, description });
const removed = (entity, where, count, description) => ({ diff_type: 'removed', entity, where, expected_count: count, description });
const changed = (entity, where, expected_changes, description, count = 1) => ({ diff_type: 'changed', entity, where, expected_changes, expected_count: count, description });
const nothingElse = (entity, where, description) => added(entity, where, 0, description);
/** A regex that holds when every one of `parts` appears, in any order and any case. */
const allOf = (...parts) => `(?si)${parts.map((p) => `(?=.*${p.replace(/^\(\?i\)/, '')})`).join('')}`;
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Ids of seeded Box items by path, and the forms values take in the diff.
const folders = new Map(seed.box.box_folders.map((f) => [f.id, f]));
const pathOf = (row) => {
  const parts = [row.name];
  for (let p = row.parent_id; p && p !== '0'; p = folders.get(p).parent_id) parts.unshift(folders.get(p).name);
  return parts.join('/');
};
const boxFolder = (path) => seed.box.box_folders.find((f) => pathOf(f) === path).id;
const boxFile = (path) => seed.box.box_files.find((f) => pathOf(f) === path).id;
const shared = (fileId) => `https://app.box.com/s/f${fileId}`;
const utc = (iso) => iso.replace('Z', '+00:00');
const ext = (k) => X[k].email;
/** Open issues of a team assigned to someone, from the generated seed (the answer of scenarios over filler data). */
const openIssues = (filter) => {
  const types = Object.fromEntries(seed.linear.workflow_states.map((s) => [s.id, s.type]));
  return seed.linear.issues.filter((i) => !['completed', 'canceled'].includes(types[i.stateId]) && filter(i));
};

const tests = [];
/** One scenario; `as` is the persona whose identities it acts with. */
function scenario(t) {
  const { as, ...rest } = t;
  tests.push({ ...rest, acting_user: identity(as), solution: `solutions/${t.id}.js` });
}

// ---------------------------------------------------------------------------------------------------------------
// Scenarios.

scenario({
  id: 'share-rebalance-runbook',
  title: 'Share the rebalance runbook with on-call',
  prompt: 'Share the consumer-group rebalance runbook from Box with the whole company (a company shared link) and post the link in #platform-oncall so whoever holds the pager can find it.',
  as: 'maya.okonkwo',
  services: ['slack', 'box'],
  assertions: [
    changed('box.box_files', { id: K.boxRunbookRebalance }, { shared_link: { to: { contains: '"access":"company"' } } }, 'the runbook gets a company shared link'),
    added('slack.messages', { channel_id: K['slack_platform-oncall'], message_text: { contains: `https://app.box.com/s/f${K.boxRunbookRebalance}` } }, 1, 'the link is posted in #platform-oncall'),
  ],
  metadata: { horizon: 4, operations: ['R', 'U', 'C'], entity_scope: 'multi', information_availability: 'explicit', ambiguity: 'low', category: 'sharing', difficulty: 'easy' },
});

scenario({
  id: 'offboard-kieran-issues',
  title: "Hand over Kieran's open issues as announced",
  prompt: "Kieran leaves on Friday. Reassign his open Linear issues the way you announced it in #team-platform, then confirm in the thread of that announcement which issues you reassigned.",
  as: 'maya.okonkwo',
  services: ['slack', 'linear'],
  assertions: [
    changed('linear.issues', { id: { in: [issue('PLAT-104'), issue('PLAT-98'), issue('PLAT-95')] } }, { assigneeId: { from: P['kieran.walsh'].linear, to: P['nadia.petrenko'].linear } }, 'Nadia takes PLAT-104, PLAT-98 and PLAT-95', 3),
    changed('linear.issues', { id: issue('PLAT-101') }, { assigneeId: { from: P['kieran.walsh'].linear, to: P['seun.adeyemi'].linear } }, 'Seun takes the Kafka upgrade, PLAT-101'),
    added('slack.messages', { channel_id: K['slack_team-platform'], parent_id: K.slackKieranLeaving, message_text: { regex: allOf('PLAT-104', 'PLAT-98\\b', 'PLAT-95\\b', 'PLAT-101') } }, 1, 'confirmed in the thread'),
  ],
  metadata: { horizon: 12, operations: ['R', 'U'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'offboarding', difficulty: 'medium' },
});

// --- Platform (Maya): incidents, on-call, offboarding, reports.

const inc14 = K['slackInc_INC-2026-014'];
scenario({
  id: 'inc14-followups',
  title: 'Turn the INC-2026-014 action items into Linear issues',
  prompt: "Turn the action items of the INC-2026-014 postmortem draft in Box into Linear issues: one per item, in the owner's team, assigned to the owner, labelled incident-followup, with the action as the title, and each marked as related to the Ingest issue that tracks the lag. Then reply in the incident's thread in #incidents with the new issue ids.",
  as: 'maya.okonkwo',
  services: ['slack', 'box', 'linear'],
  assertions: [
    added('linear.issues', { teamId: K.linearTeam_plat, assigneeId: P['nadia.petrenko'].linear, title: { regex: '(?i)rebalance.*5 minutes' } }, 1, 'item 1: the rebalance alert, Platform, Nadia'),
    added('linear.issues', { teamId: K.linearTeam_ing, assigneeId: P['ines.moreau'].linear, title: { regex: '(?i)100 partitions' } }, 1, 'item 2: the batch cap, Ingest, Inès'),
    added('linear.issues', { teamId: K.linearTeam_sup, assigneeId: P['farah.haddad'].linear, title: { regex: '(?i)status.?page' } }, 1, 'item 3: status-page automation, Support, Farah'),
    added('linear.issues', {}, 3, 'exactly three new issues'),
    added('linear.issue_label_issue_association', { issue_label_id: label('incident-followup') }, 3, 'each labelled incident-followup'),
    added('linear.issue_relations', { type: 'related' }, 3, 'three relations'),
    added('linear.issue_relations', { issueId: { ne: issue('ING-131') }, relatedIssueId: { ne: issue('ING-131') } }, 0, 'each relation links ING-131'),
    added('slack.messages', { channel_id: K.slack_incidents, parent_id: inc14, message_text: { regex: allOf('PLAT-111', 'ING-141', 'SUP-96') } }, 1, 'the new ids, in the INC-2026-014 thread'),
  ],
  metadata: { horizon: 12, operations: ['R', 'search', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'incident', difficulty: 'hard' },
});

scenario({
  id: 'inc14-postmortem-final',
  title: 'Mark the INC-2026-014 postmortem final everywhere',
  prompt: "The INC-2026-014 postmortem is final. In Box, rename the draft to 'INC-2026-014 postmortem.md'; change the description of the postmortem review meeting on your calendar so it says the postmortem is final and links the document (its Box shared link); and reply in the incident's thread in #incidents with the same link.",
  as: 'maya.okonkwo',
  services: ['slack', 'box', 'calendar'],
  assertions: [
    changed('box.box_files', { id: K.boxPostmortem014 }, { name: { to: 'INC-2026-014 postmortem.md' } }, 'renamed without "(draft)"'),
    changed('calendar.calendar_events', { id: K.event_pmreview014 }, { description: { to: { regex: allOf('(?i)final', esc(`https://app.box.com/s/f${K.boxPostmortem014}`)) } } }, 'the review meeting links the final postmortem'),
    added('slack.messages', { channel_id: K.slack_incidents, parent_id: inc14, message_text: { contains: `https://app.box.com/s/f${K.boxPostmortem014}` } }, 1, 'the link, in the incident thread'),
  ],
  metadata: { horizon: 7, operations: ['R', 'search', 'U', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'incident', difficulty: 'medium' },
});

scenario({
  id: 'incident-declare-016',
  title: 'Declare the broker-disk incident with the on-call engineer as IC',
  prompt: "Broker 3's disk is above 85% (PLAT-107, still in Triage). Declare it in #incidents as the next incident number, the way earlier incidents were declared (':rotating_light: *INC-…* declared — …'), naming this week's Platform on-call engineer (see the Platform On-call calendar) as IC with an @-mention. Then move PLAT-107 to In Progress, assign it to them and make it Urgent.",
  as: 'maya.okonkwo',
  services: ['slack', 'calendar', 'linear'],
  assertions: [
    added('slack.messages', { channel_id: K.slack_incidents, parent_id: { exists: false }, message_text: { regex: allOf(':rotating_light: \\*INC-2026-016\\* declared', `<@${P['nadia.petrenko'].slack}>`) } }, 1, 'INC-2026-016 declared, Nadia (on call this week) as IC'),
    changed('linear.issues', { id: issue('PLAT-107') }, { stateId: { to: state('plat', 'In Progress') }, assigneeId: { to: P['nadia.petrenko'].linear }, priority: { to: 1 }, priorityLabel: { to: 'Urgent' } }, 'PLAT-107 In Progress, Nadia, Urgent'),
  ],
  metadata: { horizon: 8, operations: ['R', 'C', 'U'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'medium', category: 'incident', difficulty: 'medium' },
});

scenario({
  id: 'oncall-next-week-dm',
  title: "Remind next week's on-call engineer, with the runbook",
  prompt: "DM next week's Platform on-call engineer (see the Platform On-call calendar) that the pager passes to them on Monday 16 March, with a link to the consumer-group rebalance runbook in Box — share it with the company first if it has no shared link yet.",
  as: 'maya.okonkwo',
  services: ['slack', 'box', 'calendar'],
  assertions: [
    changed('box.box_files', { id: K.boxRunbookRebalance }, { shared_link: { to: { contains: '"access":"company"' } } }, 'the runbook gets a company link'),
    added('slack.channels', { is_dm: true }, 1, 'a DM is opened'),
    added('slack.channel_members', { user_id: P['seun.adeyemi'].slack }, 1, 'with Seun, on call from 16 March'),
    added('slack.messages', { message_text: { regex: allOf(esc(`https://app.box.com/s/f${K.boxRunbookRebalance}`), '(?i)(16|monday)') } }, 1, 'the reminder with the runbook link'),
  ],
  metadata: { horizon: 7, operations: ['R', 'search', 'U', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'oncall', difficulty: 'medium' },
});

scenario({
  id: 'weekly-platform-w10',
  title: 'Write the Platform weekly for 2026-W10 and send its link',
  prompt: "Tomasz asked for last week's Platform weekly. Write it like the 2026-W09 one, as 'Platform weekly 2026-W10.md' in the same Box folder, with three sections: the Platform issues completed last week (2–6 March) by id and title, the incidents declared in #incidents last week by id, and the customer mails marked high importance that reached your inbox last week. Then reply to Tomasz's mail with the file's shared link.",
  as: 'maya.okonkwo',
  services: ['slack', 'box', 'linear', 'mail'],
  assertions: [
    added('box.box_files', { parent_id: K.boxWeekly, name: 'Platform weekly 2026-W10.md' }, 1, 'the report, beside W09'),
    added('box.box_file_versions', { name: 'Platform weekly 2026-W10.md', content: { regex: allOf('PLAT-102', 'PLAT-103', 'PLAT-99\\b', 'INC-2026-013', 'INC-2026-014', 'INC-2026-015', '(?i)(Imogen|Harrow|RCA)') } }, 1, 'completed issues, incidents and the escalation'),
    added('box.box_file_versions', { name: 'Platform weekly 2026-W10.md', content: { regex: '(PLAT-90|PLAT-104|INC-2026-012|Copperline|Pelican)' } }, 0, 'nothing from other weeks, teams or inboxes'),
    added('mail.messages', { in_reply_to: K.mail_weekly_ask.maya, to_recipients: { contains: P['tomasz.wierzbicki'].email }, body: { contains: 'https://app.box.com/s/' } }, 1, 'the link, in reply to Tomasz'),
  ],
  metadata: { horizon: 10, operations: ['R', 'search', 'C', 'U'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'medium', category: 'report', difficulty: 'hard' },
});

scenario({
  id: 'headcount-reply',
  title: "Answer Hannah's headcount question from the plan in Box",
  prompt: "Reply to Hannah's headcount mail (to her only) with the Platform row of the 2026 headcount plan in Box, written as 'Platform: current N, open roles N, planned Q2 N', and leave a comment on the plan in Box that Platform has confirmed its numbers.",
  as: 'maya.okonkwo',
  services: ['box', 'mail'],
  assertions: [
    added('mail.messages', { in_reply_to: K.mail_headcount.maya, body: { regex: 'Platform: current 6, open roles 1, planned Q2 7' } }, 1, "Platform's numbers, in reply to Hannah"),
    added('box.box_comments', { file_id: K.boxHeadcount, message: { i_contains: 'Platform' } }, 1, 'the comment on the plan'),
  ],
  metadata: { horizon: 6, operations: ['R', 'search', 'C'], entity_scope: 'single', information_availability: 'implicit', ambiguity: 'low', category: 'finance', difficulty: 'easy' },
});

scenario({
  id: 'kieran-handover-move',
  title: "Move Kieran's working documents into Handover",
  prompt: "Move Kieran's two working documents in Box into the Platform Handover folder, then tell him in a DM that they are there.",
  as: 'maya.okonkwo',
  services: ['slack', 'box'],
  assertions: [
    changed('box.box_files', { id: { in: [K.boxKieranNotes, K.boxKieranVpc] } }, { parent_id: { to: K.boxHandover } }, 'both documents moved to Handover', 2),
    added('slack.messages', { channel_id: K['slack_dm-maya-kieran'], message_text: { i_contains: 'handover' } }, 1, 'Kieran is told in the DM'),
  ],
  metadata: { horizon: 7, operations: ['R', 'search', 'U', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'offboarding', difficulty: 'easy' },
});

scenario({
  id: 'alex-chen-review',
  title: 'Nudge the right Alex Chen about PLAT-100',
  prompt: 'PLAT-100 has been in review for a while. DM its assignee asking them to merge it before Tuesday\'s 3.8 code freeze, and note on the issue that you asked.',
  as: 'maya.okonkwo',
  services: ['slack', 'linear'],
  assertions: [
    added('slack.channels', { is_dm: true }, 1, 'a DM is opened'),
    added('slack.channel_members', { user_id: P['alex.chen'].slack }, 1, 'with Alex Chen of Platform'),
    added('slack.channel_members', { user_id: P['alexandra.chen'].slack }, 0, 'not Alex Chen of Sales'),
    added('slack.messages', { message_text: { contains: 'PLAT-100' } }, 1, 'the nudge names PLAT-100'),
    added('linear.comments', { issueId: issue('PLAT-100') }, 1, 'a note on PLAT-100'),
  ],
  metadata: { horizon: 5, operations: ['R', 'C'], entity_scope: 'single', information_availability: 'implicit', ambiguity: 'medium', category: 'namesake', difficulty: 'easy' },
});

scenario({
  id: 'due-reminder-plat95',
  title: "Put PLAT-95's due date on the team calendar",
  prompt: "PLAT-95 has a due date. Put an all-day event 'Due: <its title> (PLAT-95)' on the Platform Team calendar on that day with its assignee invited, and comment on the issue that the reminder is there.",
  as: 'maya.okonkwo',
  services: ['calendar', 'linear'],
  assertions: [
    added('calendar.calendar_events', { calendar_id: K.calendar_platform, summary: 'Due: Rotate TLS certificates for internal gateways (PLAT-95)', 'start.date': '2026-03-20', 'end.date': '2026-03-21' }, 1, 'the all-day event on 20 March'),
    added('calendar.calendar_event_attendees', { email: P['kieran.walsh'].email }, 1, 'its assignee invited'),
    added('linear.comments', { issueId: issue('PLAT-95') }, 1, 'a comment on the issue'),
  ],
  metadata: { horizon: 4, operations: ['R', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'planning', difficulty: 'easy' },
});

// --- Release coordination and Ingest (Declan).

const release38 = ['ING-131', 'ING-135', 'ING-137', 'PLAT-101', 'CON-112', 'CON-119'];
const notesLink = `https://app.box.com/s/f${K.boxNotes38}`;
const at = (utc) => utc.replace('Z', '+00:00');

scenario({
  id: 'rel38-status',
  title: 'Post the 3.8 release status in the plan thread',
  prompt: "Reply in the thread of your Conduit 3.8 plan message in #conduit-releases with the release's status: how many of the issues labelled 'release: 3.8' in Linear are done (written as 'N of M done'), then each open one by id with its assignee's name. Save the same status in Box as 'Status 2026-03-09.md' in the 3.8 release folder.",
  as: 'declan.byrne',
  services: ['slack', 'box', 'linear'],
  assertions: [
    added('slack.messages', { channel_id: K['slack_conduit-releases'], parent_id: K.slackRelease38, message_text: { regex: allOf('4 of 10 done', ...release38.map((i) => `${i}\\b`), 'In[eè]s', 'Rahul', 'Beatriz', 'Kieran', 'Marcus', 'Yuki') } }, 1, '4 of 10 done, and the six open issues with their assignees'),
    added('box.box_files', { parent_id: boxFolder('Releases/3.8'), name: 'Status 2026-03-09.md' }, 1, 'the status, saved in Releases/3.8'),
    added('box.box_file_versions', { name: 'Status 2026-03-09.md', content: { regex: allOf('4 of 10 done', ...release38.map((i) => `${i}\\b`)) } }, 1, 'with the same content'),
  ],
  metadata: { horizon: 6, operations: ['R', 'search', 'C'], entity_scope: 'single', information_availability: 'implicit', ambiguity: 'low', category: 'release', difficulty: 'easy' },
});

scenario({
  id: 'rel38-gonogo-move',
  title: 'Move the 3.8 go/no-go a day later and tell everyone',
  prompt: "Move Thursday's Conduit 3.8 go/no-go (Releases calendar) to Friday at the same time, with the attendees notified by Calendar. Then post the new time in #conduit-releases and mail Elena (Head of Product) about the change.",
  as: 'declan.byrne',
  services: ['slack', 'calendar', 'mail'],
  assertions: [
    changed('calendar.calendar_events', { id: K.event_gonogo38 }, { start: {}, end: {}, start_datetime: { to: at('2026-03-13T15:00:00Z') }, end_datetime: { to: at('2026-03-13T15:30:00Z') } }, 'Friday 13 March, 15:00–15:30 UTC'),
    added('slack.messages', { channel_id: K['slack_conduit-releases'], message_text: { regex: '(?i)(fri|13)' } }, 1, 'the new time in #conduit-releases'),
    added('mail.messages', { owner_id: P['declan.byrne'].mail, to_recipients: { contains: P['elena.vasquez'].email }, body: { regex: '(?i)(fri|13)' } }, 1, 'Elena is told'),
  ],
  metadata: { horizon: 6, operations: ['R', 'search', 'U', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'release', difficulty: 'medium' },
});

scenario({
  id: 'rel38-notes-done',
  title: 'Add the finished 3.8 work to the release notes draft',
  prompt: "Add a section '## Done so far' at the end of the Conduit 3.8 release notes draft in Box, as a new version of that file, listing every completed issue labelled 'release: 3.8' in Linear as '- <id> <title>'. Keep the rest of the draft as it is. Then say in the thread of your 3.8 plan in #conduit-releases which issues it lists now.",
  as: 'declan.byrne',
  services: ['slack', 'box', 'linear'],
  assertions: [
    changed('box.box_files', { id: K.boxNotes38 }, { version_number: { to: '3' }, size: {}, sha_1: {} }, 'a third version of the draft'),
    added('box.box_file_versions', { file_id: K.boxNotes38, version_number: '3', content: { regex: allOf('## Done so far', '## Highlights', 'ING-116', 'ING-128', 'PLAT-103', 'CON-108') } }, 1, 'the four completed issues, the draft kept'),
    added('box.box_file_versions', { file_id: K.boxNotes38, content: { regex: '## Done so far[\\s\\S]*(ING-131|ING-135|ING-137|PLAT-101|CON-112|CON-119)' } }, 0, 'no open issue under Done'),
    added('slack.messages', { channel_id: K['slack_conduit-releases'], parent_id: K.slackRelease38, message_text: { regex: allOf('ING-116', 'ING-128', 'PLAT-103', 'CON-108') } }, 1, 'said in the plan thread'),
  ],
  metadata: { horizon: 7, operations: ['R', 'search', 'U'], entity_scope: 'single', information_availability: 'implicit', ambiguity: 'low', category: 'release', difficulty: 'medium' },
});

scenario({
  id: 'rel38-descope-con119',
  title: 'Move CON-119 out of 3.8 everywhere',
  prompt: "CON-119 will not make 3.8. In Linear, replace its 'release: 3.8' label with 'release: 3.9' and comment that it moved out of 3.8 because the fix will not be ready for the go/no-go. Remove its line from the 3.8 release notes draft in Box (a new version of the file), and say in #conduit-releases that it moved to 3.9.",
  as: 'declan.byrne',
  services: ['slack', 'box', 'linear'],
  assertions: [
    removed('linear.issue_label_issue_association', { issue_id: issue('CON-119'), issue_label_id: label('release: 3.8') }, 1, 'off 3.8'),
    added('linear.issue_label_issue_association', { issue_id: issue('CON-119'), issue_label_id: label('release: 3.9') }, 1, 'on 3.9'),
    added('linear.comments', { issueId: issue('CON-119'), body: { regex: '3\\.8' } }, 1, 'a comment saying why'),
    changed('box.box_files', { id: K.boxNotes38 }, { version_number: { to: '3' }, size: {}, sha_1: {} }, 'a new version of the notes'),
    added('box.box_file_versions', { file_id: K.boxNotes38, content: { regex: allOf('## Highlights', 'ING-128', 'PLAT-101') } }, 1, 'the rest of the notes kept'),
    added('box.box_file_versions', { file_id: K.boxNotes38, content: { contains: 'CON-119' } }, 0, 'without CON-119'),
    added('slack.messages', { channel_id: K['slack_conduit-releases'], message_text: { regex: allOf('CON-119', '3\\.9') } }, 1, 'the channel is told'),
  ],
  metadata: { horizon: 8, operations: ['R', 'search', 'U', 'C'], entity_scope: 'multi', information_availability: 'explicit', ambiguity: 'low', category: 'release', difficulty: 'medium' },
});

const gonogoInvited = ['declan.byrne', 'maya.okonkwo', 'sofia.lindqvist', 'ayesha.siddiqui', 'tessa.nguyen', 'elena.vasquez', 'farah.haddad'];
const openAssignees = ['ines.moreau', 'rahul.mehta', 'beatriz.santos', 'kieran.walsh', 'marcus.boateng', 'yuki.tanabe'];
scenario({
  id: 'rel38-gonogo-invite-assignees',
  title: 'Invite the owners of open 3.8 issues to the go/no-go',
  prompt: "Make sure everyone assigned to an open issue labelled 'release: 3.8' is invited to the Conduit 3.8 go/no-go on the Releases calendar. Add only those who are missing and leave everyone already invited as they are. Then post in #conduit-releases whom you invited.",
  as: 'declan.byrne',
  services: ['slack', 'calendar', 'linear'],
  assertions: [
    added('calendar.calendar_event_attendees', { event_id: K.event_gonogo38, email: { in: openAssignees.map((k) => P[k].email) } }, 6, 'the six assignees of open 3.8 issues'),
    added('calendar.calendar_event_attendees', { email: { not_in: openAssignees.map((k) => P[k].email) } }, 0, 'and nobody else'),
    added('slack.messages', { channel_id: K['slack_conduit-releases'], message_text: { regex: allOf('In[eè]s', 'Rahul', 'Beatriz', 'Kieran', 'Marcus', 'Yuki') } }, 1, 'the channel hears whom'),
  ],
  metadata: { horizon: 6, operations: ['R', 'search', 'U'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'release', difficulty: 'medium' },
});

scenario({
  id: 'rel38-eta-dms',
  title: 'Ask the owners of urgent 3.8 issues for an ETA',
  prompt: "DM the assignee of each open, Urgent-priority issue labelled 'release: 3.8' asking for their ETA before Thursday's go/no-go, naming their issue by id, and comment on each of those issues that you asked.",
  as: 'declan.byrne',
  services: ['slack', 'linear'],
  assertions: [
    added('slack.channels', { is_dm: true }, 3, 'three DMs opened'),
    added('slack.channel_members', { user_id: { in: ['ines.moreau', 'marcus.boateng', 'yuki.tanabe'].map((k) => P[k].slack) } }, 3, 'with Inès, Marcus and Yuki'),
    added('slack.messages', { message_text: { contains: 'ING-131' } }, 1, 'Inès about ING-131'),
    added('slack.messages', { message_text: { contains: 'CON-112' } }, 1, 'Marcus about CON-112'),
    added('slack.messages', { message_text: { contains: 'CON-119' } }, 1, 'Yuki about CON-119'),
    added('slack.messages', {}, 3, 'three messages'),
    added('linear.comments', { issueId: { in: [issue('ING-131'), issue('CON-112'), issue('CON-119')] } }, 3, 'a note on each issue'),
  ],
  metadata: { horizon: 13, operations: ['R', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'release', difficulty: 'medium' },
});

scenario({
  id: 'rel38-gonogo-prep',
  title: 'Prepare the go/no-go: open issues and the checklist',
  prompt: "Prepare the Conduit 3.8 go/no-go on the Releases calendar: add to its description (keeping what is there) the open 'release: 3.8' issues by id, and attach the go/no-go checklist from Box by its shared link (share it with the company if needed), keeping the attachment it has.",
  as: 'declan.byrne',
  services: ['box', 'calendar', 'linear'],
  assertions: [
    changed('box.box_files', { id: K.boxChecklist38 }, { shared_link: { to: { contains: '"access":"company"' } } }, 'the checklist is shared'),
    changed('calendar.calendar_events', { id: K.event_gonogo38 }, {
      description: { to: { regex: allOf(...release38.map((i) => `${i}\\b`), esc(notesLink)) } },
      attachments: { to: { contains: `https://app.box.com/s/f${K.boxChecklist38}` } },
    }, 'open issues listed, the checklist attached'),
    { diff_type: 'changed', entity: 'calendar.calendar_events', where: { id: K.event_gonogo38, attachments: { not_contains: notesLink } }, expected_count: 0, description: 'the release notes stay attached' },
  ],
  metadata: { horizon: 6, operations: ['R', 'search', 'U'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'release', difficulty: 'medium' },
});

scenario({
  id: 'rel38-qa-task',
  title: 'Open a QA review task and note it on CON-119',
  prompt: "Create a review task on the 3.8 go/no-go checklist in Box for the QA sign-off, due Wednesday 11 March, and comment on CON-119 in Linear that the QA sign-off waits on it.",
  as: 'declan.byrne',
  services: ['box', 'linear'],
  assertions: [
    added('box.box_tasks', { item_id: K.boxChecklist38, action: 'review', due_at: { regex: '^2026-03-1[12]' } }, 1, 'a review task on the checklist, due 11 March'),
    added('linear.comments', { issueId: issue('CON-119'), body: { regex: '(?i)QA' } }, 1, 'the note on CON-119'),
  ],
  metadata: { horizon: 4, operations: ['R', 'search', 'C'], entity_scope: 'multi', information_availability: 'explicit', ambiguity: 'low', category: 'release', difficulty: 'easy' },
});

scenario({
  id: 'release-blog-align',
  title: 'Ask Isla to align the launch blog with the notes',
  prompt: 'Mail Isla (Content Lead) asking her to align the 3.8 launch blog draft with the release notes draft, with a Box shared link to each document (share them with the company if needed).',
  as: 'declan.byrne',
  services: ['box', 'mail'],
  assertions: [
    changed('box.box_files', { name: 'Conduit 3.8 launch blog (draft).md' }, { shared_link: {} }, 'the blog draft is shared'),
    added('mail.messages', { to_recipients: { contains: P['isla.mcgregor'].email }, body: { regex: allOf(esc(notesLink), 'https://app.box.com/s/f3') } }, 1, 'both links, to Isla'),
    added('mail.messages', { body: { contains: `f${K.boxNotes38Archive}` } }, 0, 'not the stale copy in Archive'),
  ],
  metadata: { horizon: 5, operations: ['R', 'search', 'U', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'medium', category: 'release', difficulty: 'easy' },
});

const luciaChannels = ['eng', 'incidents', 'conduit-releases', 'team-ingest'];
scenario({
  id: 'onboard-lucia-channels',
  title: "Invite Lucía to the checklist's Slack channels",
  prompt: 'Invite Lucía, who joins Ingest on Monday, to the Slack channels the engineering onboarding checklist in Box lists (her team channel is #team-ingest), and comment on the checklist in Box that its Slack step is done for her.',
  as: 'declan.byrne',
  services: ['slack', 'box'],
  assertions: [
    added('slack.channel_members', { user_id: P['lucia.ferreira'].slack, channel_id: { in: luciaChannels.map((c) => K[`slack_${c}`]) } }, 4, '#eng, #incidents, #conduit-releases and #team-ingest'),
    added('slack.channel_members', {}, 4, 'no other channel, nobody else'),
    added('box.box_comments', { file_id: K.boxOnboardingChecklist, message: { i_contains: 'Luc' } }, 1, 'the comment on the checklist'),
  ],
  metadata: { horizon: 12, operations: ['R', 'search', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'onboarding', difficulty: 'easy' },
});

scenario({
  id: 'onboard-lucia-starter',
  title: "Give Lucía her first issue and tell her buddy",
  prompt: "Assign ING-139 to Lucía Ferreira as her first issue, and tell her onboarding buddy (named in your #team-ingest announcement) in a DM.",
  as: 'declan.byrne',
  services: ['slack', 'linear'],
  assertions: [
    changed('linear.issues', { id: issue('ING-139') }, { assigneeId: { from: null, to: P['lucia.ferreira'].linear } }, 'ING-139 is Lucía’s'),
    added('slack.messages', { channel_id: K['slack_dm-declan-beatriz'], message_text: { contains: 'ING-139' } }, 1, 'Beatriz is told in your DM'),
  ],
  metadata: { horizon: 6, operations: ['R', 'U', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'onboarding', difficulty: 'easy' },
});

const rahulOpen = openIssues((i) => i.teamId === K.linearTeam_ing && i.assigneeId === P['rahul.mehta'].linear).map((i) => i.id);
scenario({
  id: 'rahul-ooo-cover',
  title: "Cover Rahul's open issues while he is away",
  prompt: "Rahul is away at a conference this week (see the Out of Office calendar). Reassign his open Ingest issues to Beatriz, comment on each that she covers it while he is away, and put 'Cover: Beatriz Santos' with those issue ids in the description of his Out of Office event.",
  as: 'declan.byrne',
  services: ['calendar', 'linear'],
  assertions: [
    changed('linear.issues', { id: { in: rahulOpen } }, { assigneeId: { from: P['rahul.mehta'].linear, to: P['beatriz.santos'].linear } }, `his ${rahulOpen.length} open Ingest issues go to Beatriz`, rahulOpen.length),
    added('linear.comments', { issueId: { in: rahulOpen } }, rahulOpen.length, 'a comment on each'),
    changed('calendar.calendar_events', { id: K['event_ooo-rahul'] }, { description: { to: { regex: allOf('Cover: Beatriz Santos', ...openIssues((i) => i.teamId === K.linearTeam_ing && i.assigneeId === P['rahul.mehta'].linear).map((i) => `${i.identifier}\\b`)) } } }, 'the cover on his OOO event'),
  ],
  metadata: { horizon: 5 + 2 * rahulOpen.length, operations: ['R', 'U', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'coverage', difficulty: 'medium' },
});

scenario({
  id: 'ingest-tomorrow-meetings',
  title: "Post tomorrow's Ingest meetings in Dublin time",
  prompt: "Tomorrow is the 3.8 code freeze. Rename tomorrow's occurrence of the Ingest standup (that one only) to 'Ingest standup + 3.8 code freeze check', then post in #team-ingest tomorrow's meetings on the Ingest Team calendar with their start and end times in Dublin time and their titles.",
  as: 'declan.byrne',
  services: ['slack', 'calendar'],
  assertions: [
    added('slack.messages', { channel_id: K['slack_team-ingest'], message_text: { regex: allOf('10:00', '10:15', 'freeze check', '15:00', '16:00', 'code review') } }, 1, 'the standup (10:00–10:15, renamed) and the code review hour (15:00–16:00)'),
    added('calendar.calendar_events', { recurring_event_id: K.event_ingstandup, summary: 'Ingest standup + 3.8 code freeze check', 'original_start_time.dateTime': { regex: '^2026-03-10T10:00' } }, 1, 'only tomorrow’s standup is renamed'),
  ],
  metadata: { horizon: 5, operations: ['R', 'C'], entity_scope: 'single', information_availability: 'implicit', ambiguity: 'low', category: 'planning', difficulty: 'easy' },
});

scenario({
  id: 'dublin-holiday-meetings',
  title: "Cancel Ingest meetings on St Patrick's Day",
  prompt: "Check the 2026 office holidays in Box: the Dublin office is closed on 17 March. Cancel that day's occurrences of the Ingest Team calendar's meetings that are still on (only that day), and remind #team-ingest which ones are off.",
  as: 'declan.byrne',
  services: ['slack', 'box', 'calendar'],
  assertions: [
    added('calendar.calendar_events', { recurring_event_id: K.event_ingreview, status: 'cancelled', 'original_start_time.dateTime': { regex: '^2026-03-17T15:00' } }, 1, "the code review hour on the 17th is cancelled"),
    added('calendar.calendar_events', { status: { ne: 'cancelled' } }, 0, 'nothing new that is not a cancellation'),
    added('slack.messages', { channel_id: K['slack_team-ingest'], message_text: { i_contains: 'code review' } }, 1, 'the team is reminded'),
  ],
  metadata: { horizon: 7, operations: ['R', 'search', 'D', 'C'], entity_scope: 'single', information_availability: 'implicit', ambiguity: 'medium', category: 'planning', difficulty: 'medium' },
});

scenario({
  id: 'onboard-lucia',
  title: 'Onboard Lucía everywhere, by the checklist',
  prompt: "Lucía Ferreira joins your team on Monday (see Priya's mail). Go through the engineering onboarding checklist in Box for her: the Slack channels it lists plus #team-ingest, your Linear team, your team calendar's standup and planning series, her own folder under People/Onboarding with a copy of the checklist in it, and a welcome mail to her with her onboarding buddy in copy.",
  as: 'declan.byrne',
  services: ['slack', 'box', 'calendar', 'linear', 'mail'],
  assertions: [
    added('slack.channel_members', { user_id: P['lucia.ferreira'].slack, channel_id: { in: luciaChannels.map((c) => K[`slack_${c}`]) } }, 4, 'Slack: the four channels'),
    added('slack.channel_members', {}, 4, 'Slack: nothing else'),
    added('linear.team_memberships', { teamId: K.linearTeam_ing, userId: P['lucia.ferreira'].linear }, 1, 'Linear: the Ingest team'),
    added('calendar.calendar_event_attendees', { email: P['lucia.ferreira'].email, event_id: { in: [K.event_ingstandup, K.event_ingplanning] } }, 2, 'Calendar: the standup and planning series'),
    added('calendar.calendar_event_attendees', {}, 2, 'Calendar: no other meeting'),
    added('box.box_folders', { parent_id: K.boxOnboarding, name: { i_contains: 'Luc' } }, 1, 'Box: her folder'),
    added('box.box_files', { name: 'Engineering onboarding checklist.md', parent_id: { ne: K.boxOnboarding } }, 1, 'Box: a copy of the checklist in it'),
    added('mail.messages', { to_recipients: { contains: P['lucia.ferreira'].email }, cc_recipients: { contains: P['beatriz.santos'].email } }, 1, 'Mail: welcome, Beatriz in copy'),
  ],
  metadata: { horizon: 23, operations: ['R', 'search', 'C', 'U'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'medium', category: 'onboarding', difficulty: 'hard' },
});

// --- Customers (Jonah), Support (Farah), People (Priya), Console (Sofia), and the rest of Maya's.


scenario({
  id: 'qbr-hv-prep',
  title: 'Prepare the Harrow & Vale QBR: slot, invite, deck, agenda',
  prompt: "Prepare the Harrow & Vale Q1 QBR. Find the first full hour, starting on the hour or half hour, on the days and times Imogen offered in her mail when both you and Maya are free. Book it on the Customer Meetings calendar as 'Harrow & Vale Q1 QBR' with Imogen, Raj, Maya and you invited and the latest QBR deck from Box attached. Then reply to all on Imogen's mail with the time (London) and an agenda that lists Harrow & Vale's open Linear issues by id.",
  as: 'jonah.reyes',
  services: ['box', 'calendar', 'linear', 'mail'],
  assertions: [
    added('calendar.calendar_events', { calendar_id: K.calendar_customers, summary: { i_contains: 'QBR' }, start_datetime: utc('2026-03-17T15:30:00Z'), end_datetime: utc('2026-03-17T16:30:00Z'), attachments: { contains: shared(K.boxDeckV3) } }, 1, 'Tuesday 17 March 15:30–16:30 London, deck v3 attached'),
    added('calendar.calendar_event_attendees', { email: { in: [ext('imogen'), ext('raj'), P['maya.okonkwo'].email, P['jonah.reyes'].email] } }, 4, 'Imogen, Raj, Maya and Jonah'),
    added('calendar.calendar_event_attendees', { email: { not_in: [ext('imogen'), ext('raj'), P['maya.okonkwo'].email, P['jonah.reyes'].email] } }, 0, 'nobody else'),
    added('mail.messages', { subject: { i_contains: 'QBR' }, body: { regex: allOf('15:30', 'ING-131', 'DATA-52', 'SUP-85') }, to_recipients: { contains: ext('imogen') }, cc_recipients: { contains: P['maya.okonkwo'].email } }, 2, 'the time and agenda, to all (Jonah’s Sent copy and Maya’s)'),
    added('mail.messages', { body: { regex: '(SUP-91|DATA-55|SUP-80)' } }, 0, 'no closed issue, and nothing of Harrowgate Foods'),
  ],
  metadata: { horizon: 9, operations: ['R', 'search', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'medium', category: 'customer-meeting', difficulty: 'hard' },
});

scenario({
  id: 'harrowgate-deck-reply',
  title: 'Send Harrowgate Foods their deck (not Harrow & Vale’s)',
  prompt: "Gwen asked for the deck of their quarterly review. Reply to her with a company shared link to it from Box.",
  as: 'jonah.reyes',
  services: ['box', 'mail'],
  assertions: [
    changed('box.box_files', { id: K.boxDeckHarrowgate }, { shared_link: { from: null } }, "Harrowgate Foods' deck is shared"),
    added('mail.messages', { in_reply_to: K.mail_harrowgate_deck.jonah, body: { contains: shared(K.boxDeckHarrowgate) } }, 1, 'the link, in reply to Gwen'),
    added('mail.messages', { body: { regex: `(${K.boxDeckV3}|${K.boxDeckV2})` } }, 0, "not Harrow & Vale's deck"),
  ],
  metadata: { horizon: 5, operations: ['R', 'search', 'U', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'medium', category: 'namesake', difficulty: 'easy' },
});

scenario({
  id: 'copperline-escalation',
  title: 'Handle the Copperline escalation in four systems',
  prompt: "Copperline's VP of Engineering is unhappy about duplicate webhooks (see his mail). Book a 30-minute call tomorrow, Tuesday 10 March, at 14:00 Chicago time on the Customer Meetings calendar with him, Olivia and you. Raise the matching Support issue in Linear to Urgent. Post in #sales that Copperline's renewal is at risk, with the call time. Reply to him confirming the call.",
  as: 'jonah.reyes',
  services: ['slack', 'calendar', 'linear', 'mail'],
  assertions: [
    added('calendar.calendar_events', { calendar_id: K.calendar_customers, start_datetime: utc('2026-03-10T19:00:00Z'), end_datetime: utc('2026-03-10T19:30:00Z') }, 1, 'Tuesday 14:00–14:30 Chicago'),
    added('calendar.calendar_event_attendees', { email: { in: [ext('daniel'), P['olivia.brennan'].email, P['jonah.reyes'].email] } }, 3, 'Daniel, Olivia and Jonah'),
    added('calendar.calendar_event_attendees', {}, 3, 'nobody else'),
    changed('linear.issues', { id: issue('SUP-93') }, { priority: { to: 1 }, priorityLabel: { to: 'Urgent' } }, 'SUP-93 is Urgent'),
    added('slack.messages', { channel_id: K.slack_sales, message_text: { regex: allOf('Copperline', '14:00') } }, 1, '#sales is warned'),
    added('mail.messages', { in_reply_to: K.mail_copperline_dupes.jonah, body: { regex: '14:00' } }, 1, 'Daniel gets the time'),
  ],
  metadata: { horizon: 10, operations: ['R', 'search', 'C', 'U'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'customer-escalation', difficulty: 'hard' },
});

scenario({
  id: 'meridian-saml-reply',
  title: 'Answer Meridian about SAML from Linear',
  prompt: "Aisha from Meridian Health asked about SAML SSO. Look up the Linear issue she mentions. Reply to her with its current state and whether it is in a cycle yet, comment on the issue that Meridian's security review needs a date, and reply in the thread of your #customer-feedback post about it with the issue's Linear link.",
  as: 'jonah.reyes',
  services: ['slack', 'linear', 'mail'],
  assertions: [
    added('mail.messages', { in_reply_to: K.mail_saml_timeline.jonah, body: { regex: allOf('CON-117', 'backlog', 'cycle') } }, 1, 'Aisha hears: Backlog, no cycle'),
    added('linear.comments', { issueId: issue('CON-117'), body: { i_contains: 'Meridian' } }, 1, 'the ask is on the issue'),
    added('slack.messages', { channel_id: K['slack_customer-feedback'], parent_id: K.slackSamlAsk, message_text: { contains: 'https://linear.app/fernbrook/issue/CON-117' } }, 1, 'the link in the thread'),
  ],
  metadata: { horizon: 8, operations: ['R', 'search', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'customer', difficulty: 'medium' },
});

scenario({
  id: 'copperline-log-to-box',
  title: "File Copperline's webhook log and link it on the issue",
  prompt: "Save the webhook log Daniel attached to his mail into the Copperline Retail customer folder in Box (same file name), share it with the company, and comment on the matching Support issue in Linear with its link.",
  as: 'jonah.reyes',
  services: ['box', 'linear', 'mail'],
  assertions: [
    added('box.box_files', { parent_id: boxFolder('Customers/Copperline Retail'), name: 'copperline-webhook-log-2026-03-03.txt', shared_link: { contains: '"access":"company"' } }, 1, 'the log, filed and shared'),
    added('box.box_file_versions', { content: { contains: 'wh_88121' } }, 1, 'with its content'),
    added('linear.comments', { issueId: issue('SUP-93'), body: { contains: 'https://app.box.com/s/' } }, 1, 'linked on SUP-93'),
  ],
  metadata: { horizon: 9, operations: ['R', 'search', 'C', 'U'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'customer', difficulty: 'medium' },
});

const saltireNotes = boxFile('Customers/Saltire Shipping/Weekly sync notes.md');
scenario({
  id: 'saltire-sync-link',
  title: "Link the notes in this Thursday's Saltire sync only",
  prompt: "Put a link to the Saltire weekly sync notes (Box; share them with the company if needed) in the description of this Thursday's Saltire weekly sync — that occurrence only, not the whole series.",
  as: 'jonah.reyes',
  services: ['box', 'calendar'],
  assertions: [
    changed('box.box_files', { id: saltireNotes }, { shared_link: { from: null } }, 'the notes are shared'),
    added('calendar.calendar_events', { recurring_event_id: K.event_saltiresync, 'original_start_time.dateTime': { regex: '^2026-03-12T15:00' }, description: { contains: shared(saltireNotes) } }, 1, "Thursday 12 March's occurrence carries the link"),
  ],
  metadata: { horizon: 5, operations: ['R', 'search', 'U'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'medium', category: 'customer-meeting', difficulty: 'medium' },
});

scenario({
  id: 'inc14-rca-reply',
  title: 'Send Harrow & Vale the RCA from the postmortem',
  prompt: "Reply to all on Imogen's request for an RCA of last Tuesday's delays with the root cause and the action items from the INC-2026-014 postmortem draft in Box, and the id and current state of the Linear issue that tracks the lag. Note on that issue that the RCA was sent.",
  as: 'jonah.reyes',
  services: ['box', 'linear', 'mail'],
  assertions: [
    added('mail.messages', { subject: { i_contains: 'RCA' }, body: { regex: allOf('broker 7', 'rebalance', '5 minutes', '100 partitions', 'status.?page', 'ING-131', 'in progress') }, cc_recipients: { contains: P['maya.okonkwo'].email } }, 2, 'the RCA, to Imogen with Maya in copy (Sent and Maya’s copy)'),
    added('linear.comments', { issueId: issue('ING-131'), body: { i_contains: 'RCA' } }, 1, 'noted on ING-131'),
  ],
  metadata: { horizon: 7, operations: ['R', 'search', 'C'], entity_scope: 'single', information_availability: 'implicit', ambiguity: 'low', category: 'incident', difficulty: 'medium' },
});

scenario({
  id: 'hv-open-issues-slack',
  title: "List Harrow & Vale's open issues for the QBR",
  prompt: "In the thread of your QBR deck v3 message in #cs-harrow-vale, list Harrow & Vale's open Linear issues with id, title and assignee, and comment on each of them that it is on the QBR agenda.",
  as: 'jonah.reyes',
  services: ['slack', 'linear'],
  assertions: [
    added('slack.messages', { channel_id: K['slack_cs-harrow-vale'], parent_id: K.slackDeckV3, message_text: { regex: allOf('ING-131', 'DATA-52', 'SUP-85') } }, 1, 'the three open issues'),
    added('slack.messages', { message_text: { regex: '(SUP-91|DATA-55|SUP-80)' } }, 0, 'no closed one, nothing of Harrowgate Foods'),
    added('linear.comments', { issueId: { in: ['ING-131', 'DATA-52', 'SUP-85'].map(issue) }, body: { i_contains: 'QBR' } }, 3, 'a QBR note on each'),
    added('linear.comments', {}, 3, 'and on nothing else'),
  ],
  metadata: { horizon: 7, operations: ['R', 'search', 'C'], entity_scope: 'single', information_availability: 'implicit', ambiguity: 'low', category: 'customer-meeting', difficulty: 'easy' },
});

scenario({
  id: 'saltire-update',
  title: 'Update Saltire on their login problem',
  prompt: "Give Saltire an update on their Console login problem: find the engineering issue related to SUP-88 in Linear and its latest comment, reply to Fiona's mail (to her only) with its state and that SUP-88 stays open until the permanent fix ships, comment on SUP-88 that the customer has been updated, and post the same update in #cs-saltire.",
  as: 'farah.haddad',
  services: ['slack', 'linear', 'mail'],
  assertions: [
    added('mail.messages', { in_reply_to: K.mail_saltire_login.farah, body: { regex: allOf('CON-112', 'in progress', 'SUP-88') } }, 1, 'Fiona hears the state of CON-112'),
    added('linear.comments', { issueId: issue('SUP-88') }, 1, 'noted on SUP-88'),
    added('slack.messages', { channel_id: K['slack_cs-saltire'], message_text: { contains: 'CON-112' } }, 1, 'and in #cs-saltire'),
  ],
  metadata: { horizon: 8, operations: ['R', 'search', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'customer-escalation', difficulty: 'medium' },
});

scenario({
  id: 'pelican-triage',
  title: "Triage Pelican's rate-limit request and answer Marco",
  prompt: "Marco from Pelican Air asked for a higher rate limit. Move the matching Support issue out of Triage into Todo and assign it to Pedro Alves, then reply to Marco with the issue id and that Pedro owns it.",
  as: 'farah.haddad',
  services: ['linear', 'mail'],
  assertions: [
    changed('linear.issues', { id: issue('SUP-94') }, { stateId: { from: state('sup', 'Triage'), to: state('sup', 'Todo') }, assigneeId: { to: P['pedro.alves'].linear } }, 'SUP-94 in Todo, Pedro'),
    added('mail.messages', { in_reply_to: K.mail_pelican_limit.farah, body: { regex: allOf('SUP-94', 'Pedro') } }, 1, 'Marco is told'),
  ],
  metadata: { horizon: 5, operations: ['R', 'search', 'U', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'support', difficulty: 'easy' },
});

scenario({
  id: 'status-forward',
  title: 'Forward the INC-2026-014 resolution to the support engineers',
  prompt: "Forward the status-page mail announcing that INC-2026-014 is resolved to Liam and Zoe, and post in #support-escalations that the resolution notice went out.",
  as: 'farah.haddad',
  services: ['slack', 'mail'],
  assertions: [
    added('mail.messages', { subject: { regex: '(?i)^(fw|fwd):.*Resolved' }, to_recipients: { has_all: [P['liam.oconnor'].email, P['zoe.adams'].email] } }, 1, 'forwarded to Liam and Zoe'),
    added('slack.messages', { channel_id: K['slack_support-escalations'], message_text: { contains: 'INC-2026-014' } }, 1, 'the channel is told'),
  ],
  metadata: { horizon: 6, operations: ['R', 'search', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'support', difficulty: 'easy' },
});

const supOpenHigh = openIssues((i) => i.teamId === K.linearTeam_sup && [1, 2].includes(i.priority)).map((i) => i.identifier);
const supOpenOther = openIssues((i) => i.teamId === K.linearTeam_sup && ![1, 2].includes(i.priority)).map((i) => i.identifier);
scenario({
  id: 'support-open-digest',
  title: "Mail Grace the Support team's urgent and high issues",
  prompt: "Mail Grace (VP Customer) a list of the Support team's open Urgent and High priority issues in Linear, each with its id, its customer (label) if it has one, and its assignee, and post the same list in #support-escalations.",
  as: 'farah.haddad',
  services: ['slack', 'linear', 'mail'],
  assertions: [
    added('mail.messages', { to_recipients: { contains: P['grace.odhiambo'].email }, body: { regex: allOf(...supOpenHigh.map((i) => `${i}\\b`), 'Saltire', 'Copperline') } }, 1, `all ${supOpenHigh.length} open Urgent/High Support issues`),
    added('mail.messages', { body: { regex: `\\b(${supOpenOther.join('|')})\\b` } }, 0, 'none of lower priority'),
    added('slack.messages', { channel_id: K['slack_support-escalations'], message_text: { regex: allOf(...supOpenHigh.map((i) => `${i}\\b`)) } }, 1, 'the same list in #support-escalations'),
  ],
  metadata: { horizon: 5, operations: ['R', 'search', 'C'], entity_scope: 'single', information_availability: 'implicit', ambiguity: 'low', category: 'report', difficulty: 'medium' },
});

scenario({
  id: 'copperline-slack-link',
  title: "Link Zoe's Slack report on the Copperline issue",
  prompt: "Zoe reported in #customer-feedback that Copperline's webhooks were delivered twice again. Comment on the matching Support issue in Linear with the permalink of her message, and reply in her thread with the issue's Linear link.",
  as: 'farah.haddad',
  services: ['slack', 'linear'],
  assertions: [
    added('linear.comments', { issueId: issue('SUP-93'), body: { contains: `https://fernbrook.slack.com/archives/${K['slack_customer-feedback']}/p${K.slackCopperlineDupes.replace('.', '')}` } }, 1, 'her permalink on SUP-93'),
    added('slack.messages', { channel_id: K['slack_customer-feedback'], parent_id: K.slackCopperlineDupes, message_text: { contains: 'https://linear.app/fernbrook/issue/SUP-93' } }, 1, 'the issue link in her thread'),
  ],
  metadata: { horizon: 6, operations: ['R', 'search', 'C'], entity_scope: 'single', information_availability: 'implicit', ambiguity: 'low', category: 'support', difficulty: 'easy' },
});

scenario({
  id: 'saltire-escalation-call',
  title: 'Book the Saltire follow-up call and tell everyone',
  prompt: "Book a 30-minute call with Fiona tomorrow (Tuesday 10 March) at 14:00 London time on the Customer Meetings calendar with Liam and you, reply to her login mail (to her only) with the time, and post the call in #cs-saltire.",
  as: 'farah.haddad',
  services: ['slack', 'calendar', 'mail'],
  assertions: [
    added('calendar.calendar_events', { calendar_id: K.calendar_customers, start_datetime: utc('2026-03-10T14:00:00Z'), end_datetime: utc('2026-03-10T14:30:00Z') }, 1, 'Tuesday 14:00–14:30 London'),
    added('calendar.calendar_event_attendees', { email: { in: [ext('fiona'), P['liam.oconnor'].email, P['farah.haddad'].email] } }, 3, 'Fiona, Liam and Farah'),
    added('calendar.calendar_event_attendees', {}, 3, 'nobody else'),
    added('mail.messages', { in_reply_to: K.mail_saltire_login.farah, body: { regex: '14:00' } }, 1, 'Fiona gets the time'),
    added('slack.messages', { channel_id: K['slack_cs-saltire'], message_text: { regex: '14:00' } }, 1, '#cs-saltire too'),
  ],
  metadata: { horizon: 9, operations: ['R', 'search', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'customer-meeting', difficulty: 'medium' },
});

scenario({
  id: 'lucia-first-day',
  title: "Book Lucía's first-day welcome",
  prompt: "Book Lucía Ferreira's first-day welcome on Monday 16 March, 09:30–10:00 Dublin time, on the Fernbrook Company calendar with Lucía, Declan and Beatriz; mail Lucía the details; and welcome her in #general with an @-mention.",
  as: 'priya.natarajan',
  services: ['slack', 'calendar', 'mail'],
  assertions: [
    added('calendar.calendar_events', { calendar_id: K.calendar_company, start_datetime: utc('2026-03-16T09:30:00Z'), end_datetime: utc('2026-03-16T10:00:00Z') }, 1, 'Monday 09:30–10:00 Dublin'),
    added('calendar.calendar_event_attendees', { email: { in: ['lucia.ferreira', 'declan.byrne', 'beatriz.santos'].map((k) => P[k].email) } }, 3, 'Lucía, Declan and Beatriz'),
    added('calendar.calendar_event_attendees', {}, 3, 'nobody else'),
    added('mail.messages', { to_recipients: { contains: P['lucia.ferreira'].email }, body: { regex: '09:30' } }, 1, 'Lucía gets the details'),
    added('slack.messages', { channel_id: K.slack_general, message_text: { contains: `<@${P['lucia.ferreira'].slack}>` } }, 1, 'welcomed in #general'),
  ],
  metadata: { horizon: 7, operations: ['R', 'C'], entity_scope: 'multi', information_availability: 'explicit', ambiguity: 'low', category: 'onboarding', difficulty: 'easy' },
});

scenario({
  id: 'access-review-departed',
  title: 'Flag the stale accounts of people who left',
  prompt: "Post in #security the stale accounts of the Q1 access review sheet in Box that belong to people who have left the company (deactivated in Slack), with system and account, and comment on the sheet in Box which accounts you flagged.",
  as: 'priya.natarajan',
  services: ['slack', 'box'],
  assertions: [
    added('slack.messages', { channel_id: K.slack_security, message_text: { regex: allOf('bram\\.osterhout', 'Slack', 'Box') } }, 1, "Bram's Slack and Box accounts"),
    added('slack.messages', { message_text: { regex: '(ci-deploy-legacy|old-release-bot|dmitri|kieran)' } }, 0, 'not service accounts, not current staff'),
    added('box.box_comments', { file_id: K.boxAccessReview, message: { i_contains: 'bram' } }, 1, 'the comment on the sheet'),
  ],
  metadata: { horizon: 6, operations: ['R', 'search', 'C'], entity_scope: 'single', information_availability: 'implicit', ambiguity: 'medium', category: 'security', difficulty: 'medium' },
});

scenario({
  id: 'access-review-issues',
  title: 'One Security issue per stale account',
  prompt: "For each account marked stale in the Q1 access review sheet in Box, create a Security issue in Linear titled 'Remove stale account: <account> (<system>)', assigned to Viktor Hale and related to the 'Q1 access review' issue. Then comment on the sheet in Box with the new issue ids.",
  as: 'priya.natarajan',
  services: ['box', 'linear'],
  assertions: [
    added('linear.issues', { teamId: K.linearTeam_sec, assigneeId: P['viktor.hale'].linear, title: { regex: '^Remove stale account: (bram\\.osterhout@fernbrook\\.example \\((Slack|Box)\\)|ci-deploy-legacy \\(AWS\\)|old-release-bot \\(GitHub\\))$' } }, 4, 'the four stale accounts'),
    added('linear.issues', {}, 4, 'and no other issue'),
    added('linear.issue_relations', { relatedIssueId: issue('SEC-27'), type: 'related' }, 4, 'each related to SEC-27'),
    added('box.box_comments', { file_id: K.boxAccessReview, message: { regex: allOf('SEC-31', 'SEC-32', 'SEC-33', 'SEC-34') } }, 1, 'the ids on the sheet'),
  ],
  metadata: { horizon: 12, operations: ['R', 'search', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'security', difficulty: 'medium' },
});

const billingOpen = ['CON-99', 'CON-101', 'CON-104', 'CON-107', 'CON-110'];
const billingStates = { 'CON-99': 'In Progress', 'CON-101': 'Todo', 'CON-104': 'Backlog', 'CON-107': 'Todo', 'CON-110': 'Backlog' };
const billingMoved = billingOpen.map((i) => changed('linear.issues', { id: issue(i) }, { teamId: { to: K.linearTeam_data }, stateId: { to: state('data', billingStates[i]) } }, `${i} in Data, ${billingStates[i]}`));
scenario({
  id: 'billing-move-issues',
  title: 'Move the billing export issues to the Data team',
  prompt: "Carry out in Linear the decision posted in #proj-billing-export: move the open issues labelled 'project: billing-export' from the Console team to the Data team, each into the Data team's workflow state of the same name, then confirm in the thread of the decision which issues moved.",
  as: 'sofia.lindqvist',
  services: ['slack', 'linear'],
  assertions: [
    ...billingMoved,
    added('slack.messages', { channel_id: K['slack_proj-billing-export'], parent_id: K.slackBillingMove, message_text: { regex: allOf(...billingOpen.map((i) => `${i}\\b`)) } }, 1, 'confirmed in the thread'),
  ],
  metadata: { horizon: 10, operations: ['R', 'search', 'U', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'low', category: 'project-move', difficulty: 'medium' },
});

scenario({
  id: 'billing-move-calendar',
  title: 'Move the billing export sync to the Data Team calendar',
  prompt: "Move the weekly Billing export sync series from the Console Team calendar to the Data Team calendar, then say so in #proj-billing-export.",
  as: 'sofia.lindqvist',
  services: ['slack', 'calendar'],
  assertions: [
    changed('calendar.calendar_events', { id: K.event_billingsync }, { calendar_id: { from: K.calendar_console, to: K.calendar_data } }, 'the series is on the Data Team calendar'),
    added('slack.messages', { channel_id: K['slack_proj-billing-export'], message_text: { i_contains: 'Data Team' } }, 1, 'the channel is told'),
  ],
  metadata: { horizon: 6, operations: ['R', 'search', 'U', 'C'], entity_scope: 'multi', information_availability: 'explicit', ambiguity: 'low', category: 'project-move', difficulty: 'easy' },
});

scenario({
  id: 'billing-move-full',
  title: 'Hand the billing export project to Data in every system',
  prompt: "The billing export project moves from your Console team to the Data team (see the decision in #proj-billing-export). Do the hand-over everywhere: move its open Linear issues to the Data team in the same-named workflow states; move its Box folder under Engineering/Data; set the channel topic to 'Owner: Data team · PRD in Box'; move the weekly Billing export sync series to the Data Team calendar; and mail the Data team's lead and the point person named in the decision's thread a summary.",
  as: 'sofia.lindqvist',
  services: ['slack', 'box', 'calendar', 'linear', 'mail'],
  assertions: [
    ...billingMoved,
    changed('box.box_folders', { id: K.boxBillingFolder }, { parent_id: { to: K.boxDataFolder } }, 'Box: the folder is under Engineering/Data', 1),
    changed('slack.channels', { channel_id: K['slack_proj-billing-export'] }, { topic_text: { to: 'Owner: Data team · PRD in Box' } }, 'Slack: the topic'),
    changed('calendar.calendar_events', { id: K.event_billingsync }, { calendar_id: { to: K.calendar_data } }, 'Calendar: the sync is on the Data Team calendar'),
    added('mail.messages', { to_recipients: { has_all: [P['ayesha.siddiqui'].email, P['lars.eriksen'].email] } }, 1, 'Mail: Ayesha and Lars get the summary'),
  ],
  metadata: { horizon: 20, operations: ['R', 'search', 'U', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'medium', category: 'project-move', difficulty: 'hard' },
});

scenario({
  id: 'offboard-kieran-oncall',
  title: "Give Kieran's on-call week to Hugo",
  prompt: "Kieran is on the Platform On-call calendar for the week of 23 March but leaves on the 13th. Give that week to Hugo Lefèvre — title and description of that one event, in the same form as the other weeks — and tell Hugo by DM.",
  as: 'maya.okonkwo',
  services: ['slack', 'calendar'],
  assertions: [
    changed('calendar.calendar_events', { id: K['event_oncall-2026-03-23'] }, { summary: { to: `On-call: ${P['hugo.lefevre'].name}` }, description: { to: { contains: P['hugo.lefevre'].email } } }, 'the week of 23 March is Hugo’s'),
    added('slack.channels', { is_dm: true }, 1, 'a DM'),
    added('slack.channel_members', { user_id: P['hugo.lefevre'].slack }, 1, 'with Hugo'),
    added('slack.messages', { message_text: { regex: '23' } }, 1, 'naming the week'),
  ],
  metadata: { horizon: 6, operations: ['R', 'U', 'C'], entity_scope: 'multi', information_availability: 'explicit', ambiguity: 'low', category: 'oncall', difficulty: 'easy' },
});

scenario({
  id: 'inc14-pm-attach-runbook',
  title: 'Attach the runbook to the postmortem review and link it on PLAT-106',
  prompt: "Attach the consumer-group rebalance runbook from Box (by its shared link; share it with the company first) to the INC-2026-014 postmortem review on your calendar, keeping the postmortem attached, and add the link at the end of PLAT-106's description.",
  as: 'maya.okonkwo',
  services: ['box', 'calendar', 'linear'],
  assertions: [
    changed('box.box_files', { id: K.boxRunbookRebalance }, { shared_link: { to: { contains: '"access":"company"' } } }, 'the runbook is shared'),
    changed('calendar.calendar_events', { id: K.event_pmreview014 }, { attachments: { to: { contains: shared(K.boxRunbookRebalance) } } }, 'attached to the review'),
    { diff_type: 'changed', entity: 'calendar.calendar_events', where: { id: K.event_pmreview014, attachments: { not_contains: shared(K.boxPostmortem014) } }, expected_count: 0, description: 'the postmortem stays attached' },
    changed('linear.issues', { id: issue('PLAT-106') }, { description: { to: { regex: allOf('offboarding planning', esc(shared(K.boxRunbookRebalance))) } } }, "linked in PLAT-106's description, which keeps its text"),
  ],
  metadata: { horizon: 6, operations: ['R', 'search', 'U'], entity_scope: 'multi', information_availability: 'explicit', ambiguity: 'low', category: 'incident', difficulty: 'medium' },
});

scenario({
  id: 'incident-count-reply',
  title: "Tell Tomasz last week's incident count",
  prompt: "Reply to Tomasz's mail about the Platform weekly with a first number: how many incidents were declared in #incidents last week (2–6 March), and their ids; post the same count and ids in #team-platform.",
  as: 'maya.okonkwo',
  services: ['slack', 'mail'],
  assertions: [
    added('mail.messages', { in_reply_to: K.mail_weekly_ask.maya, body: { regex: allOf('\\b3\\b', 'INC-2026-013', 'INC-2026-014', 'INC-2026-015') } }, 1, 'three: INC-2026-013, -014 and -015'),
    added('mail.messages', { body: { regex: 'INC-2026-01[0-2]' } }, 0, 'none from earlier weeks'),
    added('slack.messages', { channel_id: K['slack_team-platform'], message_text: { regex: allOf('\\b3\\b', 'INC-2026-013', 'INC-2026-014', 'INC-2026-015') } }, 1, 'and in #team-platform'),
  ],
  metadata: { horizon: 7, operations: ['R', 'search', 'C'], entity_scope: 'single', information_availability: 'implicit', ambiguity: 'low', category: 'report', difficulty: 'easy' },
});

const kieranOpen = ['PLAT-104', 'PLAT-98', 'PLAT-95', 'PLAT-101'];
scenario({
  id: 'offboard-kieran-full',
  title: 'Offboard Kieran everywhere, by the checklist',
  prompt: "Kieran Walsh's last day is Friday 13 March. Offboard him following the offboarding checklist in Box and the hand-over you announced in #team-platform: reassign his open Linear issues as announced and take him out of his Linear team; remove him from the private Slack channels he is in; take him off the Platform Team calendar's recurring meetings and end your weekly 1:1 with him after this Friday; move his working documents into the Platform Handover folder in Box; and mail the rest of the #team-platform members who owns his issues now.",
  as: 'maya.okonkwo',
  services: ['slack', 'box', 'calendar', 'linear', 'mail'],
  assertions: [
    changed('linear.issues', { id: { in: [issue('PLAT-104'), issue('PLAT-98'), issue('PLAT-95')] } }, { assigneeId: { from: P['kieran.walsh'].linear, to: P['nadia.petrenko'].linear } }, 'Linear: three issues to Nadia', 3),
    changed('linear.issues', { id: issue('PLAT-101') }, { assigneeId: { from: P['kieran.walsh'].linear, to: P['seun.adeyemi'].linear } }, 'Linear: PLAT-101 to Seun'),
    { diff_type: 'changed', entity: 'linear.team_memberships', where: { userId: P['kieran.walsh'].linear }, expected_changes: { archivedAt: { from: null } }, expected_count: 1, description: 'Linear: out of the Platform team' },
    removed('slack.channel_members', { user_id: P['kieran.walsh'].slack, channel_id: K['slack_platform-oncall'] }, 1, 'Slack: out of #platform-oncall'),
    removed('slack.channel_members', {}, 1, 'Slack: and nothing else'),
    removed('calendar.calendar_event_attendees', { email: P['kieran.walsh'].email, event_id: { in: [K.event_platstandup, K.event_platweekly] } }, 2, 'Calendar: off the standup and the weekly'),
    changed('calendar.calendar_events', { id: K['event_oneonone-maya-kieran'] }, { recurrence: { to: { contains: 'UNTIL=202603' } } }, 'Calendar: the 1:1 series ends this month'),
    { diff_type: 'changed', entity: 'calendar.calendar_events', where: { id: K['event_oneonone-maya-kieran'], recurrence: { contains: 'UNTIL=2026030' } }, expected_count: 0, description: 'Calendar: not before this week’s 1:1' },
    changed('box.box_files', { id: { in: [K.boxKieranNotes, K.boxKieranVpc] } }, { parent_id: { to: K.boxHandover } }, 'Box: both documents in Handover', 2),
    added('mail.messages', { owner_id: P['maya.okonkwo'].mail, to_recipients: { has_all: ['nadia.petrenko', 'seun.adeyemi', 'alex.chen', 'hugo.lefevre', 'tomasz.wierzbicki'].map((k) => P[k].email) }, body: { regex: allOf('Nadia', 'Seun', 'PLAT-101', 'PLAT-104') } }, 1, 'Mail: the team hears who owns what'),
    added('mail.messages', { to_recipients: { contains: P['kieran.walsh'].email } }, 0, 'Mail: not to Kieran'),
  ],
  metadata: { horizon: 37, operations: ['R', 'search', 'U', 'D', 'C'], entity_scope: 'multi', information_availability: 'implicit', ambiguity: 'medium', category: 'offboarding', difficulty: 'hard' },
});

// ---------------------------------------------------------------------------------------------------------------

const suite = {
  format: 'difflab-suite/1',
  id: 'company-core',
  name: 'Fernbrook (cross-service)',
  description: 'One company, Fernbrook Systems, in Slack, Box, Google Calendar, Linear and MailHub: each scenario crosses two to five of them (incident follow-up, onboarding and offboarding, customer meetings, release coordination, weekly reports, moving a project between teams).',
  services: ['slack', 'box', 'calendar', 'linear', 'mail'],
  seed: 'fernbrook',
  acting_user: identity('maya.okonkwo'),
  clock: CLOCK,
  ignore_fields: {
    global: ['created_at', 'updated_at', 'createdAt', 'updatedAt', 'modified_at', 'modified_by_id', 'etag', 'sequence_id', 'sequence', 'html_link', 'content_modified_at'],
  },
  tests,
};

const text = JSON.stringify(suite, null, 1) + '\n';
if (process.argv.includes('--check')) {
  const same = existsSync(OUT) && readFileSync(OUT, 'utf8') === text;
  if (!same) console.error(`${OUT} differs from what build-suite.mjs writes`);
  process.exit(same ? 0 : 1);
}
writeFileSync(OUT, text);
console.log(`wrote ${OUT}: ${tests.length} scenarios`);
