/**
 * Fields that Linear's API has today (as @linear/sdk 98's generated documents select them) but that the older
 * published SDL the conformance test reads lacks. The SDK's `Issue`, `User`, `Team`, `Organization`, `Comment` and
 * `IssueLabel` fragments ask for them, so without them none of its queries would validate. Their types follow the
 * SDK's generated TypeScript schema; a test checks each one is declared there.
 */
export const linearSdlNewer = /* GraphQL */ `
type IssueSharedAccess {
  isShared: Boolean!
  sharedWithCount: Int!
  viewerHasOnlySharedAccess: Boolean!
  disallowedIssueFields: [IssueSharedAccessDisallowedField!]!
  sharedWithUsers: [User!]!
}

enum IssueSharedAccessDisallowedField {
  cycleId
  projectId
  projectMilestoneId
  teamId
}

enum LabelGroupType {
  multiSelect
  singleSelect
}

enum TeamVisibility {
  private
  public
  restricted
}

type AiPromptRules {
  id: ID!
  createdAt: DateTime!
  updatedAt: DateTime!
  archivedAt: DateTime
  updatedBy: User
}

type WelcomeMessage {
  id: ID!
  createdAt: DateTime!
  updatedAt: DateTime!
  archivedAt: DateTime
  title: String!
  enabled: Boolean!
  updatedBy: User
}

type Integration {
  id: ID!
}

extend type Issue {
  sharedAccess: IssueSharedAccess!
  inheritsSharedAccess: Boolean!
}

extend type IssueSearchResult {
  sharedAccess: IssueSharedAccess!
  inheritsSharedAccess: Boolean!
}

extend type User {
  title: String
  owner: Boolean!
  supportsAgentSessions: Boolean!
}

extend type Comment {
  initiativeId: String
  projectId: String
  initiative: Initiative
  project: Project
}

extend type DocumentContent {
  aiPromptRules: AiPromptRules
  welcomeMessage: WelcomeMessage
}

extend type IssueLabel {
  groupType: LabelGroupType
}

extend type Organization {
  authSettings: JSONObject!
  pullRequestIssueMode: String!
  securitySettings: JSONObject!
  slackProjectChannelIntegration: Integration
  defaultHomeView: String
  defaultHomeViewTargetId: String
  slackProjectChannelPrefix: String!
  trialStartsAt: DateTime
  gitLinkbackDescriptionsEnabled: Boolean!
  releasesEnabled: Boolean!
  suggestedBranchNameEnabled: Boolean!
  pullRequestTourEnabled: Boolean!
  aiDiscussionSummariesEnabled: Boolean!
  aiThreadSummariesEnabled: Boolean!
  hideNonPrimaryOrganizations: Boolean!
}

extend type Team {
  securitySettings: JSONObject!
  ledInitiativeCount: Int!
  retiredAt: DateTime
  viewerMembership: TeamMembership
  visibility: TeamVisibility!
  allMembersCanJoin: Boolean
  initiativesEnabled: Boolean!
  viewerCanJoin: Boolean!
  viewerCanLeave: Boolean!
  aiDiscussionSummariesEnabled: Boolean!
}
`;

/**
 * Arguments that @linear/sdk 98 sends and the published SDL lacks. SDL cannot add an argument to an existing field,
 * so `linearSchema()` adds these after building.
 */
export const linearNewerArguments: Record<string, Record<string, string>> = {
  'Mutation.commentUpdate': { skipEditedAt: 'Boolean' },
  'Team.members': { sort: '[UserSortInput!]' },
};
