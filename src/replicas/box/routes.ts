import type { ParamSpec, Route } from '../types.ts';
import { collectionItems, getCollection, listCollections } from './collections.ts';
import { createComment, deleteComment, getComment, listFileComments, updateComment } from './comments.ts';
import { copyFile, deleteFile, downloadFile, getFile, listFileVersions, updateFile, uploadFile, uploadFileVersion } from './files.ts';
import { createFolder, deleteFolder, getFolder, listFolderItems, updateFolder } from './folders.ts';
import { createHub, deleteHub, getHub, listHubItems, listHubs, manageHubItems, updateHub } from './hubs.ts';
import { search } from './search.ts';
import { createTask, deleteTask, getTask, listFileTasks, updateTask } from './tasks.ts';
import { getCurrentUser, getUser, listUsers } from './users.ts';

/** Docs text: what the endpoint does, then the errors it answers with (status and Box's `code`). */
function doc(text: string, errors: Record<string, string> = {}): string {
  const lines = Object.entries(errors).map(([code, why]) => `- ${code}: ${why}`);
  return lines.length ? `${text}\n\nErrors (\`{"type": "error", "status", "code", "message", "request_id"}\`):\n${lines.join('\n')}` : text;
}

const p = {
  str: (description: string, required = false): ParamSpec => ({ type: 'string', description, required }),
  int: (description: string): ParamSpec => ({ type: 'integer', description }),
  bool: (description: string): ParamSpec => ({ type: 'boolean', description }),
  obj: (description: string, required = false): ParamSpec => ({ type: 'object', description, required }),
  arr: (description: string, required = false): ParamSpec => ({ type: 'array', description, required }),
};

const fields = p.str('Comma-separated field names to return instead of the default set (e.g. `name,tags,description,parent`). The answer always has `type`, `id` and `etag`.');
const offset = p.int('Index of the first entry to return (default 0).');
const fileId = p.str('The file, by id (in the URL).', true);
const folderId = p.str('The folder, by id (in the URL). The root "All Files" folder is `0`.', true);
const hubId = p.str('The hub, by id (in the URL).', true);

const NOT_FOUND = { '404 not_found': 'no such item, or you cannot see it', '404 trashed': 'the item is in the trash' };
const NAME_RULES = 'Names are at most 255 characters, may not be `.` or `..`, contain `/` or `\\\\`, or end with a space.';

const ITEM_UPDATE_PARAMS = {
  name: p.str(`New name. ${NAME_RULES}`),
  description: p.str('New description (at most 256 characters).'),
  parent: p.obj('`{"id": "<folder id>"}`: move the item into that folder.'),
  tags: p.arr('The complete new list of tags (strings); replaces the old list.'),
  shared_link: p.obj('`{"access": "open"|"company"|"collaborators", "password"?, "unshared_at"?, "vanity_name"?, "permissions": {"can_download", "can_preview", "can_edit"}}` creates or changes the shared link; `null` removes it.'),
  collections: p.arr('`[{"id": "<collection id>"}]` puts the item in Favorites; `[]` takes it out.'),
};

export const routes: Route[] = [
  {
    method: 'GET',
    path: 'search',
    summary: 'Search files and folders by name, description, tags, content and comments.',
    docs: doc(
      'Finds live items whose name, description, tags, current text content or comments contain every word of `query` (case-insensitive; `"exact phrase"`, `A OR B` and `NOT word` are understood). Narrow with `type` (file, folder), `file_extensions` (e.g. `csv,pdf`), `ancestor_folder_ids` (anywhere below these folders), `content_types` (which of name, description, file_content, comments, tag to match), `owner_user_ids`, `created_at_range`/`updated_at_range` (`from,to` in RFC 3339, either end may be empty) and `size_range` (`lower,upper` bytes). `trash_content=trashed_only` searches the trash instead. Results come in relevance order (name matches first), or by `modified_at` with `sort=modified_at` and `direction`. The answer is `{total_count, entries, limit, offset}`: page with `offset` and `limit` (default 30, at most 200).',
      { '400 bad_request': 'no `query` (reported for `to_search`), or a filter with a bad value' },
    ),
    params: {
      query: p.str('Words to find. Quoted phrases match exactly.', true),
      type: { type: 'string', description: 'Only this kind of item.', enum: ['file', 'folder', 'web_link'] },
      file_extensions: p.str('Comma-separated extensions without dots, e.g. `pdf,csv`.'),
      ancestor_folder_ids: p.str('Comma-separated folder ids: only items inside them, at any depth.'),
      content_types: p.str('Comma-separated parts to match: name, description, file_content, comments, tag. Default all.'),
      owner_user_ids: p.str('Comma-separated user ids of owners.'),
      created_at_range: p.str('`from,to` RFC 3339 date-times; either may be empty.'),
      updated_at_range: p.str('`from,to` RFC 3339 date-times; either may be empty.'),
      size_range: p.str('`lower,upper` in bytes; either may be empty.'),
      trash_content: { type: 'string', description: 'Default non_trashed_only.', enum: ['non_trashed_only', 'trashed_only', 'all_items'] },
      sort: { type: 'string', description: 'Default relevance.', enum: ['relevance', 'modified_at'] },
      direction: { type: 'string', description: 'With sort=modified_at. Default DESC.', enum: ['ASC', 'DESC'] },
      limit: p.int('Results per page, default 30, at most 200.'),
      offset,
      fields,
    },
    handler: search,
  },
  {
    method: 'GET',
    path: 'files/{file_id}',
    summary: 'Get a file\'s details.',
    docs: doc(
      'Returns the file: name, description, size, `sha1`, `file_version` (the current version), `sequence_id`/`etag` (they change with every change of the file), `path_collection` (folders from All Files down to its parent), `parent`, owner and editors, `shared_link` and `item_status`. Ask `fields=tags,extension,version_number,comment_count,…` for fields outside the default set.',
      NOT_FOUND,
    ),
    params: { file_id: fileId, fields },
    handler: getFile,
  },
  {
    method: 'PUT',
    path: 'files/{file_id}',
    summary: 'Rename, move, describe, tag or share a file.',
    writes: true,
    docs: doc(
      'Changes only what the JSON body names and returns the updated file. Moving is `{"parent": {"id": "<folder id>"}}`. `tags` replaces the whole tag list, so read the old tags first to add one. `shared_link: {"access": "open"}` creates a link; `shared_link: null` removes it. With header `If-Match: <etag>` the change applies only if the file is unchanged since that etag.',
      {
        ...NOT_FOUND,
        '404 not_found (parent)': 'the new parent folder does not exist',
        '409 item_name_in_use': 'the target folder already has an item with this name; `context_info.conflicts` lists it',
        '400 item_name_invalid': 'the new name breaks Box\'s naming rules',
        '400 bad_request': 'a field has the wrong type or value',
        '412 precondition_failed': '`If-Match` does not match the current etag',
      },
    ),
    params: { file_id: fileId, ...ITEM_UPDATE_PARAMS, fields },
    handler: updateFile,
  },
  {
    method: 'DELETE',
    path: 'files/{file_id}',
    summary: 'Move a file to the trash.',
    writes: true,
    docs: doc('Trashes the file (`item_status` becomes `trashed`); answers 204 with no body. A trashed file no longer shows in folder listings or search.', {
      ...NOT_FOUND,
      '412 precondition_failed': '`If-Match` does not match the current etag',
    }),
    params: { file_id: fileId },
    handler: deleteFile,
  },
  {
    method: 'GET',
    path: 'files/{file_id}/content',
    summary: 'Download a file\'s bytes.',
    docs: doc(
      'Returns the bytes of the current version, or of `version` (a file version id). Box itself answers with a redirect to its download host; here the bytes come back directly (200, or 206 for a `Range` request). Read text with `await res.text()`. Files of Agent-Diff\'s published seed have no stored bytes and download empty.',
      NOT_FOUND,
    ),
    params: { file_id: fileId, version: p.str('A file version id; default the current version.') },
    handler: downloadFile,
  },
  {
    method: 'POST',
    path: 'files/content',
    summary: 'Upload a new file (upload host: https://upload.box.com/api/2.0/files/content).',
    writes: true,
    docs: doc(
      'A multipart/form-data request with two parts, in this order: `attributes`, the JSON text `{"name": "report.csv", "parent": {"id": "<folder id>"}}` (optionally `content_created_at`, `content_modified_at`), and `file`, the bytes. Answers 201 with `{"total_count": 1, "entries": [<file>]}`; the file starts at version 1. To replace the contents of an existing file upload a new version instead. The same path on api.box.com is accepted too.',
      {
        '400 bad_request': 'the `attributes` part or the `file` part is missing, `attributes` is not JSON, or `parent` is missing',
        '400 item_name_invalid': 'the name breaks Box\'s naming rules',
        '404 not_found': 'the parent folder does not exist',
        '409 item_name_in_use': 'the folder already has an item with this name; `context_info.conflicts` describes it (with its id)',
      },
    ),
    params: {
      attributes: p.obj('JSON: `{"name", "parent": {"id"}, "content_created_at"?, "content_modified_at"?}`.', true),
      file: p.str('The file\'s bytes (multipart part).', true),
      fields,
    },
    handler: uploadFile,
  },
  {
    method: 'POST',
    path: 'files/{file_id}/content',
    summary: 'Upload a new version of a file (upload host).',
    writes: true,
    docs: doc(
      'Multipart like an upload: an optional `attributes` part (`{"name"?: "<new name>", "content_modified_at"?}`) and the `file` part. The file keeps its id; `version_number` goes up by one, `size`, `sha1` and `file_version` change and the earlier version stays listed under /files/{id}/versions. Answers 201 with `{"total_count": 1, "entries": [<file>]}`.',
      {
        ...NOT_FOUND,
        '400 bad_request': 'no `file` part',
        '409 item_name_in_use': 'the new name is taken in the folder',
        '412 precondition_failed': '`If-Match` does not match the current etag',
      },
    ),
    params: { file_id: fileId, attributes: p.obj('JSON: `{"name"?, "content_modified_at"?}`.'), file: p.str('The new bytes (multipart part).', true), fields },
    handler: uploadFileVersion,
  },
  {
    method: 'POST',
    path: 'files/{file_id}/copy',
    summary: 'Copy a file into a folder.',
    writes: true,
    docs: doc('Copies the file (its current bytes, description and tags) into `parent.id`, optionally under a new `name`; answers 201 with the new file.', {
      ...NOT_FOUND,
      '409 item_name_in_use': 'the target folder already has an item with this name',
    }),
    params: { file_id: fileId, parent: p.obj('`{"id": "<folder id>"}`: where the copy goes.', true), name: p.str('Name of the copy; default the same name.'), fields },
    handler: copyFile,
  },
  {
    method: 'GET',
    path: 'files/{file_id}/versions',
    summary: 'List a file\'s earlier versions.',
    docs: doc('Lists the file\'s previous versions, newest first; the current version is the file itself (`file_version`).', NOT_FOUND),
    params: { file_id: fileId, offset, limit: p.int('Default 1000.') },
    handler: listFileVersions,
  },
  {
    method: 'GET',
    path: 'files/{file_id}/comments',
    summary: 'List the comments on a file.',
    docs: doc('Returns `{total_count, entries, offset, limit}` with each comment\'s `message`, author (`created_by`), `created_at` and `is_reply_comment`, oldest first.', NOT_FOUND),
    params: { file_id: fileId, offset, limit: p.int('Default 100, at most 1000.'), fields },
    handler: listFileComments,
  },
  {
    method: 'GET',
    path: 'files/{file_id}/tasks',
    summary: 'List the tasks on a file.',
    docs: doc('Returns `{total_count, entries}`: each task\'s `action` (review or complete), `message`, `due_at`, `is_completed` and `completion_rule`.', NOT_FOUND),
    params: { file_id: fileId },
    handler: listFileTasks,
  },
  {
    method: 'POST',
    path: 'folders',
    summary: 'Create a folder.',
    writes: true,
    docs: doc(
      'Creates folder `name` inside `parent.id` (`0` is the root, All Files) and answers 201 with the folder. Names are unique within a folder, ignoring case.',
      {
        '400 bad_request': '`name` or `parent` is missing',
        '400 item_name_invalid': `the name breaks Box's naming rules (${NAME_RULES})`,
        '404 not_found': 'the parent folder does not exist',
        '409 item_name_in_use': 'the parent already has an item with this name; `context_info.conflicts` lists it',
      },
    ),
    params: { name: p.str(`Folder name. ${NAME_RULES}`, true), parent: p.obj('`{"id": "<folder id>"}`; `0` is the root.', true), fields },
    handler: createFolder,
  },
  {
    method: 'GET',
    path: 'folders/{folder_id}',
    summary: 'Get a folder\'s details and its first 100 items.',
    docs: doc('Returns the folder (name, description, `path_collection`, `parent`, owner, `shared_link`, `item_status`, …) with `item_collection`, the first 100 items inside it. For more items use /folders/{id}/items.', NOT_FOUND),
    params: { folder_id: folderId, fields },
    handler: getFolder,
  },
  {
    method: 'GET',
    path: 'folders/{folder_id}/items',
    summary: 'List the items in a folder.',
    docs: doc(
      'Returns `{total_count, entries, offset, limit, order}`: folders first, then files, by name unless `sort` (id, name, date, size) and `direction` (ASC, DESC) say otherwise. Entries are mini items (`type`, `id`, `name`, `etag`, `sequence_id`; files also `sha1` and `file_version`); ask `fields=name,size,modified_at,description,tags` for more. Page with `offset` and `limit` (default 100, at most 1000). Trashed items are not listed.',
      { ...NOT_FOUND, '400 bad_request': '`sort`, `direction`, `limit` or `offset` has a bad value' },
    ),
    params: {
      folder_id: folderId,
      offset,
      limit: p.int('Items per page, default 100, at most 1000.'),
      sort: { type: 'string', description: 'Sort key.', enum: ['id', 'name', 'date', 'size'] },
      direction: { type: 'string', description: 'Default ASC.', enum: ['ASC', 'DESC'] },
      fields,
    },
    handler: listFolderItems,
  },
  {
    method: 'PUT',
    path: 'folders/{folder_id}',
    summary: 'Rename, move, describe, tag or share a folder.',
    writes: true,
    docs: doc(
      'Changes what the JSON body names and returns the folder. Move with `{"parent": {"id": "<folder id>"}}` (not into itself or a subfolder). `tags` replaces the whole list. The root folder cannot be renamed or moved.',
      {
        ...NOT_FOUND,
        '409 item_name_in_use': 'the target folder already has an item with this name',
        '400 bad_request': 'moving a folder into itself, or a field with a bad value',
        '403 access_denied_insufficient_permissions': 'renaming or moving the root folder',
        '412 precondition_failed': '`If-Match` does not match the current etag',
      },
    ),
    params: { folder_id: folderId, ...ITEM_UPDATE_PARAMS, fields },
    handler: updateFolder,
  },
  {
    method: 'DELETE',
    path: 'folders/{folder_id}',
    summary: 'Move a folder to the trash.',
    writes: true,
    docs: doc('Trashes the folder (204, no body). A folder that still has items needs `recursive=true`; its contents go to the trash with it.', {
      ...NOT_FOUND,
      '400 folder_not_empty': 'the folder has items and `recursive` is not true',
      '403 access_denied_insufficient_permissions': 'the root folder cannot be deleted',
    }),
    params: { folder_id: folderId, recursive: p.bool('Delete a folder that is not empty. Default false.') },
    handler: deleteFolder,
  },
  {
    method: 'POST',
    path: 'comments',
    summary: 'Comment on a file, or reply to a comment.',
    writes: true,
    docs: doc('Body `{"message": "…", "item": {"type": "file", "id": "<file id>"}}`; with `item.type` `comment` the new comment is a reply. `tagged_message` mentions people as `@[<user id>:<name>]`. Answers 201 with the comment.', {
      '400 bad_request': '`message` or `item` is missing, or `item.type` is not file or comment',
      ...NOT_FOUND,
    }),
    params: { message: p.str('The comment text.', true), item: p.obj('`{"type": "file"|"comment", "id"}`.', true), tagged_message: p.str('Text with @[user id:name] mentions, instead of `message`.'), fields },
    handler: createComment,
  },
  {
    method: 'GET',
    path: 'comments/{comment_id}',
    summary: 'Get a comment.',
    docs: doc('Returns the comment with its `item` (the file or comment it is on).', { '404 not_found': 'no such comment' }),
    params: { comment_id: p.str('The comment id.', true), fields },
    handler: getComment,
  },
  {
    method: 'PUT',
    path: 'comments/{comment_id}',
    summary: 'Edit a comment.',
    writes: true,
    docs: doc('Replaces the comment\'s `message`. Only the author (or an admin) may.', {
      '404 not_found': 'no such comment',
      '403 access_denied_insufficient_permissions': 'the comment is someone else\'s',
    }),
    params: { comment_id: p.str('The comment id.', true), message: p.str('The new text.', true), fields },
    handler: updateComment,
  },
  {
    method: 'DELETE',
    path: 'comments/{comment_id}',
    summary: 'Delete a comment.',
    writes: true,
    docs: doc('Deletes the comment for good (204).', { '404 not_found': 'no such comment', '403 access_denied_insufficient_permissions': 'the comment is someone else\'s' }),
    params: { comment_id: p.str('The comment id.', true) },
    handler: deleteComment,
  },
  {
    method: 'POST',
    path: 'tasks',
    summary: 'Create a task on a file.',
    writes: true,
    docs: doc('Body `{"item": {"type": "file", "id"}, "action": "review"|"complete", "message"?, "due_at"?, "completion_rule": "all_assignees"|"any_assignee"}`. Answers 201 with the task (no assignees yet).', {
      '400 bad_request': '`item` is missing, or `action`, `completion_rule` or `due_at` has a bad value',
      ...NOT_FOUND,
    }),
    params: {
      item: p.obj('`{"type": "file", "id"}`.', true),
      action: { type: 'string', description: 'Default review.', enum: ['review', 'complete'] },
      message: p.str('What the assignees should do.'),
      due_at: p.str('RFC 3339 date-time.'),
      completion_rule: { type: 'string', description: 'Default all_assignees.', enum: ['all_assignees', 'any_assignee'] },
    },
    handler: createTask,
  },
  {
    method: 'GET',
    path: 'tasks/{task_id}',
    summary: 'Get a task.',
    docs: doc('Returns the task.', { '404 not_found': 'no such task' }),
    params: { task_id: p.str('The task id.', true) },
    handler: getTask,
  },
  {
    method: 'PUT',
    path: 'tasks/{task_id}',
    summary: 'Change a task.',
    writes: true,
    docs: doc('Changes the task\'s `action`, `message`, `due_at` or `completion_rule`.', { '404 not_found': 'no such task', '400 bad_request': 'a field has a bad value' }),
    params: {
      task_id: p.str('The task id.', true),
      action: { type: 'string', description: 'review or complete.', enum: ['review', 'complete'] },
      message: p.str('New message.'),
      due_at: p.str('RFC 3339 date-time, or null to clear.'),
      completion_rule: { type: 'string', description: 'all_assignees or any_assignee.', enum: ['all_assignees', 'any_assignee'] },
    },
    handler: updateTask,
  },
  {
    method: 'DELETE',
    path: 'tasks/{task_id}',
    summary: 'Delete a task.',
    writes: true,
    docs: doc('Deletes the task (204).', { '404 not_found': 'no such task' }),
    params: { task_id: p.str('The task id.', true) },
    handler: deleteTask,
  },
  {
    method: 'GET',
    path: 'collections',
    summary: 'List your collections (Favorites).',
    docs: doc('Returns `{total_count, entries, offset, limit}`. Every user has one collection, Favorites (`collection_type: "favorites"`). Add an item to it with PUT /files/{id} or /folders/{id} and `collections: [{"id": "<its id>"}]`.'),
    params: { offset, limit: p.int('Default 100.'), fields },
    handler: listCollections,
  },
  {
    method: 'GET',
    path: 'collections/{collection_id}',
    summary: 'Get a collection.',
    docs: doc('Returns the collection.', { '404 not_found': 'not one of your collections' }),
    params: { collection_id: p.str('The collection id.', true) },
    handler: getCollection,
  },
  {
    method: 'GET',
    path: 'collections/{collection_id}/items',
    summary: 'List the items in a collection.',
    docs: doc('Returns the files and folders in the collection (mini items), folders first.', { '404 not_found': 'not one of your collections' }),
    params: { collection_id: p.str('The collection id.', true), offset, limit: p.int('Default 100.'), fields },
    handler: collectionItems,
  },
  {
    method: 'GET',
    path: 'users/me',
    summary: 'Who am I: the user the token acts as.',
    docs: doc('Returns the current user: `id`, `name`, `login` (email), `status`, `job_title`, `timezone`, `language`, space figures. `fields=role,enterprise` adds those.'),
    params: { fields },
    handler: getCurrentUser,
  },
  {
    method: 'GET',
    path: 'users/{user_id}',
    summary: 'Get a user.',
    docs: doc('Returns the user.', { '404 not_found': 'no such user' }),
    params: { user_id: p.str('The user id.', true), fields },
    handler: getUser,
  },
  {
    method: 'GET',
    path: 'users',
    summary: 'List the enterprise\'s users.',
    docs: doc('Returns `{total_count, entries, offset, limit}`; `filter_term` keeps users whose name or login starts with it.'),
    params: { filter_term: p.str('Name or login prefix.'), offset, limit: p.int('Default 100.'), fields },
    handler: listUsers,
  },
  {
    method: 'GET',
    path: 'hubs',
    summary: 'List hubs (needs header box-version: 2025.0).',
    docs: doc('Returns `{entries, limit, next_marker}`: each hub\'s `id`, `title`, `description`, creator and flags. `query` keeps hubs whose title or description contains it; `sort` (name, updated_at, last_accessed_at, view_count) and `direction`; page with `marker` (the previous `next_marker`) and `limit`.', {
      '400 bad_request': 'the `box-version: 2025.0` header is missing, or a bad `sort`/`direction`',
    }),
    params: {
      query: p.str('Text to look for in titles and descriptions.'),
      scope: { type: 'string', description: 'Accepted; every hub the user can see is listed.', enum: ['editable', 'view_only', 'all'] },
      sort: { type: 'string', description: 'Sort key.', enum: ['name', 'updated_at', 'last_accessed_at', 'view_count'] },
      direction: { type: 'string', description: 'ASC or DESC.', enum: ['ASC', 'DESC'] },
      marker: p.str('Position from a previous answer\'s `next_marker`.'),
      limit: p.int('Default and maximum 1000.'),
    },
    handler: listHubs,
  },
  {
    method: 'POST',
    path: 'hubs',
    summary: 'Create a hub (needs header box-version: 2025.0).',
    writes: true,
    docs: doc('Body `{"title": "…", "description"?: "…"}` (title at most 50 characters). Answers 201 with the hub. Add content with POST /hubs/{id}/manage_items.', {
      '400 bad_request': 'the `box-version` header or `title` is missing, or the title is too long',
    }),
    params: { title: p.str('Hub title, at most 50 characters.', true), description: p.str('Hub description.') },
    handler: createHub,
  },
  {
    method: 'GET',
    path: 'hubs/{hub_id}',
    summary: 'Get a hub (needs header box-version: 2025.0).',
    docs: doc('Returns the hub.', { '400 bad_request': 'the `box-version` header is missing', '404 not_found': 'no such hub' }),
    params: { hub_id: hubId },
    handler: getHub,
  },
  {
    method: 'PUT',
    path: 'hubs/{hub_id}',
    summary: 'Change a hub\'s title, description or settings (needs header box-version: 2025.0).',
    writes: true,
    docs: doc('Body with any of `title`, `description`, `is_ai_enabled`, `is_collaboration_restricted_to_enterprise`, `can_non_owners_invite`, `can_shared_link_be_created`. Returns the hub.', {
      '400 bad_request': 'the `box-version` header is missing, or a field has a bad value',
      '404 not_found': 'no such hub',
    }),
    params: {
      hub_id: hubId,
      title: p.str('New title.'),
      description: p.str('New description.'),
      is_ai_enabled: p.bool('Whether Box AI is on for the hub.'),
      is_collaboration_restricted_to_enterprise: p.bool('Only enterprise users may collaborate.'),
      can_non_owners_invite: p.bool('Non-owners may invite others.'),
      can_shared_link_be_created: p.bool('A shared link may be made for the hub.'),
    },
    handler: updateHub,
  },
  {
    method: 'DELETE',
    path: 'hubs/{hub_id}',
    summary: 'Delete a hub (needs header box-version: 2025.0).',
    writes: true,
    docs: doc('Deletes the hub and its item list (not the files themselves); 204.', { '400 bad_request': 'the `box-version` header is missing', '404 not_found': 'no such hub' }),
    params: { hub_id: hubId },
    handler: deleteHub,
  },
  {
    method: 'GET',
    path: 'hub_items',
    summary: 'List the items in a hub (needs header box-version: 2025.0).',
    docs: doc('`hub_id` is required. Returns `{entries: [{id, type, name}], limit, next_marker}`.', {
      '400 bad_request': 'the `box-version` header or `hub_id` is missing',
      '404 not_found': 'no such hub',
    }),
    params: { hub_id: p.str('The hub.', true), marker: p.str('Position from `next_marker`.'), limit: p.int('Default 1000.') },
    handler: listHubItems,
  },
  {
    method: 'POST',
    path: 'hubs/{hub_id}/manage_items',
    summary: 'Add items to or remove items from a hub (needs header box-version: 2025.0).',
    writes: true,
    docs: doc(
      'Body `{"operations": [{"action": "add"|"remove", "item": {"type": "file"|"folder"|"web_link", "id"}}]}`. Each operation succeeds or fails alone: the answer is HTTP 207 with `{"operations": [{"action", "item", "status", "error"?}]}` (status 200 done, 404 item not found or not in the hub, 400 malformed). Adding an item already in the hub is a no-op that reports 200.',
      { '400 bad_request': 'the `box-version` header or `operations` is missing', '404 not_found': 'no such hub' },
    ),
    params: { hub_id: hubId, operations: p.arr('List of `{action, item: {type, id}}`.', true) },
    handler: manageHubItems,
  },
];
