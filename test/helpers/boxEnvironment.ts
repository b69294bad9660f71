import type { SeedTables } from '../../src/engine/index.ts';
import { box } from '../../src/replicas/box/index.ts';
import { authHeaders, withReplicaEnvironment, type ReplicaTestEnvironment } from './replicaEnvironment.ts';

export const API = 'https://api.box.com/2.0';
export const UPLOAD = 'https://upload.box.com/api/2.0';

export interface BoxCallOptions {
  /** Extra headers (e.g. `box-version`, `if-match`). */
  headers?: Record<string, string>;
  /** The bearer token; null sends none. */
  token?: string | null;
  /** Base URL; default the API host. */
  base?: string;
}

export interface BoxResult {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface BoxTestEnvironment extends ReplicaTestEnvironment {
  /** Sends a request: GET/DELETE with `query` in the URL, others with a JSON body. */
  call(method: string, path: string, body?: Record<string, unknown> | null, options?: BoxCallOptions & { query?: Record<string, string> }): Promise<BoxResult>;
  /** Sends multipart/form-data built from `form`. */
  upload(path: string, form: FormData, options?: BoxCallOptions): Promise<BoxResult>;
  /**
   * Downloads as a client following redirects does: GET /files/{id}/content (Box's 302), then its Location on the
   * download host, without credentials (`headers` go to the download URL, e.g. `range`).
   */
  download(fileId: string, options?: { query?: Record<string, string>; headers?: Record<string, string> }): Promise<BoxResult>;
}

async function result(res: Response): Promise<BoxResult> {
  const text = await res.text();
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: res.status, headers: res.headers, body, text };
}

function headersFor(opts: BoxCallOptions): Record<string, string> {
  return { ...(opts.headers ?? {}), ...authHeaders(opts.token, 'box-test-token') };
}

/** A Box environment per test (acting as U100 unless told); JSON and multipart calls as Box's clients send them. */
export function withBoxEnvironment(seed: SeedTables = boxTestSeed, options: { actingUserId?: string | null; template?: string } = {}): BoxTestEnvironment {
  const base = withReplicaEnvironment({
    replicas: [box],
    seed,
    template: options.template ?? 'box_unit',
    actingUserId: options.actingUserId === undefined ? 'U100' : options.actingUserId,
  });
  return Object.assign(base, {
    async call(method: string, path: string, body: Record<string, unknown> | null = null, opts: BoxCallOptions & { query?: Record<string, string> } = {}) {
      const headers = headersFor(opts);
      const qs = opts.query ? `?${new URLSearchParams(opts.query)}` : '';
      const init: RequestInit = { method, headers };
      if (body !== null && method !== 'GET' && method !== 'DELETE') {
        headers['content-type'] = 'application/json';
        init.body = JSON.stringify(body);
      }
      return result(await base.send(new Request(`${opts.base ?? API}${path}${qs}`, init)));
    },
    async upload(path: string, form: FormData, opts: BoxCallOptions = {}) {
      return result(await base.send(new Request(`${opts.base ?? UPLOAD}${path}`, { method: 'POST', headers: headersFor(opts), body: form })));
    },
    async download(fileId: string, opts: { query?: Record<string, string>; headers?: Record<string, string> } = {}) {
      const qs = opts.query ? `?${new URLSearchParams(opts.query)}` : '';
      const redirect = await base.send(new Request(`${API}/files/${fileId}/content${qs}`, { headers: headersFor({}) }));
      const location = redirect.headers.get('location');
      if (redirect.status !== 302 || !location) return result(redirect);
      return result(await base.send(new Request(location, { headers: opts.headers ?? {} })));
    },
  });
}

/** A multipart upload body the way Box's clients build it: `attributes` first, then `file`. */
export function uploadForm(attributes: unknown, content: string | Uint8Array, filename = 'upload.bin'): FormData {
  const form = new FormData();
  if (attributes !== undefined) form.append('attributes', typeof attributes === 'string' ? attributes : JSON.stringify(attributes));
  form.append('file', new Blob([content as BlobPart]), filename);
  return form;
}

const T0 = '2025-11-03T09:00:00Z';

/**
 * A small Box account for unit tests (our own data). Acting user U100 (Mara Quill, admin).
 *
 * All Files (0)
 * ├── Finance (F10)            tags ["finance"]
 * │   ├── Budgets (F11)
 * │   │   └── budget_2025.csv (1101, v2: "dept,amount\nops,120\nlab,80\n")
 * │   └── invoice_acme.txt (1001)
 * ├── Research (F20)
 * │   └── notes.md (2001), comment C1 by U200, task T1
 * ├── Old (F30) — trashed
 * │   └── ancient.txt (3001) — in the trashed folder
 * └── readme.txt (9001)
 */
export const boxTestSeed: SeedTables = {
  box_users: [
    { id: 'U100', name: 'Mara Quill', login: 'mara@tidewater.test', role: 'admin', status: 'active', created_at: T0, modified_at: T0 },
    { id: 'U200', name: 'Otto Brandt', login: 'otto@tidewater.test', role: 'user', status: 'active', created_at: T0, modified_at: T0 },
  ],
  box_folders: [
    { id: '0', name: 'All Files', parent_id: null, owned_by_id: 'U100', description: '', item_status: 'active', sequence_id: null, etag: null },
    { id: 'F10', name: 'Finance', parent_id: '0', description: 'Money matters', tags: ['finance'], sequence_id: '0', etag: '0', created_by_id: 'U100', modified_by_id: 'U100', owned_by_id: 'U100', created_at: T0, modified_at: T0 },
    { id: 'F11', name: 'Budgets', parent_id: 'F10', sequence_id: '0', etag: '0', created_by_id: 'U100', modified_by_id: 'U100', owned_by_id: 'U100', created_at: T0, modified_at: T0 },
    { id: 'F20', name: 'Research', parent_id: '0', sequence_id: '0', etag: '0', created_by_id: 'U200', modified_by_id: 'U200', owned_by_id: 'U100', created_at: T0, modified_at: '2025-11-05T09:00:00Z' },
    { id: 'F30', name: 'Old', parent_id: '0', item_status: 'trashed', sequence_id: '1', etag: '1', created_by_id: 'U100', modified_by_id: 'U100', owned_by_id: 'U100', created_at: T0, modified_at: T0 },
  ],
  box_files: [
    { id: '1101', name: 'budget_2025.csv', parent_id: 'F11', extension: 'csv', size: 27, sha_1: 'b1', version_number: '2', sequence_id: '1', etag: '1', created_by_id: 'U100', modified_by_id: 'U100', owned_by_id: 'U100', created_at: T0, modified_at: '2025-11-04T09:00:00Z' },
    { id: '1001', name: 'invoice_acme.txt', parent_id: 'F10', extension: 'txt', size: 24, sha_1: 'i1', version_number: '1', sequence_id: '0', etag: '0', description: 'Acme invoice', created_by_id: 'U100', modified_by_id: 'U100', owned_by_id: 'U100', created_at: T0, modified_at: T0 },
    { id: '2001', name: 'notes.md', parent_id: 'F20', extension: 'md', size: 30, sha_1: 'n1', version_number: '1', sequence_id: '0', etag: '0', tags: ['draft'], created_by_id: 'U200', modified_by_id: 'U200', owned_by_id: 'U100', created_at: T0, modified_at: T0 },
    { id: '3001', name: 'ancient.txt', parent_id: 'F30', extension: 'txt', size: 5, sha_1: 'a1', version_number: '1', sequence_id: '0', etag: '0', created_by_id: 'U100', modified_by_id: 'U100', owned_by_id: 'U100', created_at: T0, modified_at: T0 },
    { id: '9001', name: 'readme.txt', parent_id: '0', extension: 'txt', size: 11, sha_1: 'r1', version_number: '1', sequence_id: '0', etag: '0', created_by_id: 'U100', modified_by_id: 'U100', owned_by_id: 'U100', created_at: T0, modified_at: T0 },
  ],
  box_file_versions: [
    { id: 'V1101a', file_id: '1101', version_number: '1', name: 'budget_2025.csv', size: 28, sha_1: 'b0', content: 'dept,amount\nops,1\nretired,5\n', created_at: T0, modified_at: T0, modified_by_id: 'U100' },
    { id: 'V1101b', file_id: '1101', version_number: '2', name: 'budget_2025.csv', size: 27, sha_1: 'b1', content: 'dept,amount\nops,120\nlab,80\n', created_at: '2025-11-04T09:00:00Z', modified_at: '2025-11-04T09:00:00Z', modified_by_id: 'U100' },
    { id: 'V1001', file_id: '1001', version_number: '1', name: 'invoice_acme.txt', size: 24, sha_1: 'i1', content: 'Invoice 77: total 4,200\n', created_at: T0, modified_at: T0, modified_by_id: 'U100' },
    { id: 'V2001', file_id: '2001', version_number: '1', name: 'notes.md', size: 30, sha_1: 'n1', content: '# Notes\nThe kelp trial worked.', created_at: T0, modified_at: T0, modified_by_id: 'U200' },
    { id: 'V3001', file_id: '3001', version_number: '1', name: 'ancient.txt', size: 5, sha_1: 'a1', content: 'kelp!', created_at: T0, modified_at: T0, modified_by_id: 'U100' },
    { id: 'V9001', file_id: '9001', version_number: '1', name: 'readme.txt', size: 11, sha_1: 'r1', content: 'Hello there', created_at: T0, modified_at: T0, modified_by_id: 'U100' },
  ],
  box_comments: [
    { id: 'C1', item_id: '2001', item_type: 'file', file_id: '2001', message: 'Please double-check the kelp numbers', created_by_id: 'U200', created_at: T0, modified_at: T0 },
  ],
  box_tasks: [
    { id: 'T1', item_id: '2001', item_type: 'file', message: 'Review the notes', action: 'review', completion_rule: 'any_assignee', is_completed: false, created_by_id: 'U100', created_at: T0 },
  ],
  box_hubs: [
    { id: 'H1', title: 'Research Hub', description: 'Everything research', created_by_id: 'U100', updated_by_id: 'U100', created_at: T0, updated_at: T0 },
  ],
  box_hub_items: [{ id: 'HI1', hub_id: 'H1', item_id: '2001', item_type: 'file', item_name: 'notes.md', added_by_id: 'U100', added_at: T0 }],
};
