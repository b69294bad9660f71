/**
 * What the replica does with every field of the inputs (and every argument) its mutations take, as Linear's
 * published schema declares them. A field is either `stored` — written as given to the column of the same name —,
 * `handled` by code of its own in mutations.ts (checked, looked up, derived), or `ignored`: accepted, with the
 * reason it changes nothing here. A unit test checks that the three lists cover the served schema exactly, so a
 * field the schema gains is never dropped silently.
 */
export interface FieldUse {
  stored: readonly string[];
  handled: readonly string[];
  ignored: Readonly<Record<string, string>>;
}

const SORT_ORDERS = ['boardOrder', 'sortOrder', 'prioritySortOrder', 'subIssueSortOrder'];
const SLA = ['slaBreachesAt', 'slaStartedAt', 'slaType'];
const AS_APP = {
  createAsUser: 'names the user an OAuth app acts for; the replica has no apps, the acting user is the author',
  displayIconUrl: 'an OAuth app’s avatar for what it creates',
};

const LABEL_GROUP_TYPE = 'single- or multi-select label groups are not replicated; groupType reads null (single-select)';

/** Team settings that are columns of `teams`, written as given by teamCreate and teamUpdate (and copied by copySettingsFromTeamId). */
export const TEAM_SETTINGS = [
  'autoArchivePeriod', 'cycleCooldownTime', 'cycleDuration', 'cycleIssueAutoAssignCompleted', 'cycleIssueAutoAssignStarted',
  'cycleLockToActive', 'cycleStartDay', 'cyclesEnabled', 'defaultIssueEstimate', 'groupIssueHistory', 'inheritIssueEstimation',
  'inheritWorkflowStatuses', 'issueEstimationAllowZero', 'issueEstimationExtended', 'issueEstimationType',
  'issueOrderingNoPriorityFirst', 'requirePriorityToLeaveTriage', 'setIssueSortOrderOnStateChange', 'upcomingCycleCount',
  'timezone', 'triageEnabled',
];

const SHARING = { inheritsSharedAccess: 'sharing issues outside their team is not replicated (no issue is shared here)' };

const TEAM_IGNORED = {
  inheritProjectStatuses: 'the replica has no projects',
  inheritSlackAutoCreateProjectChannel: 'the replica has no projects and no Slack integration',
  slackAutoCreateProjectChannel: 'the replica has no projects and no Slack integration',
  initiativesEnabled: 'the replica has no initiatives',
  issueSharingEnabled: 'sharing issues outside their team is not replicated',
  autoClosePeriod: 'auto-closing stale issues runs on Linear’s schedule, which the replica has none of',
  autoCloseStateId: 'see autoClosePeriod',
  defaultProjectTemplateId: 'the replica has no templates',
  defaultTemplateForMembersId: 'the replica has no templates',
  defaultTemplateForNonMembersId: 'the replica has no templates',
  inheritProductIntelligenceScope: 'Linear’s AI suggestions are not replicated',
  productIntelligenceScope: 'Linear’s AI suggestions are not replicated',
  markedAsDuplicateWorkflowStateId: 'the state duplicates move to is chosen by the client here',
};

export const INPUT_FIELDS: Record<string, FieldUse> = {
  IssueCreateInput: {
    stored: [...SORT_ORDERS, ...SLA, 'estimate', 'completedAt', 'createdAt'],
    handled: [
      'id', 'title', 'description', 'teamId', 'stateId', 'assigneeId', 'parentId', 'priority', 'dueDate', 'labelIds',
      'subscriberIds', 'cycleId', 'delegateId', 'sourceCommentId', 'projectId', 'projectMilestoneId', 'templateId',
      'releaseIds',
    ],
    ignored: {
      ...AS_APP,
      ...SHARING,
      descriptionData: 'the rich-text twin of description; the replica keeps the markdown description',
      lastAppliedTemplateId: 'the replica has no templates',
      useDefaultTemplate: 'the replica has no templates',
      preserveSortOrderOnCreate: 'the replica orders by the sort orders given, or 0',
      referenceCommentId: 'links the comment that prompted the issue in Linear’s activity feed, which is not replicated',
      sourcePullRequestCommentId: 'the replica has no pull requests',
    },
  },
  IssueUpdateInput: {
    stored: [...SORT_ORDERS, ...SLA, 'estimate', 'snoozedUntilAt', 'trashed'],
    handled: [
      'title', 'description', 'teamId', 'stateId', 'assigneeId', 'parentId', 'priority', 'dueDate', 'labelIds',
      'addedLabelIds', 'removedLabelIds', 'subscriberIds', 'cycleId', 'delegateId', 'snoozedById', 'projectId',
      'projectMilestoneId', 'releaseIds', 'addedReleaseIds', 'removedReleaseIds',
    ],
    ignored: {
      ...SHARING,
      trusted: '[Internal] in Linear: marks an issue as trusted, which nothing in the replica reads',
      descriptionData: 'the rich-text twin of description; the replica keeps the markdown description',
      lastAppliedTemplateId: 'the replica has no templates',
      autoClosedByParentClosing: 'auto-closing sub-issues with their parent is not replicated',
    },
  },
  CommentCreateInput: {
    stored: ['quotedText', 'createdAt'],
    handled: ['id', 'issueId', 'body', 'parentId', 'documentContentId', 'initiativeId', 'initiativeUpdateId', 'postId', 'projectId', 'projectUpdateId'],
    ignored: {
      ...AS_APP,
      bodyData: 'the rich-text twin of body; the replica keeps the markdown body (and derives bodyData from it)',
      createOnSyncedSlackThread: 'the replica has no Slack sync',
      doNotSubscribeToIssue: 'commenting does not subscribe the author here (see docs/replicas.md, Linear, in DiffLab)',
      subscriberIds: 'comment threads have no subscribers of their own here',
    },
  },
  CommentUpdateInput: {
    stored: ['quotedText'],
    handled: ['body', 'resolvingCommentId', 'resolvingUserId'],
    ignored: {
      bodyData: 'the rich-text twin of body; the replica keeps the markdown body',
      doNotSubscribeToIssue: 'commenting does not subscribe the author here (see docs/replicas.md, Linear, in DiffLab)',
      subscriberIds: 'comment threads have no subscribers of their own here',
    },
  },
  IssueLabelCreateInput: { stored: ['color', 'description', 'isGroup', 'retiredAt'], handled: ['id', 'name', 'teamId', 'parentId'], ignored: { groupType: LABEL_GROUP_TYPE } },
  IssueLabelUpdateInput: { stored: ['name', 'color', 'description', 'isGroup', 'retiredAt'], handled: ['parentId'], ignored: { groupType: LABEL_GROUP_TYPE } },
  IssueRelationCreateInput: { stored: [], handled: ['id', 'issueId', 'relatedIssueId', 'type'], ignored: {} },
  IssueRelationUpdateInput: { stored: [], handled: ['issueId', 'relatedIssueId', 'type'], ignored: {} },
  WorkflowStateCreateInput: { stored: ['color', 'description', 'name', 'position'], handled: ['id', 'teamId', 'type'], ignored: {} },
  WorkflowStateUpdateInput: { stored: ['color', 'description', 'name', 'position'], handled: [], ignored: {} },
  TeamCreateInput: {
    stored: [...TEAM_SETTINGS, 'color', 'description', 'icon', 'private'],
    handled: ['id', 'name', 'key', 'parentId'],
    ignored: { ...TEAM_IGNORED, organizationId: 'the replica has one workspace' },
  },
  TeamUpdateInput: {
    stored: [
      ...TEAM_SETTINGS, 'color', 'description', 'icon', 'private', 'name', 'aiThreadSummariesEnabled', 'scimManaged',
      'slackIssueComments', 'slackIssueStatuses', 'slackNewIssue',
    ],
    handled: ['key', 'parentId'],
    ignored: {
      ...TEAM_IGNORED,
      agentAutomationEnabled: '[Internal] in Linear: agent automation is not replicated',
      aiDiscussionSummariesEnabled: 'Linear’s AI summaries are not replicated',
      allMembersCanJoin: 'the replica has no invitations or join requests',
      codingAgentEnabled: '[Internal] in Linear: coding sessions are not replicated',
      handleSubTeamsOnRetirement: 'retiring teams is not replicated',
      retiredAt: 'retiring teams is not replicated',
      scimGroupName: 'the replica has no SCIM provisioning',
      securitySettings: 'the replica has no per-team security settings',
      autoCloseChildIssues: 'auto-closing sub-issues with their parent is not replicated',
      autoCloseParentIssues: 'auto-closing parents with their sub-issues is not replicated',
      cycleEnabledStartDate: 'the replica does not schedule cycles',
      defaultIssueStateId: 'new issues take the team’s first backlog state, as Linear’s default',
      joinByDefault: 'the replica has no invitations',
    },
  },
  TeamMembershipCreateInput: { stored: ['owner', 'sortOrder'], handled: ['id', 'teamId', 'userId'], ignored: {} },
  IssueBatchCreateInput: { stored: [], handled: ['issues'], ignored: {} },
  UserUpdateInput: {
    stored: ['avatarUrl', 'description', 'displayName', 'name', 'statusEmoji', 'statusLabel', 'statusUntilAt', 'timezone'],
    handled: [],
    ignored: { title: 'a user\'s job title is not replicated (Agent-Diff\'s users table has no column for it)' },
  },
};

/** Arguments of the implemented mutations beside `id` and `input`, with what they do. */
export const MUTATION_ARGUMENTS: Record<string, FieldUse> = {
  'Mutation.issueDelete': { stored: [], handled: ['permanentlyDelete'], ignored: {} },
  'Mutation.issueArchive': { stored: [], handled: ['trash'], ignored: {} },
  'Mutation.commentUpdate': { stored: [], handled: ['skipEditedAt'], ignored: {} },
  'Mutation.issueLabelCreate': { stored: [], handled: [], ignored: { replaceTeamLabels: 'merging same-named team labels into a workspace label is not replicated' } },
  'Mutation.issueLabelUpdate': { stored: [], handled: [], ignored: { replaceTeamLabels: 'merging same-named team labels into a workspace label is not replicated' } },
  'Mutation.issueRelationCreate': { stored: [], handled: ['overrideCreatedAt'], ignored: {} },
  'Mutation.teamCreate': { stored: [], handled: ['copySettingsFromTeamId'], ignored: {} },
  'Mutation.teamUpdate': { stored: [], handled: [], ignored: { mapping: 'moving labels and states when a team changes parent is not replicated' } },
  'Mutation.teamMembershipDelete': { stored: [], handled: [], ignored: { alsoLeaveParentTeams: 'memberships of parent teams are not replicated' } },
};

/** The stored fields of `input` that are present, as a row patch. */
export function storedFields(inputName: keyof typeof INPUT_FIELDS, input: Record<string, unknown>): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const key of INPUT_FIELDS[inputName].stored) if (input[key] !== undefined) patch[key] = input[key];
  return patch;
}
