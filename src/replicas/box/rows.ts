/** Rows as the Box tables hold them (see schema.ts). */
export interface UserRow {
  id: string;
  name: string;
  login: string;
  status: string;
  role: string;
  job_title: string;
  language: string;
  timezone: string;
  space_amount: number;
  created_at: string | null;
  modified_at: string | null;
}

interface ItemBase {
  id: string;
  name: string;
  parent_id: string | null;
  description: string;
  tags: string[];
  shared_link: Record<string, unknown> | null;
  item_status: 'active' | 'trashed' | 'deleted';
  size: number;
  sequence_id: string | null;
  etag: string | null;
  created_by_id: string | null;
  modified_by_id: string | null;
  owned_by_id: string | null;
  created_at: string | null;
  modified_at: string | null;
  trashed_at: string | null;
}

export interface FolderRow extends ItemBase {
  type: 'folder';
}

export interface FileRow extends ItemBase {
  type: 'file';
  extension: string;
  sha_1: string;
  version_number: string;
  comment_count: number;
  content_created_at: string | null;
  content_modified_at: string | null;
}

export type ItemRow = FileRow | FolderRow;

export interface VersionRow {
  id: string;
  file_id: string;
  version_number: string;
  name: string;
  size: number;
  sha_1: string;
  content: string | null;
  content_encoding: 'utf8' | 'base64';
  modified_by_id: string | null;
  created_at: string | null;
  modified_at: string | null;
}

export interface CommentRow {
  id: string;
  item_id: string;
  item_type: string;
  file_id: string | null;
  message: string;
  tagged_message: string | null;
  is_reply_comment: boolean;
  created_by_id: string | null;
  created_at: string | null;
  modified_at: string | null;
}

export interface TaskRow {
  id: string;
  item_id: string;
  item_type: string;
  message: string;
  action: string;
  completion_rule: string;
  due_at: string | null;
  is_completed: boolean;
  created_by_id: string | null;
  created_at: string | null;
}

export interface HubRow {
  id: string;
  title: string;
  description: string;
  is_ai_enabled: boolean;
  can_non_owners_invite: boolean;
  can_shared_link_be_created: boolean;
  is_collaboration_restricted_to_enterprise: boolean;
  view_count: number;
  created_by_id: string | null;
  updated_by_id: string | null;
  created_at: string | null;
  updated_at: string | null;
}
