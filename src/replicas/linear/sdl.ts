/**
 * Linear's public GraphQL schema, the subset this replica serves: the root fields it implements, and for each type the
 * fields that those operations (as @linear/sdk 98 writes them) and the Agent-Diff tasks select. Types, arguments,
 * nullability and enum values are Linear's own; a conformance test checks every declaration against the published
 * SDL. Descriptions live in docs.ts rather than here.
 */
export const linearSdl = /* GraphQL */ `
type Query {
  issue(id: String!): Issue!
  issues(after: String, before: String, filter: IssueFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy, sort: [IssueSortInput!]): IssueConnection!
  searchIssues(after: String, before: String, filter: IssueFilter, first: Int, includeArchived: Boolean, includeComments: Boolean, last: Int, orderBy: PaginationOrderBy, snippetSize: Float, teamId: String, term: String!): IssueSearchPayload!
  issueSearch(after: String, before: String, filter: IssueFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy, query: String): IssueConnection!
  team(id: String!): Team!
  teams(after: String, before: String, filter: TeamFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): TeamConnection!
  user(id: String!): User!
  users(after: String, before: String, filter: UserFilter, first: Int, includeArchived: Boolean, includeDisabled: Boolean, last: Int, orderBy: PaginationOrderBy, sort: [UserSortInput!]): UserConnection!
  viewer: User!
  organization: Organization!
  workflowState(id: String!): WorkflowState!
  workflowStates(after: String, before: String, filter: WorkflowStateFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): WorkflowStateConnection!
  issueLabel(id: String!): IssueLabel!
  issueLabels(after: String, before: String, filter: IssueLabelFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): IssueLabelConnection!
  comment(hash: String, id: String, issueId: String): Comment!
  comments(after: String, before: String, filter: CommentFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): CommentConnection!
  issueRelation(id: String!): IssueRelation!
  issueRelations(after: String, before: String, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): IssueRelationConnection!
  teamMembership(id: String!): TeamMembership!
  teamMemberships(after: String, before: String, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): TeamMembershipConnection!
}

type Mutation {
  issueCreate(input: IssueCreateInput!): IssuePayload!
  issueUpdate(id: String!, input: IssueUpdateInput!): IssuePayload!
  issueDelete(id: String!, permanentlyDelete: Boolean): IssueArchivePayload!
  issueArchive(id: String!, trash: Boolean): IssueArchivePayload!
  issueUnarchive(id: String!): IssueArchivePayload!
  issueAddLabel(id: String!, labelId: String!): IssuePayload!
  issueRemoveLabel(id: String!, labelId: String!): IssuePayload!
  issueBatchCreate(input: IssueBatchCreateInput!): IssueBatchPayload!
  issueBatchUpdate(ids: [UUID!]!, input: IssueUpdateInput!): IssueBatchPayload!
  issueDescriptionUpdateFromFront(description: String!, id: String!): IssuePayload!
  commentCreate(input: CommentCreateInput!): CommentPayload!
  commentUpdate(id: String!, input: CommentUpdateInput!): CommentPayload!
  commentDelete(id: String!): DeletePayload!
  issueLabelCreate(input: IssueLabelCreateInput!, replaceTeamLabels: Boolean): IssueLabelPayload!
  issueLabelUpdate(id: String!, input: IssueLabelUpdateInput!, replaceTeamLabels: Boolean): IssueLabelPayload!
  issueLabelDelete(id: String!): DeletePayload!
  issueRelationCreate(input: IssueRelationCreateInput!, overrideCreatedAt: DateTime): IssueRelationPayload!
  issueRelationUpdate(id: String!, input: IssueRelationUpdateInput!): IssueRelationPayload!
  issueRelationDelete(id: String!): DeletePayload!
  workflowStateCreate(input: WorkflowStateCreateInput!): WorkflowStatePayload!
  workflowStateUpdate(id: String!, input: WorkflowStateUpdateInput!): WorkflowStatePayload!
  workflowStateArchive(id: String!): WorkflowStateArchivePayload!
  teamCreate(copySettingsFromTeamId: String, input: TeamCreateInput!): TeamPayload!
  teamUpdate(id: String!, input: TeamUpdateInput!, mapping: InheritanceEntityMapping): TeamPayload!
  teamMembershipCreate(input: TeamMembershipCreateInput!): TeamMembershipPayload!
  teamMembershipDelete(alsoLeaveParentTeams: Boolean, id: String!): DeletePayload!
  userUpdate(id: String!, input: UserUpdateInput!): UserPayload!
}

enum ProductIntelligenceScope {
  none
  team
  teamHierarchy
  workspace
}

type ActorBot {
  avatarUrl: String
  subType: String
  id: ID
  name: String
  userDisplayName: String
  type: String!
}

type AgentSession {
  id: ID!
}

type ArchiveResponse {
  archive: String!
  totalCount: Float!
  databaseVersion: Float!
  includesDependencies: [String!]!
}

type Comment {
  agentSession: AgentSession
  url: String!
  reactionData: JSONObject!
  reactions: [Reaction!]!
  resolvingCommentId: String
  documentContentId: String
  initiativeUpdateId: String
  issueId: String
  parentId: String
  projectUpdateId: String
  botActor: ActorBot
  resolvingComment: Comment
  id: ID!
  body: String!
  documentContent: DocumentContent
  syncedWith: [ExternalEntityInfo!]
  externalThread: SyncedExternalThread
  externalUser: ExternalUser
  initiativeUpdate: InitiativeUpdate
  issue: Issue
  updatedAt: DateTime!
  parent: Comment
  projectUpdate: ProjectUpdate
  quotedText: String
  archivedAt: DateTime
  createdAt: DateTime!
  editedAt: DateTime
  resolvedAt: DateTime
  resolvingUser: User
  user: User
  children(after: String, before: String, filter: CommentFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): CommentConnection!
}

type CommentConnection {
  edges: [CommentEdge!]!
  nodes: [Comment!]!
  pageInfo: PageInfo!
}

type CommentPayload {
  comment: Comment!
  lastSyncId: Float!
  success: Boolean!
}

type Cycle {
  id: ID!
}

type DeletePayload {
  entityId: String!
  lastSyncId: Float!
  success: Boolean!
}

type Document {
  id: ID!
}

type DocumentContent {
  content: String
  contentState: String
  document: Document
  initiative: Initiative
  issue: Issue
  updatedAt: DateTime!
  projectMilestone: ProjectMilestone
  project: Project
  restoredAt: DateTime
  archivedAt: DateTime
  createdAt: DateTime!
  id: ID!
}

type ExternalEntityInfo {
  metadata: ExternalEntityInfoMetadata
  service: ExternalSyncService!
  id: String!
}

type ExternalEntityInfoGithubMetadata {
  number: Float
  owner: String
  repo: String
}

type ExternalEntityInfoJiraMetadata {
  issueTypeId: String
  projectId: String
  issueKey: String
}

type ExternalEntitySlackMetadata {
  messageUrl: String
  channelId: String
  channelName: String
  isFromSlack: Boolean!
}

type ExternalUser {
  id: ID!
}

type Favorite {
  id: ID!
}

type Initiative {
  id: ID!
}

type InitiativeUpdate {
  id: ID!
}

type IntegrationsSettings {
  id: ID!
}

type Issue {
  id: ID!
  trashed: Boolean
  reactionData: JSONObject!
  labelIds: [String!]!
  integrationSourceType: IntegrationService
  url: String!
  identifier: String!
  priorityLabel: String!
  previousIdentifiers: [String!]!
  reactions: [Reaction!]!
  customerTicketCount: Int!
  branchName: String!
  delegate: User
  botActor: ActorBot
  sourceComment: Comment
  cycle: Cycle
  dueDate: TimelessDate
  estimate: Float
  syncedWith: [ExternalEntityInfo!]
  externalUserCreator: ExternalUser
  asksExternalUserRequester: ExternalUser
  asksRequester: User
  description: String
  title: String!
  number: Float!
  lastAppliedTemplate: Template
  updatedAt: DateTime!
  boardOrder: Float!
  sortOrder: Float!
  prioritySortOrder: Float!
  subIssueSortOrder: Float
  parent: Issue
  priority: Float!
  projectMilestone: ProjectMilestone
  project: Project
  recurringIssueTemplate: Template
  team: Team!
  archivedAt: DateTime
  createdAt: DateTime!
  startedTriageAt: DateTime
  triagedAt: DateTime
  addedToCycleAt: DateTime
  addedToProjectAt: DateTime
  addedToTeamAt: DateTime
  autoArchivedAt: DateTime
  autoClosedAt: DateTime
  canceledAt: DateTime
  completedAt: DateTime
  startedAt: DateTime
  slaStartedAt: DateTime
  slaBreachesAt: DateTime
  slaHighRiskAt: DateTime
  slaMediumRiskAt: DateTime
  snoozedUntilAt: DateTime
  slaType: String
  assignee: User
  creator: User
  snoozedBy: User
  favorite: Favorite
  state: WorkflowState!
  children(after: String, before: String, filter: IssueFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): IssueConnection!
  comments(after: String, before: String, filter: CommentFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): CommentConnection!
  inverseRelations(after: String, before: String, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): IssueRelationConnection!
  labels(after: String, before: String, filter: IssueLabelFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): IssueLabelConnection!
  relations(after: String, before: String, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): IssueRelationConnection!
  subscribers(after: String, before: String, filter: UserFilter, first: Int, includeArchived: Boolean, includeDisabled: Boolean, last: Int, orderBy: PaginationOrderBy): UserConnection!
}

type IssueArchivePayload {
  entity: Issue
  lastSyncId: Float!
  success: Boolean!
}

type IssueBatchPayload {
  lastSyncId: Float!
  issues: [Issue!]!
  success: Boolean!
}

type IssueConnection {
  edges: [IssueEdge!]!
  nodes: [Issue!]!
  pageInfo: PageInfo!
}

type IssueLabel {
  lastAppliedAt: DateTime
  color: String!
  description: String
  name: String!
  updatedAt: DateTime!
  inheritedFrom: IssueLabel
  id: ID!
  parent: IssueLabel
  team: Team
  archivedAt: DateTime
  createdAt: DateTime!
  creator: User
  retiredBy: User
  isGroup: Boolean!
  children(after: String, before: String, filter: IssueLabelFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): IssueLabelConnection!
  issues(after: String, before: String, filter: IssueFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): IssueConnection!
}

type IssueLabelConnection {
  edges: [IssueLabelEdge!]!
  nodes: [IssueLabel!]!
  pageInfo: PageInfo!
}

input UserUpdateInput {
  avatarUrl: String
  description: String
  displayName: String
  name: String
  statusEmoji: String
  statusLabel: String
  statusUntilAt: DateTime
  timezone: String
}

type UserPayload {
  lastSyncId: Float!
  success: Boolean!
  user: User
}

type IssueLabelPayload {
  lastSyncId: Float!
  issueLabel: IssueLabel!
  success: Boolean!
}

type IssuePayload {
  lastSyncId: Float!
  issue: Issue
  success: Boolean!
}

type IssueRelation {
  updatedAt: DateTime!
  issue: Issue!
  relatedIssue: Issue!
  archivedAt: DateTime
  createdAt: DateTime!
  type: String!
  id: ID!
}

type IssueRelationConnection {
  edges: [IssueRelationEdge!]!
  nodes: [IssueRelation!]!
  pageInfo: PageInfo!
}

type IssueRelationPayload {
  lastSyncId: Float!
  issueRelation: IssueRelation!
  success: Boolean!
}

type IssueSearchPayload {
  archivePayload: ArchiveResponse!
  totalCount: Float!
  nodes: [IssueSearchResult!]!
  pageInfo: PageInfo!
}

type IssueSearchResult {
  trashed: Boolean
  reactionData: JSONObject!
  labelIds: [String!]!
  integrationSourceType: IntegrationService
  url: String!
  identifier: String!
  priorityLabel: String!
  metadata: JSONObject!
  previousIdentifiers: [String!]!
  reactions: [Reaction!]!
  customerTicketCount: Int!
  branchName: String!
  delegate: User
  botActor: ActorBot
  sourceComment: Comment
  cycle: Cycle
  dueDate: TimelessDate
  estimate: Float
  syncedWith: [ExternalEntityInfo!]
  externalUserCreator: ExternalUser
  asksExternalUserRequester: ExternalUser
  asksRequester: User
  description: String
  title: String!
  number: Float!
  lastAppliedTemplate: Template
  updatedAt: DateTime!
  boardOrder: Float!
  sortOrder: Float!
  prioritySortOrder: Float!
  subIssueSortOrder: Float
  parent: Issue
  priority: Float!
  projectMilestone: ProjectMilestone
  project: Project
  recurringIssueTemplate: Template
  team: Team!
  archivedAt: DateTime
  createdAt: DateTime!
  startedTriageAt: DateTime
  triagedAt: DateTime
  addedToCycleAt: DateTime
  addedToProjectAt: DateTime
  addedToTeamAt: DateTime
  autoArchivedAt: DateTime
  autoClosedAt: DateTime
  canceledAt: DateTime
  completedAt: DateTime
  startedAt: DateTime
  slaStartedAt: DateTime
  slaBreachesAt: DateTime
  slaHighRiskAt: DateTime
  slaMediumRiskAt: DateTime
  snoozedUntilAt: DateTime
  slaType: String
  id: ID!
  assignee: User
  creator: User
  snoozedBy: User
  favorite: Favorite
  state: WorkflowState!
}

type Organization {
  allowedAuthServices: [String!]!
  allowedFileUploadContentTypes: [String!]
  createdIssueCount: Int!
  customersConfiguration: JSONObject!
  defaultFeedSummarySchedule: FeedSummarySchedule
  previousUrlKeys: [String!]!
  periodUploadVolume: Float!
  logoUrl: String
  initiativeUpdateRemindersDay: Day!
  projectUpdateRemindersDay: Day!
  releaseChannel: ReleaseChannel!
  initiativeUpdateReminderFrequencyInWeeks: Float
  projectUpdateReminderFrequencyInWeeks: Float
  initiativeUpdateRemindersHour: Float!
  projectUpdateRemindersHour: Float!
  updatedAt: DateTime!
  customerCount: Int!
  userCount: Int!
  gitBranchFormat: String
  deletionRequestedAt: DateTime
  trialEndsAt: DateTime
  archivedAt: DateTime
  createdAt: DateTime!
  id: ID!
  projectStatuses: [ProjectStatus!]!
  name: String!
  subscription: PaidSubscription
  urlKey: String!
  fiscalYearStartMonth: Float!
  hipaaComplianceEnabled: Boolean!
  samlEnabled: Boolean!
  scimEnabled: Boolean!
  customersEnabled: Boolean!
  gitLinkbackMessagesEnabled: Boolean!
  gitPublicLinkbackMessagesEnabled: Boolean!
  feedEnabled: Boolean!
  roadmapEnabled: Boolean!
  projectUpdatesReminderFrequency: ProjectUpdateReminderFrequency!
  allowMembersToInvite: Boolean
  restrictTeamCreationToAdmins: Boolean
  restrictLabelManagementToAdmins: Boolean
  slaDayCount: SLADayCountType!
  labels(after: String, before: String, filter: IssueLabelFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): IssueLabelConnection!
  teams(after: String, before: String, filter: TeamFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): TeamConnection!
  users(after: String, before: String, first: Int, includeArchived: Boolean, includeDisabled: Boolean, last: Int, orderBy: PaginationOrderBy): UserConnection!
}

type PageInfo {
  startCursor: String
  endCursor: String
  hasPreviousPage: Boolean!
  hasNextPage: Boolean!
}

type PaidSubscription {
  collectionMethod: String!
  cancelAt: DateTime
  canceledAt: DateTime
  nextBillingAt: DateTime
  updatedAt: DateTime!
  seatsMaximum: Float
  seatsMinimum: Float
  seats: Float!
  type: String!
  pendingChangeType: String
  archivedAt: DateTime
  createdAt: DateTime!
  id: ID!
  creator: User
}

type Project {
  id: ID!
}

type ProjectMilestone {
  id: ID!
}

type ProjectStatus {
  description: String
  type: ProjectStatusType!
  color: String!
  updatedAt: DateTime!
  name: String!
  position: Float!
  archivedAt: DateTime
  createdAt: DateTime!
  id: ID!
  indefinite: Boolean!
}

type ProjectUpdate {
  id: ID!
}

type Reaction {
  comment: Comment
  externalUser: ExternalUser
  initiativeUpdate: InitiativeUpdate
  issue: Issue
  updatedAt: DateTime!
  emoji: String!
  projectUpdate: ProjectUpdate
  archivedAt: DateTime
  createdAt: DateTime!
  id: ID!
  user: User
}

type SyncedExternalThread {
  url: String
  name: String
  displayName: String
  type: String!
  subType: String
  id: ID
  isPersonalIntegrationRequired: Boolean!
  isPersonalIntegrationConnected: Boolean!
  isConnected: Boolean!
}

type Team {
  id: ID!
  cycleIssueAutoAssignCompleted: Boolean!
  cycleLockToActive: Boolean!
  cycleIssueAutoAssignStarted: Boolean!
  cycleCalenderUrl: String!
  upcomingCycleCount: Float!
  autoArchivePeriod: Float!
  autoClosePeriod: Float
  integrationsSettings: IntegrationsSettings
  activeCycle: Cycle
  triageResponsibility: TriageResponsibility
  scimGroupName: String
  autoCloseStateId: String
  cycleCooldownTime: Float!
  cycleStartDay: Float!
  defaultTemplateForMembers: Template
  defaultTemplateForNonMembers: Template
  defaultProjectTemplate: Template
  defaultIssueState: WorkflowState
  cycleDuration: Float!
  icon: String
  defaultTemplateForMembersId: String
  defaultTemplateForNonMembersId: String
  issueEstimationType: String!
  updatedAt: DateTime!
  displayName: String!
  color: String
  description: String
  name: String!
  parent: Team
  key: String!
  archivedAt: DateTime
  createdAt: DateTime!
  timezone: String!
  issueCount(includeArchived: Boolean = false): Int!
  mergeWorkflowState: WorkflowState
  draftWorkflowState: WorkflowState
  startWorkflowState: WorkflowState
  mergeableWorkflowState: WorkflowState
  reviewWorkflowState: WorkflowState
  triageIssueState: WorkflowState
  defaultIssueEstimate: Float!
  setIssueSortOrderOnStateChange: String!
  requirePriorityToLeaveTriage: Boolean!
  autoCloseChildIssues: Boolean
  autoCloseParentIssues: Boolean
  scimManaged: Boolean!
  private: Boolean!
  inheritIssueEstimation: Boolean!
  inheritWorkflowStatuses: Boolean!
  cyclesEnabled: Boolean!
  issueEstimationExtended: Boolean!
  issueEstimationAllowZero: Boolean!
  aiThreadSummariesEnabled: Boolean!
  groupIssueHistory: Boolean!
  slackIssueComments: Boolean!
  slackNewIssue: Boolean!
  slackIssueStatuses: Boolean!
  triageEnabled: Boolean!
  markedAsDuplicateWorkflowState: WorkflowState
  inviteHash: String!
  issueOrderingNoPriorityFirst: Boolean!
  issueSortOrderDefaultToBottom: Boolean!
  issues(after: String, before: String, filter: IssueFilter, first: Int, includeArchived: Boolean, includeSubTeams: Boolean = false, last: Int, orderBy: PaginationOrderBy): IssueConnection!
  labels(after: String, before: String, filter: IssueLabelFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): IssueLabelConnection!
  members(after: String, before: String, filter: UserFilter, first: Int, includeArchived: Boolean, includeDisabled: Boolean, last: Int, orderBy: PaginationOrderBy): UserConnection!
  memberships(after: String, before: String, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): TeamMembershipConnection!
  states(after: String, before: String, filter: WorkflowStateFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): WorkflowStateConnection!
}

type TeamConnection {
  edges: [TeamEdge!]!
  nodes: [Team!]!
  pageInfo: PageInfo!
}

type TeamMembership {
  updatedAt: DateTime!
  sortOrder: Float!
  team: Team!
  archivedAt: DateTime
  createdAt: DateTime!
  id: ID!
  user: User!
  owner: Boolean!
}

type TeamMembershipConnection {
  edges: [TeamMembershipEdge!]!
  nodes: [TeamMembership!]!
  pageInfo: PageInfo!
}

type TeamMembershipPayload {
  lastSyncId: Float!
  teamMembership: TeamMembership
  success: Boolean!
}

type TeamPayload {
  lastSyncId: Float!
  team: Team
  success: Boolean!
}

type Template {
  id: ID!
}

type TriageResponsibility {
  id: ID!
}

type User {
  id: ID!
  description: String
  avatarUrl: String
  createdIssueCount: Int!
  avatarBackgroundColor: String!
  statusUntilAt: DateTime
  statusEmoji: String
  initials: String!
  updatedAt: DateTime!
  lastSeen: DateTime
  timezone: String
  disableReason: String
  statusLabel: String
  archivedAt: DateTime
  createdAt: DateTime!
  gitHubUserId: String
  displayName: String!
  email: String!
  name: String!
  url: String!
  active: Boolean!
  isAssignable: Boolean!
  isMentionable: Boolean!
  guest: Boolean!
  admin: Boolean!
  app: Boolean!
  isMe: Boolean!
  canAccessAnyPublicTeam: Boolean!
  calendarHash: String
  inviteHash: String!
  assignedIssues(after: String, before: String, filter: IssueFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): IssueConnection!
  createdIssues(after: String, before: String, filter: IssueFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): IssueConnection!
  teamMemberships(after: String, before: String, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): TeamMembershipConnection!
  teams(after: String, before: String, filter: TeamFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): TeamConnection!
}

type UserConnection {
  edges: [UserEdge!]!
  nodes: [User!]!
  pageInfo: PageInfo!
}

type WorkflowState {
  id: ID!
  description: String
  updatedAt: DateTime!
  inheritedFrom: WorkflowState
  position: Float!
  color: String!
  name: String!
  team: Team!
  archivedAt: DateTime
  createdAt: DateTime!
  type: String!
  issues(after: String, before: String, filter: IssueFilter, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): IssueConnection!
}

type WorkflowStateArchivePayload {
  entity: WorkflowState
  lastSyncId: Float!
  success: Boolean!
}

type WorkflowStateConnection {
  edges: [WorkflowStateEdge!]!
  nodes: [WorkflowState!]!
  pageInfo: PageInfo!
}

type WorkflowStatePayload {
  lastSyncId: Float!
  workflowState: WorkflowState!
  success: Boolean!
}

input AssigneeSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input BooleanComparator {
  eq: Boolean
  neq: Boolean
}

input CommentCollectionFilter {
  and: [CommentCollectionFilter!]
  body: StringComparator
  createdAt: DateComparator
  every: CommentFilter
  id: IDComparator
  length: NumberComparator
  or: [CommentCollectionFilter!]
  some: CommentFilter
  updatedAt: DateComparator
  user: UserFilter
}

input CommentCreateInput {
  body: String
  bodyData: JSON
  createAsUser: String
  createOnSyncedSlackThread: Boolean
  createdAt: DateTime
  displayIconUrl: String
  doNotSubscribeToIssue: Boolean
  documentContentId: String
  id: String
  initiativeUpdateId: String
  issueId: String
  parentId: String
  postId: String
  projectUpdateId: String
  quotedText: String
  subscriberIds: [String!]
}

input CommentFilter {
  and: [CommentFilter!]
  body: StringComparator
  createdAt: DateComparator
  id: IDComparator
  issue: NullableIssueFilter
  or: [CommentFilter!]
  updatedAt: DateComparator
  user: UserFilter
}

input CommentUpdateInput {
  body: String
  bodyData: JSON
  doNotSubscribeToIssue: Boolean
  quotedText: String
  resolvingCommentId: String
  resolvingUserId: String
  subscriberIds: [String!]
}

input CompletedAtSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input ContentComparator {
  contains: String
  notContains: String
}

input CreatedAtSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input CustomerCountSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input CustomerImportantCountSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input CustomerRevenueSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input CustomerSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input CycleSort {
  currentCycleFirst: Boolean
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input DateComparator {
  eq: DateTimeOrDuration
  gt: DateTimeOrDuration
  gte: DateTimeOrDuration
  in: [DateTimeOrDuration!]
  lt: DateTimeOrDuration
  lte: DateTimeOrDuration
  neq: DateTimeOrDuration
  nin: [DateTimeOrDuration!]
}

input DelegateSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input DueDateSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input EstimateSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input IDComparator {
  eq: ID
  in: [ID!]
  neq: ID
  nin: [ID!]
}

input InheritanceEntityMapping {
  issueLabels: JSONObject
  workflowStates: JSONObject!
}

input IssueCollectionFilter {
  and: [IssueCollectionFilter!]
  archivedAt: NullableDateComparator
  assignee: NullableUserFilter
  canceledAt: NullableDateComparator
  children: IssueCollectionFilter
  comments: CommentCollectionFilter
  completedAt: NullableDateComparator
  createdAt: DateComparator
  creator: NullableUserFilter
  description: NullableStringComparator
  dueDate: NullableTimelessDateComparator
  every: IssueFilter
  id: IDComparator
  labels: IssueLabelCollectionFilter
  length: NumberComparator
  number: NumberComparator
  or: [IssueCollectionFilter!]
  parent: NullableIssueFilter
  priority: NullableNumberComparator
  searchableContent: ContentComparator
  some: IssueFilter
  startedAt: NullableDateComparator
  state: WorkflowStateFilter
  team: TeamFilter
  title: StringComparator
  updatedAt: DateComparator
}

input IssueBatchCreateInput {
  issues: [IssueCreateInput!]!
}

input IssueCreateInput {
  assigneeId: String
  boardOrder: Float
  completedAt: DateTime
  createAsUser: String
  createdAt: DateTime
  cycleId: String
  delegateId: String
  description: String
  descriptionData: JSON
  displayIconUrl: String
  dueDate: TimelessDate
  estimate: Int
  id: String
  labelIds: [String!]
  lastAppliedTemplateId: String
  parentId: String
  preserveSortOrderOnCreate: Boolean
  priority: Int
  prioritySortOrder: Float
  projectId: String
  projectMilestoneId: String
  referenceCommentId: String
  slaBreachesAt: DateTime
  slaStartedAt: DateTime
  slaType: SLADayCountType
  sortOrder: Float
  sourceCommentId: String
  sourcePullRequestCommentId: String
  stateId: String
  subIssueSortOrder: Float
  subscriberIds: [String!]
  teamId: String!
  templateId: String
  title: String
  useDefaultTemplate: Boolean
}

input IssueFilter {
  and: [IssueFilter!]
  archivedAt: NullableDateComparator
  assignee: NullableUserFilter
  canceledAt: NullableDateComparator
  children: IssueCollectionFilter
  comments: CommentCollectionFilter
  completedAt: NullableDateComparator
  createdAt: DateComparator
  creator: NullableUserFilter
  description: NullableStringComparator
  dueDate: NullableTimelessDateComparator
  id: IDComparator
  labels: IssueLabelCollectionFilter
  number: NumberComparator
  or: [IssueFilter!]
  parent: NullableIssueFilter
  priority: NullableNumberComparator
  searchableContent: ContentComparator
  startedAt: NullableDateComparator
  state: WorkflowStateFilter
  team: TeamFilter
  title: StringComparator
  updatedAt: DateComparator
}

input IssueLabelCollectionFilter {
  and: [IssueLabelCollectionFilter!]
  createdAt: DateComparator
  every: IssueLabelFilter
  id: IDComparator
  isGroup: BooleanComparator
  length: NumberComparator
  name: StringComparator
  or: [IssueLabelCollectionFilter!]
  some: IssueLabelFilter
  team: NullableTeamFilter
  updatedAt: DateComparator
}

input IssueLabelCreateInput {
  color: String
  description: String
  id: String
  isGroup: Boolean
  name: String!
  parentId: String
  retiredAt: DateTime
  teamId: String
}

input IssueLabelFilter {
  and: [IssueLabelFilter!]
  createdAt: DateComparator
  creator: NullableUserFilter
  id: IDComparator
  isGroup: BooleanComparator
  name: StringComparator
  or: [IssueLabelFilter!]
  parent: IssueLabelFilter
  team: NullableTeamFilter
  updatedAt: DateComparator
}

input IssueLabelUpdateInput {
  color: String
  description: String
  isGroup: Boolean
  name: String
  parentId: String
  retiredAt: DateTime
}

input IssueRelationCreateInput {
  id: String
  issueId: String!
  relatedIssueId: String!
  type: IssueRelationType!
}

input IssueRelationUpdateInput {
  issueId: String
  relatedIssueId: String
  type: String
}

input IssueSortInput {
  assignee: AssigneeSort
  completedAt: CompletedAtSort
  createdAt: CreatedAtSort
  customer: CustomerSort
  customerCount: CustomerCountSort
  customerImportantCount: CustomerImportantCountSort
  customerRevenue: CustomerRevenueSort
  cycle: CycleSort
  delegate: DelegateSort
  dueDate: DueDateSort
  estimate: EstimateSort
  label: LabelSort
  labelGroup: LabelGroupSort
  linkCount: LinkCountSort
  manual: ManualSort
  milestone: MilestoneSort
  priority: PrioritySort
  project: ProjectSort
  rootIssue: RootIssueSort
  slaStatus: SlaStatusSort
  team: TeamSort
  title: TitleSort
  updatedAt: UpdatedAtSort
  workflowState: WorkflowStateSort
}

input IssueUpdateInput {
  addedLabelIds: [String!]
  assigneeId: String
  autoClosedByParentClosing: Boolean
  boardOrder: Float
  cycleId: String
  delegateId: String
  description: String
  descriptionData: JSON
  dueDate: TimelessDate
  estimate: Int
  labelIds: [String!]
  lastAppliedTemplateId: String
  parentId: String
  priority: Int
  prioritySortOrder: Float
  projectId: String
  projectMilestoneId: String
  removedLabelIds: [String!]
  slaBreachesAt: DateTime
  slaStartedAt: DateTime
  slaType: SLADayCountType
  snoozedById: String
  snoozedUntilAt: DateTime
  sortOrder: Float
  stateId: String
  subIssueSortOrder: Float
  subscriberIds: [String!]
  teamId: String
  title: String
  trashed: Boolean
}

input LabelGroupSort {
  labelGroupId: String!
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input LabelSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input LinkCountSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input ManualSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input MilestoneSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input NullableDateComparator {
  eq: DateTimeOrDuration
  gt: DateTimeOrDuration
  gte: DateTimeOrDuration
  in: [DateTimeOrDuration!]
  lt: DateTimeOrDuration
  lte: DateTimeOrDuration
  neq: DateTimeOrDuration
  nin: [DateTimeOrDuration!]
  null: Boolean
}

input NullableIssueFilter {
  and: [NullableIssueFilter!]
  archivedAt: NullableDateComparator
  assignee: NullableUserFilter
  canceledAt: NullableDateComparator
  children: IssueCollectionFilter
  comments: CommentCollectionFilter
  completedAt: NullableDateComparator
  createdAt: DateComparator
  creator: NullableUserFilter
  description: NullableStringComparator
  dueDate: NullableTimelessDateComparator
  id: IDComparator
  labels: IssueLabelCollectionFilter
  null: Boolean
  number: NumberComparator
  or: [NullableIssueFilter!]
  parent: NullableIssueFilter
  priority: NullableNumberComparator
  searchableContent: ContentComparator
  startedAt: NullableDateComparator
  state: WorkflowStateFilter
  team: TeamFilter
  title: StringComparator
  updatedAt: DateComparator
}

input NullableNumberComparator {
  eq: Float
  gt: Float
  gte: Float
  in: [Float!]
  lt: Float
  lte: Float
  neq: Float
  nin: [Float!]
  null: Boolean
}

input NullableStringComparator {
  contains: String
  containsIgnoreCase: String
  containsIgnoreCaseAndAccent: String
  endsWith: String
  eq: String
  eqIgnoreCase: String
  in: [String!]
  neq: String
  neqIgnoreCase: String
  nin: [String!]
  notContains: String
  notContainsIgnoreCase: String
  notEndsWith: String
  notStartsWith: String
  null: Boolean
  startsWith: String
  startsWithIgnoreCase: String
}

input NullableTeamFilter {
  and: [NullableTeamFilter!]
  createdAt: DateComparator
  description: NullableStringComparator
  id: IDComparator
  key: StringComparator
  name: StringComparator
  null: Boolean
  or: [NullableTeamFilter!]
  updatedAt: DateComparator
}

input NullableTimelessDateComparator {
  eq: TimelessDateOrDuration
  gt: TimelessDateOrDuration
  gte: TimelessDateOrDuration
  in: [TimelessDateOrDuration!]
  lt: TimelessDateOrDuration
  lte: TimelessDateOrDuration
  neq: TimelessDateOrDuration
  nin: [TimelessDateOrDuration!]
  null: Boolean
}

input NullableUserFilter {
  active: BooleanComparator
  admin: BooleanComparator
  and: [NullableUserFilter!]
  createdAt: DateComparator
  displayName: StringComparator
  email: StringComparator
  id: IDComparator
  isMe: BooleanComparator
  name: StringComparator
  null: Boolean
  or: [NullableUserFilter!]
  updatedAt: DateComparator
}

input NumberComparator {
  eq: Float
  gt: Float
  gte: Float
  in: [Float!]
  lt: Float
  lte: Float
  neq: Float
  nin: [Float!]
}

input PrioritySort {
  noPriorityFirst: Boolean
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input ProjectSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input RootIssueSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
  sort: IssueSortInput!
}

input SlaStatusSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input StringComparator {
  contains: String
  containsIgnoreCase: String
  containsIgnoreCaseAndAccent: String
  endsWith: String
  eq: String
  eqIgnoreCase: String
  in: [String!]
  neq: String
  neqIgnoreCase: String
  nin: [String!]
  notContains: String
  notContainsIgnoreCase: String
  notEndsWith: String
  notStartsWith: String
  startsWith: String
  startsWithIgnoreCase: String
}

input TeamCreateInput {
  autoArchivePeriod: Float
  autoClosePeriod: Float
  autoCloseStateId: String
  color: String
  cycleCooldownTime: Int
  cycleDuration: Int
  cycleIssueAutoAssignCompleted: Boolean
  cycleIssueAutoAssignStarted: Boolean
  cycleLockToActive: Boolean
  cycleStartDay: Float
  cyclesEnabled: Boolean
  defaultIssueEstimate: Float
  defaultProjectTemplateId: String
  defaultTemplateForMembersId: String
  defaultTemplateForNonMembersId: String
  description: String
  groupIssueHistory: Boolean
  icon: String
  id: String
  inheritIssueEstimation: Boolean
  inheritProductIntelligenceScope: Boolean
  inheritWorkflowStatuses: Boolean
  issueEstimationAllowZero: Boolean
  issueEstimationExtended: Boolean
  issueEstimationType: String
  issueOrderingNoPriorityFirst: Boolean
  key: String
  markedAsDuplicateWorkflowStateId: String
  name: String!
  organizationId: String
  parentId: String
  private: Boolean
  productIntelligenceScope: ProductIntelligenceScope
  requirePriorityToLeaveTriage: Boolean
  setIssueSortOrderOnStateChange: String
  timezone: String
  triageEnabled: Boolean
  upcomingCycleCount: Float
}

input TeamFilter {
  and: [TeamFilter!]
  createdAt: DateComparator
  description: NullableStringComparator
  id: IDComparator
  issues: IssueCollectionFilter
  key: StringComparator
  name: StringComparator
  or: [TeamFilter!]
  updatedAt: DateComparator
}

input TeamMembershipCreateInput {
  id: String
  owner: Boolean
  sortOrder: Float
  teamId: String!
  userId: String!
}

input TeamSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input TeamUpdateInput {
  aiThreadSummariesEnabled: Boolean
  autoArchivePeriod: Float
  autoCloseChildIssues: Boolean
  autoCloseParentIssues: Boolean
  autoClosePeriod: Float
  autoCloseStateId: String
  color: String
  cycleCooldownTime: Int
  cycleDuration: Int
  cycleEnabledStartDate: DateTime
  cycleIssueAutoAssignCompleted: Boolean
  cycleIssueAutoAssignStarted: Boolean
  cycleLockToActive: Boolean
  cycleStartDay: Float
  cyclesEnabled: Boolean
  defaultIssueEstimate: Float
  defaultIssueStateId: String
  defaultProjectTemplateId: String
  defaultTemplateForMembersId: String
  defaultTemplateForNonMembersId: String
  description: String
  groupIssueHistory: Boolean
  icon: String
  inheritIssueEstimation: Boolean
  inheritProductIntelligenceScope: Boolean
  inheritWorkflowStatuses: Boolean
  issueEstimationAllowZero: Boolean
  issueEstimationExtended: Boolean
  issueEstimationType: String
  issueOrderingNoPriorityFirst: Boolean
  joinByDefault: Boolean
  key: String
  markedAsDuplicateWorkflowStateId: String
  name: String
  parentId: String
  private: Boolean
  productIntelligenceScope: ProductIntelligenceScope
  requirePriorityToLeaveTriage: Boolean
  scimManaged: Boolean
  setIssueSortOrderOnStateChange: String
  slackIssueComments: Boolean
  slackIssueStatuses: Boolean
  slackNewIssue: Boolean
  timezone: String
  triageEnabled: Boolean
  upcomingCycleCount: Float
}

input TitleSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input UpdatedAtSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input UserDisplayNameSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input UserFilter {
  active: BooleanComparator
  admin: BooleanComparator
  and: [UserFilter!]
  createdAt: DateComparator
  displayName: StringComparator
  email: StringComparator
  id: IDComparator
  isMe: BooleanComparator
  name: StringComparator
  or: [UserFilter!]
  updatedAt: DateComparator
}

input UserNameSort {
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input UserSortInput {
  displayName: UserDisplayNameSort
  name: UserNameSort
}

input WorkflowStateCreateInput {
  color: String!
  description: String
  id: String
  name: String!
  position: Float
  teamId: String!
  type: String!
}

input WorkflowStateFilter {
  and: [WorkflowStateFilter!]
  createdAt: DateComparator
  description: StringComparator
  id: IDComparator
  name: StringComparator
  or: [WorkflowStateFilter!]
  position: NumberComparator
  team: TeamFilter
  type: StringComparator
  updatedAt: DateComparator
}

input WorkflowStateSort {
  closedIssuesOrderedByRecency: Boolean
  nulls: PaginationNulls
  order: PaginationSortOrder
}

input WorkflowStateUpdateInput {
  color: String
  description: String
  name: String
  position: Float
}

enum Day {
  Friday
  Monday
  Saturday
  Sunday
  Thursday
  Tuesday
  Wednesday
}

enum ExternalSyncService {
  github
  jira
  slack
}

enum FeedSummarySchedule {
  daily
  never
  weekly
}

enum IntegrationService {
  airbyte
  discord
  email
  figma
  figmaPlugin
  front
  github
  githubCodeAccessPersonal
  githubCommit
  githubEnterpriseServer
  githubImport
  githubPersonal
  gitlab
  gong
  googleCalendarPersonal
  googleSheets
  intercom
  jira
  jiraPersonal
  launchDarkly
  launchDarklyPersonal
  loom
  notion
  opsgenie
  pagerDuty
  salesforce
  sentry
  slack
  slackAsks
  slackCustomViewNotifications
  slackInitiativePost
  slackOrgInitiativeUpdatesPost
  slackOrgProjectUpdatesPost
  slackPersonal
  slackPost
  slackProjectPost
  slackProjectUpdatesPost
  zendesk
}

enum IssueRelationType {
  blocks
  duplicate
  related
  similar
}

enum PaginationNulls {
  first
  last
}

enum PaginationOrderBy {
  createdAt
  updatedAt
}

enum PaginationSortOrder {
  Ascending
  Descending
}

enum ProjectStatusType {
  backlog
  canceled
  completed
  paused
  planned
  started
}

enum ProjectUpdateReminderFrequency {
  month
  never
  twoWeeks
  week
}

enum ReleaseChannel {
  beta
  development
  internal
  preRelease
  public
}

enum SLADayCountType {
  all
  onlyBusinessDays
}

union ExternalEntityInfoMetadata = ExternalEntityInfoGithubMetadata | ExternalEntityInfoJiraMetadata | ExternalEntitySlackMetadata

scalar DateTime

scalar DateTimeOrDuration

scalar JSON

scalar JSONObject

scalar TimelessDate

scalar TimelessDateOrDuration

scalar UUID
type CommentEdge {
  node: Comment!
  cursor: String!
}
type IssueEdge {
  node: Issue!
  cursor: String!
}
type IssueLabelEdge {
  node: IssueLabel!
  cursor: String!
}
type IssueRelationEdge {
  node: IssueRelation!
  cursor: String!
}
type TeamEdge {
  node: Team!
  cursor: String!
}
type TeamMembershipEdge {
  node: TeamMembership!
  cursor: String!
}
type UserEdge {
  node: User!
  cursor: String!
}
type WorkflowStateEdge {
  node: WorkflowState!
  cursor: String!
}
`;
