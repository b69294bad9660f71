import type { Route } from '../types.ts';
import { boardRoutes } from './boards.ts';
import { calendarRoutes } from './calendar.ts';
import { contactRoutes } from './contacts.ts';
import { directoryRoutes } from './directory.ts';
import { folderRoutes } from './folders.ts';
import { meRoutes } from './me.ts';
import { draftRoutes, messageRoutes } from './messages.ts';
import { ruleRoutes } from './rules.ts';
import { todoRoutes } from './todo.ts';

/** Operations per domain object, in the order docs list them. */
export const routeGroups: Record<string, Route[]> = {
  messages: messageRoutes,
  drafts: draftRoutes,
  folders: folderRoutes,
  rules: ruleRoutes,
  calendar: calendarRoutes,
  contacts: contactRoutes.filter((r) => r.path.startsWith('contacts')),
  contact_groups: contactRoutes.filter((r) => r.path.startsWith('contact-groups')),
  todo: todoRoutes,
  boards: boardRoutes,
  directory: directoryRoutes,
  identity_and_settings: meRoutes,
};

const paramCount = (r: Route) => (r.path.match(/\{/g) ?? []).length;

/**
 * The route table. The router takes the first route whose pattern matches, so literal paths must come before
 * templated ones at the same place (`/contacts/search` before `/contacts/{contact_id}`): fewer parameters first.
 */
export const routes: Route[] = Object.values(routeGroups)
  .flat()
  .map((r, i) => ({ r, i }))
  .sort((a, b) => paramCount(a.r) - paramCount(b.r) || a.i - b.i)
  .map(({ r }) => r);
