import { describe, expect, it } from 'vitest';
import { calendar } from '../../../../src/replicas/calendar/index.ts';
import { callTool, routeTools } from '../../../../src/replicas/tools.ts';
import { CALENDAR_TEST_CLOCK, calendarTestSeed, withCalendarEnvironment } from '../../../helpers/calendarEnvironment.ts';

const t = withCalendarEnvironment(calendarTestSeed, { clock: CALENDAR_TEST_CLOCK });
const call = (name: string, args: Record<string, unknown>) => callTool(t.router, t.env, 'calendar', name, args);

describe('Calendar routes as tools', () => {
  it('offers one tool per method (37) with body fields as top-level arguments and docs', () => {
    const tools = routeTools(calendar);
    expect(tools).toHaveLength(37);
    const insert = tools.find((x) => x.name === 'post_calendars_calendarId_events')!;
    expect(insert.inputSchema).toMatchObject({ required: expect.arrayContaining(['calendarId', 'start', 'end']) });
    expect(Object.keys(insert.inputSchema.properties as object)).toEqual(expect.arrayContaining(['summary', 'attendees', 'recurrence', 'sendUpdates']));
    for (const tool of tools) expect(tool.description.length).toBeGreaterThan(40);
  });

  it('inserts, moves and quick-adds through tool calls as a script would over HTTP', async () => {
    const made = await call('post_calendars_calendarId_events', {
      calendarId: 'primary',
      summary: 'Tool event',
      start: { dateTime: '2026-03-10T10:00:00-04:00' },
      end: { dateTime: '2026-03-10T11:00:00-04:00' },
      sendUpdates: 'none',
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ summary: 'Tool event', start: { timeZone: 'America/New_York' } });
    const moved = await call('post_calendars_calendarId_events_eventId_move', { calendarId: 'primary', eventId: (made.body as any).id, destination: 'cal_team' });
    expect(moved.status).toBe(200);
    const quick = await call('post_calendars_calendarId_events_quickAdd', { calendarId: 'primary', text: 'Call Ben friday 4pm' });
    expect(quick.body).toMatchObject({ summary: 'Call Ben', start: { dateTime: '2026-03-06T16:00:00-05:00' } });
    const fb = await call('post_freeBusy', { timeMin: '2026-03-03T00:00:00Z', timeMax: '2026-03-04T00:00:00Z', items: [{ id: 'ben@acme.test' }] });
    expect((fb.body as any).calendars['ben@acme.test'].busy).toHaveLength(2);
  });
});
