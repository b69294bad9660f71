import type { Row } from '../../engine/index.ts';
import type { RowNames } from '../types.ts';

/**
 * The Linear replica's tables. Table and column names are Agent-Diff's (camelCase columns such as `issues."teamId"`,
 * snake_case join table `issue_label_issue_association`), so its seeds load unmodified and its assertions read the
 * same fields. Every column of Agent-Diff's seeds has a place here; columns the API reports but the seeds lack are
 * added with Linear's defaults.
 *
 * A mutation changes the columns it is about plus `updatedAt`, and the two summaries Linear keeps on a row, as
 * Agent-Diff's recorded diffs show them: an issue's `labelIds` follow its `issue_label_issue_association` rows, and
 * a team's `issueCount` grows with each issue created in it. Both are declared `@derived` (a column comment), so the
 * closed-world check lets the change that caused them explain them. The API reads labels and counts from the rows
 * themselves; a new issue's number comes from the team's highest number. `priorityLabel` is written with `priority`
 * because Agent-Diff's assertions read it from the row.
 *
 * Deletions are soft, as in Linear: deleting a comment, relation or label sets `archivedAt`; deleting an issue moves
 * it to the trash (`trashed`, `archivedAt`). Foreign keys document the relations for the closed-world check.
 */
export const schemaSql = `
CREATE TABLE organizations (
  "id" text PRIMARY KEY,
  "name" text NOT NULL,
  "urlKey" text NOT NULL,
  "logoUrl" text,
  "createdAt" timestamptz,
  "updatedAt" timestamptz,
  "archivedAt" timestamptz,
  "aiAddonEnabled" boolean DEFAULT false,
  "allowedAuthServices" jsonb DEFAULT '[]',
  "allowedFileUploadContentTypes" jsonb DEFAULT '[]',
  "createdIssueCount" integer DEFAULT 0,
  "customerCount" integer DEFAULT 0,
  "customersConfiguration" jsonb DEFAULT '{}',
  "customersEnabled" boolean DEFAULT false,
  "defaultFeedSummarySchedule" text,
  "feedEnabled" boolean DEFAULT true,
  "fiscalYearStartMonth" double precision DEFAULT 0,
  "gitBranchFormat" text,
  "gitLinkbackMessagesEnabled" boolean DEFAULT true,
  "gitPublicLinkbackMessagesEnabled" boolean DEFAULT false,
  "hipaaComplianceEnabled" boolean DEFAULT false,
  "initiativeUpdateRemindersDay" text DEFAULT 'Friday',
  "initiativeUpdateRemindersHour" double precision DEFAULT 9,
  "periodUploadVolume" double precision DEFAULT 0,
  "previousUrlKeys" jsonb DEFAULT '[]',
  "projectUpdateRemindersDay" text DEFAULT 'Friday',
  "projectUpdateRemindersHour" double precision DEFAULT 9,
  "projectUpdatesReminderFrequency" text DEFAULT 'never',
  "releaseChannel" text DEFAULT 'public',
  "roadmapEnabled" boolean DEFAULT true,
  "samlEnabled" boolean DEFAULT false,
  "scimEnabled" boolean DEFAULT false,
  "slaDayCount" text DEFAULT 'all',
  "userCount" integer DEFAULT 0,
  "workingDays" jsonb DEFAULT '[1,2,3,4,5]'
);

CREATE TABLE users (
  "id" text PRIMARY KEY,
  "name" text NOT NULL,
  "displayName" text NOT NULL,
  "email" text NOT NULL,
  "organizationId" text REFERENCES organizations ("id"),
  "active" boolean NOT NULL DEFAULT true,
  "admin" boolean NOT NULL DEFAULT false,
  "app" boolean NOT NULL DEFAULT false,
  "guest" boolean NOT NULL DEFAULT false,
  "avatarBackgroundColor" text,
  "avatarUrl" text,
  "canAccessAnyPublicTeam" boolean DEFAULT true,
  "createdIssueCount" integer DEFAULT 0,
  "description" text,
  "disableReason" text,
  "initials" text,
  "inviteHash" text,
  "isAssignable" boolean DEFAULT true,
  "isMe" boolean DEFAULT false,
  "isMentionable" boolean DEFAULT true,
  "lastSeen" timestamptz,
  "statusEmoji" text,
  "statusLabel" text,
  "statusUntilAt" timestamptz,
  "timezone" text,
  "url" text,
  "createdAt" timestamptz,
  "updatedAt" timestamptz,
  "archivedAt" timestamptz
);

CREATE TABLE teams (
  "id" text PRIMARY KEY,
  "name" text NOT NULL,
  "key" text NOT NULL,
  "displayName" text,
  "organizationId" text REFERENCES organizations ("id"),
  "description" text,
  "color" text,
  "icon" text,
  "private" boolean NOT NULL DEFAULT false,
  "parentId" text REFERENCES teams ("id"),
  "timezone" text DEFAULT 'America/Los_Angeles',
  "aiThreadSummariesEnabled" boolean DEFAULT false,
  "autoArchivePeriod" double precision DEFAULT 6,
  "currentProgress" jsonb DEFAULT '{}',
  "cycleCalenderUrl" text DEFAULT '',
  "cycleCooldownTime" double precision DEFAULT 0,
  "cycleDuration" double precision DEFAULT 1,
  "cycleIssueAutoAssignCompleted" boolean DEFAULT false,
  "cycleIssueAutoAssignStarted" boolean DEFAULT false,
  "cycleLockToActive" boolean DEFAULT false,
  "cycleStartDay" double precision DEFAULT 1,
  "cyclesEnabled" boolean DEFAULT false,
  "defaultIssueEstimate" double precision DEFAULT 0,
  "groupIssueHistory" boolean DEFAULT true,
  "inheritIssueEstimation" boolean DEFAULT false,
  "inheritWorkflowStatuses" boolean DEFAULT false,
  "inviteHash" text,
  "issueCount" integer DEFAULT 0,
  "issueEstimationAllowZero" boolean DEFAULT false,
  "issueEstimationExtended" boolean DEFAULT false,
  "issueEstimationType" text DEFAULT 'notUsed',
  "issueOrderingNoPriorityFirst" boolean DEFAULT false,
  "issueSortOrderDefaultToBottom" boolean DEFAULT false,
  "progressHistory" jsonb DEFAULT '{}',
  "requirePriorityToLeaveTriage" boolean DEFAULT false,
  "scimManaged" boolean DEFAULT false,
  "setIssueSortOrderOnStateChange" text DEFAULT 'default',
  "slackIssueComments" boolean DEFAULT false,
  "slackIssueStatuses" boolean DEFAULT false,
  "slackNewIssue" boolean DEFAULT false,
  "triageEnabled" boolean DEFAULT false,
  "upcomingCycleCount" double precision DEFAULT 2,
  "createdAt" timestamptz,
  "updatedAt" timestamptz,
  "archivedAt" timestamptz
);

CREATE TABLE team_memberships (
  "id" text PRIMARY KEY,
  "teamId" text NOT NULL REFERENCES teams ("id"),
  "userId" text NOT NULL REFERENCES users ("id"),
  "owner" boolean DEFAULT false,
  "sortOrder" double precision DEFAULT 0,
  "createdAt" timestamptz,
  "updatedAt" timestamptz,
  "archivedAt" timestamptz
);

CREATE TABLE workflow_states (
  "id" text PRIMARY KEY,
  "teamId" text NOT NULL REFERENCES teams ("id"),
  "name" text NOT NULL,
  "type" text NOT NULL CHECK ("type" IN ('triage', 'backlog', 'unstarted', 'started', 'completed', 'canceled')),
  "color" text NOT NULL,
  "description" text,
  "position" double precision NOT NULL DEFAULT 0,
  "createdAt" timestamptz,
  "updatedAt" timestamptz,
  "archivedAt" timestamptz
);

CREATE TABLE issue_labels (
  "id" text PRIMARY KEY,
  "name" text NOT NULL,
  "color" text,
  "description" text,
  "organizationId" text REFERENCES organizations ("id"),
  "teamId" text REFERENCES teams ("id"),
  "parentId" text REFERENCES issue_labels ("id"),
  "creatorId" text REFERENCES users ("id"),
  "inheritedFromId" text,
  "isGroup" boolean NOT NULL DEFAULT false,
  "lastAppliedAt" timestamptz,
  "retiredAt" timestamptz,
  "createdAt" timestamptz,
  "updatedAt" timestamptz,
  "archivedAt" timestamptz
);

CREATE TABLE cycles (
  "id" text PRIMARY KEY,
  "teamId" text NOT NULL REFERENCES teams ("id"),
  "number" double precision NOT NULL,
  "name" text,
  "startsAt" timestamptz NOT NULL,
  "endsAt" timestamptz NOT NULL,
  "completedAt" timestamptz,
  "createdAt" timestamptz,
  "updatedAt" timestamptz,
  "archivedAt" timestamptz
);

CREATE TABLE issues (
  "id" text PRIMARY KEY,
  "identifier" text NOT NULL,
  "number" double precision NOT NULL,
  "title" text NOT NULL,
  "description" text,
  "teamId" text NOT NULL REFERENCES teams ("id"),
  "stateId" text REFERENCES workflow_states ("id"),
  "assigneeId" text REFERENCES users ("id"),
  "creatorId" text REFERENCES users ("id"),
  "parentId" text REFERENCES issues ("id"),
  "cycleId" text REFERENCES cycles ("id"),
  "delegateId" text REFERENCES users ("id"),
  "snoozedById" text REFERENCES users ("id"),
  "snoozedUntilAt" timestamptz,
  "sourceCommentId" text,
  "subscriberIds" jsonb DEFAULT '[]',
  "projectId" text,
  "projectMilestoneId" text,
  "priority" double precision NOT NULL DEFAULT 0,
  "priorityLabel" text NOT NULL DEFAULT 'No priority',
  "prioritySortOrder" double precision DEFAULT 0,
  "estimate" double precision,
  "dueDate" text,
  "boardOrder" double precision DEFAULT 0,
  "sortOrder" double precision DEFAULT 0,
  "subIssueSortOrder" double precision,
  "customerTicketCount" integer DEFAULT 0,
  "branchName" text,
  "labelIds" jsonb DEFAULT '[]',
  "previousIdentifiers" jsonb DEFAULT '[]',
  "reactionData" jsonb DEFAULT '[]',
  "url" text,
  "trashed" boolean DEFAULT false,
  "startedAt" timestamptz,
  "completedAt" timestamptz,
  "canceledAt" timestamptz,
  "autoArchivedAt" timestamptz,
  "autoClosedAt" timestamptz,
  "slaStartedAt" timestamptz,
  "slaBreachesAt" timestamptz,
  "slaType" text,
  "startedTriageAt" timestamptz,
  "triagedAt" timestamptz,
  "createdAt" timestamptz NOT NULL,
  "updatedAt" timestamptz NOT NULL,
  "archivedAt" timestamptz
);
CREATE INDEX issues_team ON issues ("teamId", "number");
CREATE INDEX issues_created ON issues ("createdAt" DESC, "id" DESC);
CREATE INDEX issues_updated ON issues ("updatedAt" DESC, "id" DESC);
CREATE INDEX issues_state ON issues ("stateId");
CREATE INDEX issues_assignee ON issues ("assigneeId");
CREATE INDEX issues_parent ON issues ("parentId");
CREATE INDEX issues_identifier ON issues ("identifier");

CREATE TABLE issue_label_issue_association (
  "issue_id" text NOT NULL REFERENCES issues ("id"),
  "issue_label_id" text NOT NULL REFERENCES issue_labels ("id"),
  PRIMARY KEY ("issue_id", "issue_label_id")
);
COMMENT ON COLUMN issues."labelIds" IS '@derived: the ids of the issue''s issue_label_issue_association rows';
COMMENT ON COLUMN teams."issueCount" IS '@derived: grows with each issue created in the team';
CREATE INDEX issue_label_issue_association_label ON issue_label_issue_association ("issue_label_id");

CREATE TABLE comments (
  "id" text PRIMARY KEY,
  "issueId" text NOT NULL REFERENCES issues ("id"),
  "userId" text REFERENCES users ("id"),
  "parentId" text REFERENCES comments ("id"),
  "body" text NOT NULL,
  "bodyData" text,
  "quotedText" text,
  "resolvingCommentId" text,
  "resolvingUserId" text REFERENCES users ("id"),
  "reactionData" jsonb DEFAULT '[]',
  "url" text,
  "editedAt" timestamptz,
  "resolvedAt" timestamptz,
  "createdAt" timestamptz,
  "updatedAt" timestamptz,
  "archivedAt" timestamptz
);
CREATE INDEX comments_issue ON comments ("issueId");

CREATE TABLE issue_relations (
  "id" text PRIMARY KEY,
  "issueId" text NOT NULL REFERENCES issues ("id"),
  "relatedIssueId" text NOT NULL REFERENCES issues ("id"),
  "type" text NOT NULL CHECK ("type" IN ('blocks', 'duplicate', 'related', 'similar')),
  "issueTitle" text,
  "relatedIssueTitle" text,
  "createdAt" timestamptz,
  "updatedAt" timestamptz,
  "archivedAt" timestamptz
);
`;

/** What names a row of each table (see `Replica.rowNames`): an issue by its identifier (ENG-12), a team by its name. */
export const rowNames = {
  organizations: ['name'],
  users: ['name', 'displayName', 'email'],
  teams: ['name', 'key'],
  workflow_states: ['name'],
  issue_labels: ['name'],
  cycles: ['name'],
  issues: ['identifier', 'title'],
  comments: ['body'],
} satisfies RowNames;

/** Linear's names for the five priorities (0 = none … 4 = low). */
export const PRIORITY_LABELS = ['No priority', 'Urgent', 'High', 'Medium', 'Low'] as const;

/** Required columns that seeds may leave out (a missing column is loaded as null, not as its default). */
const REQUIRED_DEFAULTS: Record<string, Row> = {
  users: { active: true, admin: false, app: false, guest: false },
  teams: { private: false },
  issue_labels: { isGroup: false },
  // Pagination orders issues by these; a seed row without them reads as created at the epoch.
  issues: { priority: 0, createdAt: '1970-01-01T00:00:00Z', updatedAt: '1970-01-01T00:00:00Z' },
  workflow_states: { position: 0 },
};

/** Fills what seed rows leave out, so every row reads like one the API wrote. */
export function prepareSeedRow(table: string, row: Row): Row {
  for (const [column, value] of Object.entries(REQUIRED_DEFAULTS[table] ?? {})) if (row[column] == null) row[column] = value;
  if (table === 'issues') {
    const p = Number(row.priority ?? 0);
    if (row.priorityLabel == null) row.priorityLabel = PRIORITY_LABELS[p] ?? 'No priority';
  }
  if (table === 'teams' && row.displayName == null) row.displayName = row.name;
  if (table === 'users' && row.displayName == null) row.displayName = String(row.name ?? '').split(' ')[0];
  return row;
}
