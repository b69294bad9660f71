import type { RouteContext } from '../types.ts';
import { notFound, requiredAccess, unauthorized } from './errors.ts';
import type { AclRow, CalendarRow, UserRow } from './rows.ts';

/**
 * Who may do what. A user's role on a calendar is the highest of: owner if they own it; every live ACL rule whose
 * scope covers them (`default` = everyone, `domain` = their e-mail domain, `user`/`group` = their address); the
 * access role of their own calendar-list entry. Below `freeBusyReader` the calendar does not exist for them (404).
 */
export const ROLES = ['none', 'freeBusyReader', 'reader', 'writer', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export const rank = (role: string) => Math.max(0, ROLES.indexOf(role as Role));

/** The acting user, by id or e-mail (no method writes users, so the answer is remembered per environment and user). */
export async function actor(ctx: RouteContext): Promise<UserRow> {
  const id = ctx.actingUserId;
  const user = await ctx.memo(`actor:${id ?? ''}`, async () => {
    const rows = id
      ? // A user id, or (for a person named across services by address) their calendar e-mail.
        await ctx.tx.query<UserRow>('SELECT * FROM calendar_users WHERE id = $1 OR lower(email) = lower($1) ORDER BY id = $1 DESC LIMIT 1', [id])
      : await ctx.tx.query<UserRow>('SELECT * FROM calendar_users WHERE self ORDER BY id LIMIT 1');
    return rows[0] ?? null;
  });
  if (!user) throw unauthorized();
  return user;
}

/** `primary` (any case) or the user's own address names their primary calendar. */
export async function resolveCalendarId(ctx: RouteContext, me: UserRow, id: string): Promise<string> {
  if (id.toLowerCase() !== 'primary') return id;
  const rows = await ctx.tx.query<{ calendar_id: string }>(
    `SELECT calendar_id FROM calendar_list_entries WHERE user_id = $1 AND "primary" ORDER BY calendar_id LIMIT 1`,
    [me.id],
  );
  return rows[0]?.calendar_id ?? me.email;
}

export async function roleOn(ctx: RouteContext, me: UserRow, cal: CalendarRow): Promise<Role> {
  if (cal.owner_id === me.id) return 'owner';
  const grants = await ctx.tx.query<AclRow & { access_role: string | null }>(
    `SELECT role, scope_type, scope_value, NULL AS access_role FROM calendar_acl_rules WHERE calendar_id = $1 AND NOT deleted
     UNION ALL SELECT NULL, NULL, NULL, access_role FROM calendar_list_entries WHERE calendar_id = $1 AND user_id = $2`,
    [cal.id, me.id],
  );
  const rules = grants.filter((g) => g.access_role === null);
  const entries = grants.filter((g) => g.access_role !== null);
  let best = 0;
  const email = me.email.toLowerCase();
  const domain = email.split('@')[1] ?? '';
  for (const r of rules) {
    const v = (r.scope_value ?? '').toLowerCase();
    const covers = r.scope_type === 'default' || (r.scope_type === 'domain' && v === domain) || ((r.scope_type === 'user' || r.scope_type === 'group') && v === email);
    if (covers) best = Math.max(best, rank(r.role));
  }
  for (const e of entries) best = Math.max(best, rank(e.access_role ?? 'none'));
  return ROLES[best];
}

/**
 * What a role may read of an event (https://developers.google.com/workspace/calendar/api/concepts/sharing and the
 * AclRule `role` values in https://developers.google.com/workspace/calendar/api/v3/reference/acl): a freeBusyReader
 * sees "whether the calendar is free or busy at a given time, but [has no] access to event details"; a reader reads
 * events, but "private events will appear to users with reader access, but event details will be hidden" (an event
 * whose `visibility` is `private` or `confidential`, which "only event attendees may view"); writers and owners see
 * every detail. Hidden details leave the busy block: times, status, and the ids that place it.
 */
export function seesDetails(role: Role, e: { visibility?: string | null; organizer_email?: string | null }, me: UserRow, guests: readonly { email: string }[]): boolean {
  if (rank(role) >= rank('writer')) return true;
  if (role !== 'reader') return false;
  if (e.visibility !== 'private' && e.visibility !== 'confidential') return true;
  const email = me.email.toLowerCase();
  return e.organizer_email?.toLowerCase() === email || guests.some((g) => g.email.toLowerCase() === email);
}

export interface CalendarAccess {
  me: UserRow;
  cal: CalendarRow;
  role: Role;
}

/**
 * The calendar a path names, with the acting user's role on it. 404 when it does not exist, is deleted or the user
 * may not even see its free/busy; 403 `requiredAccessLevel` when the role is below `min`.
 */
export async function calendarFor(ctx: RouteContext, rawId: string, min: Role): Promise<CalendarAccess> {
  const me = await actor(ctx);
  const id = await resolveCalendarId(ctx, me, rawId);
  const rows = await ctx.tx.query<CalendarRow>('SELECT * FROM calendars WHERE id = $1', [id]);
  const cal = rows[0];
  if (!cal || cal.deleted) throw notFound();
  const role = await roleOn(ctx, me, cal);
  if (role === 'none') throw notFound();
  if (rank(role) < rank(min)) throw requiredAccess(min);
  return { me, cal, role };
}
