import { scalarText } from '../requestBody.ts';
import type { RouteContext } from '../types.ts';
import { mediaType, sha1Hex, storeBytes, storedBytes } from '../fileContent.ts';
import { boxError, checkIfMatch, invalidParameter, nameInUse, notFound } from './errors.ts';
import { boxTime, newBoxId, nowIso } from './ids.ts';
import { conflictView, nextSequence, updateItem } from './itemUpdate.ts';
import { actingUser, checkItemName, liveFile, liveFolder, nameConflict, usersById } from './lookup.ts';
import { fieldsParam, intParam, ref, str, type Params, type UploadedFile } from './params.ts';
import type { FileRow, VersionRow } from './rows.ts';
import { extensionOf } from './schema.ts';
import { FILE_SELECT, ItemSerializer, userMini, type FileView } from './serialize.ts';

async function fileView(ctx: RouteContext, id: string): Promise<FileView> {
  await liveFile(ctx.tx, id);
  const [row] = await ctx.tx.query<FileView>(`${FILE_SELECT} WHERE f.id = $1`, [id]);
  return row;
}

async function standardFile(ctx: RouteContext, id: string, params: Params): Promise<Record<string, unknown>> {
  const row = (await ctx.tx.query<FileView>(`${FILE_SELECT} WHERE f.id = $1`, [id]))[0];
  const s = await new ItemSerializer(ctx).prepare([row]);
  return s.item(row, 'standard', fieldsParam(params));
}

export async function getFile(params: Params, ctx: RouteContext): Promise<Response> {
  const row = await fileView(ctx, ctx.pathParams.file_id);
  const s = await new ItemSerializer(ctx).prepare([row]);
  return Response.json(s.item(row, 'standard', fieldsParam(params)));
}

export async function updateFile(params: Params, ctx: RouteContext): Promise<Response> {
  const row = await liveFile(ctx.tx, ctx.pathParams.file_id);
  await updateItem(ctx, 'box_files', row, params);
  return Response.json(await standardFile(ctx, row.id, params));
}

/** DELETE /files/{id}: moves the file to the trash (204, no body). */
export async function deleteFile(_params: Params, ctx: RouteContext): Promise<Response> {
  const row = await liveFile(ctx.tx, ctx.pathParams.file_id);
  checkIfMatch(ctx, row.etag);
  const now = nowIso(ctx);
  await ctx.tx.query(`UPDATE box_files SET item_status = 'trashed', trashed_at = $2, modified_at = $2 WHERE id = $1`, [row.id, now]);
  return new Response(null, { status: 204 });
}

interface NewFile {
  name: string;
  parentId: string;
  bytes: Uint8Array;
  description?: string;
  contentCreatedAt?: string;
  contentModifiedAt?: string;
  copyOf?: FileRow;
}

/** Inserts a file and its first version; returns the new file's id. */
async function insertFile(ctx: RouteContext, f: NewFile): Promise<string> {
  const user = await actingUser(ctx);
  const now = nowIso(ctx);
  const id = newBoxId(ctx, 'file');
  const versionId = newBoxId(ctx, 'file_version');
  const sha1 = await sha1Hex(f.bytes);
  const stored = storeBytes(f.bytes);
  await ctx.tx.query(
    `INSERT INTO box_files (id, type, name, parent_id, description, extension, tags, item_status, size, sha_1, version_number,
       comment_count, sequence_id, etag, created_by_id, modified_by_id, owned_by_id, created_at, modified_at, content_created_at, content_modified_at)
     VALUES ($1, 'file', $2, $3, $4, $5, $6::jsonb, 'active', $7, $8, '1', 0, '0', '0', $9, $9, $9, $10, $10, $11, $12)`,
    [id, f.name, f.parentId, f.description ?? f.copyOf?.description ?? '', extensionOf(f.name), JSON.stringify(f.copyOf?.tags ?? []),
      f.bytes.length, sha1, user.id, now, f.contentCreatedAt ?? now, f.contentModifiedAt ?? now],
  );
  await ctx.tx.query(
    `INSERT INTO box_file_versions (id, type, file_id, version_number, name, size, sha_1, content, content_encoding, modified_by_id, created_at, modified_at)
     VALUES ($1, 'file_version', $2, '1', $3, $4, $5, $6, $7, $8, $9, $9)`,
    [versionId, id, f.name, f.bytes.length, sha1, stored.content, stored.content_encoding, user.id, now],
  );
  return id;
}

/**
 * The `file` part of an upload. Tool mode, which can only send JSON, may give `file` as text (its UTF-8 bytes are
 * uploaded); a real Box answers such a request with 400.
 */
function uploadedFile(params: Params): UploadedFile {
  if (typeof params.file === 'string') return { filename: '', type: 'text/plain', bytes: new TextEncoder().encode(params.file) };
  const file = params.file as UploadedFile | undefined;
  if (!file || typeof file !== 'object' || !(file.bytes instanceof Uint8Array)) {
    throw boxError(400, 'bad_request', 'API upload did not contain a file part', { errors: [{ reason: 'missing_parameter', name: 'file', message: "'file' is required" }] });
  }
  return file;
}

function uploadAttributes(params: Params): Record<string, unknown> {
  const attrs = params.attributes;
  if (attrs === undefined) {
    throw boxError(400, 'bad_request', "API upload did not contain an 'attributes' part", { errors: [{ reason: 'missing_parameter', name: 'attributes', message: "'attributes' is required" }] });
  }
  if (!attrs || typeof attrs !== 'object' || Array.isArray(attrs)) throw boxError(400, 'bad_request', "Could not parse 'attributes': it must be a JSON object");
  return attrs as Record<string, unknown>;
}

function optionalTime(attrs: Record<string, unknown>, name: string): string | undefined {
  const v = attrs[name];
  if (v == null) return undefined;
  const d = typeof v === 'string' ? new Date(v) : new Date(NaN);
  if (Number.isNaN(d.getTime())) throw invalidParameter(name, `Invalid value '${scalarText(v)}'. ${name} must be an RFC 3339 date-time.`);
  return d.toISOString();
}

/** POST /files/content (upload host): multipart `attributes` ({name, parent: {id}}) then `file`. */
export async function uploadFile(params: Params, ctx: RouteContext): Promise<Response> {
  const attrs = uploadAttributes(params);
  const file = uploadedFile(params);
  const name = checkItemName(attrs.name ?? (file.filename || undefined), 'attributes.name');
  const parentId = ref(attrs.parent)?.id;
  if (!parentId) throw boxError(400, 'bad_request', "'parent' is required", { errors: [{ reason: 'missing_parameter', name: 'parent', message: "'parent.id' is required" }] });
  await liveFolder(ctx.tx, parentId);
  const conflict = await nameConflict(ctx.tx, parentId, name);
  if (conflict) throw nameInUse(await conflictView(ctx, conflict), false);
  const id = await insertFile(ctx, {
    name, parentId, bytes: file.bytes, description: typeof attrs.description === 'string' ? attrs.description : undefined,
    contentCreatedAt: optionalTime(attrs, 'content_created_at'), contentModifiedAt: optionalTime(attrs, 'content_modified_at'),
  });
  return Response.json({ total_count: 1, entries: [await standardFile(ctx, id, params)] }, { status: 201 });
}

/** POST /files/{id}/content (upload host): a new version; `attributes.name` may rename the file. */
export async function uploadFileVersion(params: Params, ctx: RouteContext): Promise<Response> {
  const row = await liveFile(ctx.tx, ctx.pathParams.file_id);
  checkIfMatch(ctx, row.etag);
  const attrs = params.attributes === undefined ? {} : uploadAttributes(params);
  const file = uploadedFile(params);
  let name = row.name;
  if (attrs.name !== undefined) {
    name = checkItemName(attrs.name, 'attributes.name');
    if (name !== row.name && row.parent_id && (await nameConflict(ctx.tx, row.parent_id, name, row.id))) {
      throw nameInUse(await conflictView(ctx, (await nameConflict(ctx.tx, row.parent_id, name, row.id))!), false);
    }
  }
  const user = await actingUser(ctx);
  const now = nowIso(ctx);
  const sha1 = await sha1Hex(file.bytes);
  const stored = storeBytes(file.bytes);
  const version = String(Number(row.version_number || '1') + 1);
  const seq = nextSequence(row);
  await ctx.tx.query(
    `INSERT INTO box_file_versions (id, type, file_id, version_number, name, size, sha_1, content, content_encoding, modified_by_id, created_at, modified_at)
     VALUES ($1, 'file_version', $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
    [newBoxId(ctx, 'file_version'), row.id, version, name, file.bytes.length, sha1, stored.content, stored.content_encoding, user.id, now],
  );
  const renamed = name !== row.name;
  await ctx.tx.query(
    `UPDATE box_files SET version_number = $2, size = $3, sha_1 = $4, sequence_id = $5, etag = $5, modified_at = $6, modified_by_id = $7,
       content_modified_at = $8${renamed ? ', name = $9, extension = $10' : ''} WHERE id = $1`,
    [row.id, version, file.bytes.length, sha1, seq, now, user.id, optionalTime(attrs, 'content_modified_at') ?? now, ...(renamed ? [name, extensionOf(name)] : [])],
  );
  return Response.json({ total_count: 1, entries: [await standardFile(ctx, row.id, params)] }, { status: 201 });
}

/** Box's download host (https://developer.box.com/guides/api-calls/allowing-domain-access/). */
export const DOWNLOAD_BASE = 'https://dl.boxcloud.com/';

/** The download URL's token: which file version, opaque to clients as Box's is (base64url of `file:version`). */
function downloadToken(fileId: string, versionId: string): string {
  return btoa(`${fileId}:${versionId}`).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

function readDownloadToken(token: string): { fileId: string; versionId: string } | null {
  try {
    const text = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
    const i = text.lastIndexOf(':');
    return i > 0 ? { fileId: text.slice(0, i), versionId: text.slice(i + 1) } : null;
  } catch {
    return null;
  }
}

/**
 * GET /files/{id}/content: Box answers `302 Found` with an empty body and `Location:
 * https://dl.boxcloud.com/d/1/<token>/download` (https://developer.box.com/guides/downloads/file/), for the current
 * version or `version` (a file version id); clients follow it (`curl -L`, fetch, the SDKs). `serve` rewrites the
 * Location to its own origin, the page and the CLI route the download host.
 */
export async function downloadFile(params: Params, ctx: RouteContext): Promise<Response> {
  const row = await liveFile(ctx.tx, ctx.pathParams.file_id);
  const versionId = str(params, 'version');
  const [version] = versionId
    ? await ctx.tx.query<VersionRow>(`SELECT * FROM box_file_versions WHERE file_id = $1 AND id = $2`, [row.id, versionId])
    : await ctx.tx.query<VersionRow>(`SELECT * FROM box_file_versions WHERE file_id = $1 ORDER BY length(version_number) DESC, version_number DESC LIMIT 1`, [row.id]);
  if (!version && versionId) throw notFound();
  if (!hasBytes(row, version)) return contentNotReady();
  const location = `${DOWNLOAD_BASE}d/1/${downloadToken(row.id, version?.id ?? '')}/download`;
  return new Response(null, { status: 302, headers: { location } });
}

/**
 * Whether the bytes of a file's version are here: a seed may describe a version (size, sha1) whose contents it does
 * not carry (Agent-Diff's Box seed without its `filesystem/` folder, or one of the files that folder lacks).
 */
function hasBytes(file: FileRow, version: VersionRow | undefined): boolean {
  return version ? version.content != null || Number(version.size) === 0 : Number(file.size ?? 0) === 0;
}

/**
 * Box's answer for content it cannot serve (yet): 202 Accepted, no body, and `Retry-After` in seconds
 * (https://developer.box.com/guides/downloads/file/, "File not ready"). Never a 200 with an empty body, which a
 * client would take for the file's contents.
 */
function contentNotReady(): Response {
  return new Response(null, { status: 202, headers: { 'retry-after': '30' } });
}

/**
 * GET https://dl.boxcloud.com/d/1/{token}/download: the bytes the token names (202 when they are not here, as for
 * GET /files/{id}/content), 206 for a `Range` request. Like Box's download URLs it needs no credentials; a token that names no live
 * file is Box's 404.
 */
export async function downloadContent(_params: Params, ctx: RouteContext): Promise<Response> {
  const ref = readDownloadToken(ctx.pathParams.token);
  if (!ref) throw notFound();
  const row = await liveFile(ctx.tx, ref.fileId);
  const [version] = ref.versionId
    ? await ctx.tx.query<VersionRow>(`SELECT * FROM box_file_versions WHERE file_id = $1 AND id = $2`, [row.id, ref.versionId])
    : [];
  if (!version && ref.versionId) throw notFound();
  if (!hasBytes(row, version)) return contentNotReady();
  const bytes = version ? storedBytes(version) : new Uint8Array(0);
  const range = ctx.request.headers.get('range');
  const headers: Record<string, string> = {
    'content-type': mediaType(row.extension ?? ''),
    'content-disposition': `attachment; filename="${row.name.replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
    'accept-ranges': 'bytes',
  };
  const m = range && /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (m && bytes.length) {
    const start = m[1] === '' ? Math.max(0, bytes.length - Number(m[2])) : Number(m[1]);
    const end = m[1] !== '' && m[2] !== '' ? Math.min(Number(m[2]), bytes.length - 1) : bytes.length - 1;
    if (start <= end) {
      headers['content-range'] = `bytes ${start}-${end}/${bytes.length}`;
      return new Response(bytes.slice(start, end + 1) as Uint8Array<ArrayBuffer>, { status: 206, headers });
    }
  }
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

/** POST /files/{id}/copy: a new file in `parent.id` with the source's current bytes, named `name` or as before. */
export async function copyFile(params: Params, ctx: RouteContext): Promise<Response> {
  const row = await liveFile(ctx.tx, ctx.pathParams.file_id);
  const parentId = ref(params.parent)?.id;
  if (!parentId) throw boxError(400, 'bad_request', "'parent' is required", { errors: [{ reason: 'missing_parameter', name: 'parent', message: "'parent' is required" }] });
  await liveFolder(ctx.tx, parentId);
  const name = params.name === undefined ? row.name : checkItemName(params.name);
  const conflict = await nameConflict(ctx.tx, parentId, name);
  if (conflict) throw nameInUse(await conflictView(ctx, conflict));
  const [version] = await ctx.tx.query<VersionRow>(`SELECT * FROM box_file_versions WHERE file_id = $1 ORDER BY length(version_number) DESC, version_number DESC LIMIT 1`, [row.id]);
  const id = await insertFile(ctx, { name, parentId, bytes: version ? storedBytes(version) : new Uint8Array(0), copyOf: row });
  return Response.json(await standardFile(ctx, id, params), { status: 201 });
}

/** GET /files/{id}/versions: earlier versions, newest first (the current version is not listed, as in Box). */
export async function listFileVersions(params: Params, ctx: RouteContext): Promise<Response> {
  const row = await liveFile(ctx.tx, ctx.pathParams.file_id);
  const offset = intParam(params, 'offset', 0);
  const limit = intParam(params, 'limit', 1000, 1000);
  const users = await usersById(ctx);
  const versions = await ctx.tx.query<VersionRow>(
    `SELECT * FROM box_file_versions WHERE file_id = $1 AND version_number <> $2 ORDER BY length(version_number) DESC, version_number DESC`,
    [row.id, row.version_number],
  );
  const entries = versions.slice(offset, offset + limit).map((v) => ({
    type: 'file_version', id: v.id, sha1: v.sha_1, name: v.name, size: Number(v.size), created_at: boxTime(v.created_at),
    modified_at: boxTime(v.modified_at), modified_by: userMini(users.get(v.modified_by_id ?? '')), trashed_at: null, purged_at: null,
  }));
  return Response.json({ total_count: versions.length, entries, offset, limit });
}
