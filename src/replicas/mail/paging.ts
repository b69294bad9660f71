import { apiError } from './errors.ts';

export interface Page<T> {
  items: T[];
  next_page_token: string | null;
}

/** Page tokens are opaque to clients; inside they hold the offset of the next page. */
export function pageWindow(input: { page_size?: number; page_token?: string }): { limit: number; offset: number } {
  const limit = input.page_size ?? 25;
  if (!input.page_token) return { limit, offset: 0 };
  let offset = NaN;
  try {
    const m = /^o:(\d+)$/.exec(atob(input.page_token));
    if (m) offset = Number(m[1]);
  } catch {
    // falls through to the error
  }
  if (!Number.isFinite(offset)) throw apiError(400, 'invalid_request', 'page_token is not a token this API issued', { field: 'page_token' });
  return { limit, offset };
}

/** Rows fetched with LIMIT limit+1 become a page and the token of the next one. */
export function toPage<R, T>(rows: R[], window: { limit: number; offset: number }, map: (r: R) => T): Page<T> {
  const more = rows.length > window.limit;
  return {
    items: rows.slice(0, window.limit).map(map),
    next_page_token: more ? btoa(`o:${window.offset + window.limit}`) : null,
  };
}
