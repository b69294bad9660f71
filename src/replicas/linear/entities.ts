/**
 * What the filters, connections and loaders know about each entity: its table and, for each filterable field, how
 * it maps to SQL. Field names are Linear's filter field names (`IssueFilter.assignee`, `WorkflowStateFilter.type`).
 */
export type EntityName = 'issue' | 'team' | 'user' | 'workflowState' | 'issueLabel' | 'comment' | 'issueRelation' | 'teamMembership' | 'cycle';

export type ScalarKind = 'id' | 'string' | 'number' | 'date' | 'timeless' | 'boolean';

export type FilterField =
  | { kind: ScalarKind; column: string }
  /** Many-to-one: this table's `column` holds the id of one `entity` row (or null). */
  | { kind: 'one'; entity: EntityName; column: string }
  /** One-to-many or many-to-many: rows of `entity` joined to the outer row. */
  | {
      kind: 'many';
      entity: EntityName;
      join: (outer: string, inner: string, pivot: string) => { from: string; where: string };
      /** For a many-to-many through a join table: its name and the columns holding this row's and the target's id. */
      through?: { table: string; outerColumn: string; targetColumn: string };
    }
  /** Computed: the acting user (`isMe`) or the text an issue is searched by (`searchableContent`). */
  | { kind: 'isMe' }
  | { kind: 'content' };

export interface Entity {
  table: string;
  /** The GraphQL type name, for "Entity not found: <type>". */
  typeName: string;
  fields: Record<string, FilterField>;
}

const common = {
  id: { kind: 'id', column: 'id' },
  createdAt: { kind: 'date', column: 'createdAt' },
  updatedAt: { kind: 'date', column: 'updatedAt' },
} as const satisfies Record<string, FilterField>;

const byColumn = (table: string, column: string) => (outer: string, inner: string) => ({
  from: `${table} ${inner}`,
  where: `${inner}."${column}" = ${outer}."id"`,
});

export const ENTITIES: Record<EntityName, Entity> = {
  issue: {
    table: 'issues',
    typeName: 'Issue',
    fields: {
      ...common,
      title: { kind: 'string', column: 'title' },
      description: { kind: 'string', column: 'description' },
      priority: { kind: 'number', column: 'priority' },
      number: { kind: 'number', column: 'number' },
      estimate: { kind: 'number', column: 'estimate' },
      archivedAt: { kind: 'date', column: 'archivedAt' },
      completedAt: { kind: 'date', column: 'completedAt' },
      canceledAt: { kind: 'date', column: 'canceledAt' },
      startedAt: { kind: 'date', column: 'startedAt' },
      dueDate: { kind: 'timeless', column: 'dueDate' },
      team: { kind: 'one', entity: 'team', column: 'teamId' },
      state: { kind: 'one', entity: 'workflowState', column: 'stateId' },
      assignee: { kind: 'one', entity: 'user', column: 'assigneeId' },
      creator: { kind: 'one', entity: 'user', column: 'creatorId' },
      parent: { kind: 'one', entity: 'issue', column: 'parentId' },
      children: { kind: 'many', entity: 'issue', join: byColumn('issues', 'parentId') },
      comments: { kind: 'many', entity: 'comment', join: byColumn('comments', 'issueId') },
      labels: {
        kind: 'many',
        entity: 'issueLabel',
        join: (outer, inner, pivot) => ({
          from: `issue_label_issue_association ${pivot} JOIN issue_labels ${inner} ON ${inner}."id" = ${pivot}."issue_label_id"`,
          where: `${pivot}."issue_id" = ${outer}."id"`,
        }),
        through: { table: 'issue_label_issue_association', outerColumn: 'issue_id', targetColumn: 'issue_label_id' },
      },
      searchableContent: { kind: 'content' },
    },
  },
  team: {
    table: 'teams',
    typeName: 'Team',
    fields: {
      ...common,
      name: { kind: 'string', column: 'name' },
      key: { kind: 'string', column: 'key' },
      description: { kind: 'string', column: 'description' },
      issues: { kind: 'many', entity: 'issue', join: byColumn('issues', 'teamId') },
    },
  },
  user: {
    table: 'users',
    typeName: 'User',
    fields: {
      ...common,
      name: { kind: 'string', column: 'name' },
      displayName: { kind: 'string', column: 'displayName' },
      email: { kind: 'string', column: 'email' },
      active: { kind: 'boolean', column: 'active' },
      admin: { kind: 'boolean', column: 'admin' },
      isMe: { kind: 'isMe' },
    },
  },
  workflowState: {
    table: 'workflow_states',
    typeName: 'WorkflowState',
    fields: {
      ...common,
      name: { kind: 'string', column: 'name' },
      type: { kind: 'string', column: 'type' },
      description: { kind: 'string', column: 'description' },
      position: { kind: 'number', column: 'position' },
      team: { kind: 'one', entity: 'team', column: 'teamId' },
    },
  },
  issueLabel: {
    table: 'issue_labels',
    typeName: 'IssueLabel',
    fields: {
      ...common,
      name: { kind: 'string', column: 'name' },
      isGroup: { kind: 'boolean', column: 'isGroup' },
      team: { kind: 'one', entity: 'team', column: 'teamId' },
      parent: { kind: 'one', entity: 'issueLabel', column: 'parentId' },
      creator: { kind: 'one', entity: 'user', column: 'creatorId' },
    },
  },
  comment: {
    table: 'comments',
    typeName: 'Comment',
    fields: {
      ...common,
      body: { kind: 'string', column: 'body' },
      user: { kind: 'one', entity: 'user', column: 'userId' },
      issue: { kind: 'one', entity: 'issue', column: 'issueId' },
    },
  },
  issueRelation: {
    table: 'issue_relations',
    typeName: 'IssueRelation',
    fields: { ...common, type: { kind: 'string', column: 'type' } },
  },
  teamMembership: {
    table: 'team_memberships',
    typeName: 'TeamMembership',
    fields: { ...common },
  },
  cycle: {
    table: 'cycles',
    typeName: 'Cycle',
    fields: { ...common, number: { kind: 'number', column: 'number' }, name: { kind: 'string', column: 'name' }, team: { kind: 'one', entity: 'team', column: 'teamId' } },
  },
};
