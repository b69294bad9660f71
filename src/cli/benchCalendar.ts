import { Engine, type SeedTables } from '../engine/index.ts';
import { calendar } from '../replicas/calendar/index.ts';
import { createRouter } from '../replicas/index.ts';
import { summary } from './benchStats.ts';

/**
 * The Calendar figures `npm run bench` reports: events.list with singleEvents=true over one year of a calendar with
 * 50 weekly series (2,600 instances, in three zones, across both DST changes) plus 200 single events, timed through
 * the router as a script's fetch would be (the target: median under 20 ms); also freeBusy.query over the same
 * year, which expands the same series.
 */
export interface CalendarBenchFigures {
  /**
   * The year's first page at Google's default page size (250 of the year's 2,800 instances, so every series is
   * expanded and sorted), the same request again and again (series expansions are remembered between requests).
   */
  eventsListYear: { median: number; p95: number; cpuMedian: number; n: number; instances: number };
  /** A different year-long window each time (timeMin moves a day per call): every series expanded afresh. */
  eventsListYearCold: { median: number; p95: number; cpuMedian: number; n: number; instances: number };
  /** The whole year in one page (maxResults=2500): rendering and JSON of 2,500 events dominate. */
  eventsListYearAllInOnePage: { median: number; p95: number; cpuMedian: number; n: number; instances: number };
  freeBusyYear: { median: number; p95: number; cpuMedian: number; n: number; busySpans: number };
}

const ZONES = ['America/Los_Angeles', 'Europe/Berlin', 'Asia/Tokyo'];
const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR'];

export function calendarBenchSeed(): SeedTables {
  const events: Record<string, unknown>[] = [];
  for (let i = 0; i < 50; i++) {
    const zone = ZONES[i % ZONES.length];
    const hour = String(8 + (i % 9)).padStart(2, '0');
    const day = String(5 + (i % 5)).padStart(2, '0'); // 2026-01-05 is a Monday
    events.push({
      id: `series${String(i).padStart(3, '0')}`,
      calendar_id: 'bench@bench.example',
      summary: `Weekly ${i}`,
      start: { dateTime: `2026-01-${day}T${hour}:00:00`, timeZone: zone },
      end: { dateTime: `2026-01-${day}T${hour}:30:00`, timeZone: zone },
      recurrence: [`RRULE:FREQ=WEEKLY;BYDAY=${DAYS[i % 5]}`],
    });
  }
  for (let i = 0; i < 200; i++) {
    const d = new Date(Date.UTC(2026, 0, 1) + i * 43 * 3_600_000);
    const end = new Date(d.getTime() + 3_600_000);
    events.push({ id: `single${String(i).padStart(3, '0')}`, calendar_id: 'bench@bench.example', summary: `One-off ${i}`, start: { dateTime: d.toISOString() }, end: { dateTime: end.toISOString() } });
  }
  return {
    calendar_users: [{ id: 'u_bench', email: 'bench@bench.example', display_name: 'Bench', self: true }],
    calendars: [{ id: 'bench@bench.example', summary: 'Bench', owner_id: 'u_bench', time_zone: 'America/Los_Angeles' }],
    calendar_list_entries: [{ id: 'cle_bench', user_id: 'u_bench', calendar_id: 'bench@bench.example', access_role: 'owner', primary: true }],
    calendar_events: events,
  };
}

const stats = (xs: number[]) => summary(xs, 2);

export async function benchCalendar(options: { iterations?: number } = {}): Promise<CalendarBenchFigures> {
  const n = options.iterations ?? 30;
  const engine = await Engine.create({ services: [calendar] });
  try {
    await engine.loadTemplate('calendar_bench', calendarBenchSeed());
    const env = await engine.createEnvironment('calendar_bench', { actingUserId: 'u_bench', clockStart: Date.parse('2026-01-01T00:00:00Z') });
    const router = createRouter([calendar]);
    const headers = { authorization: 'Bearer bench', 'content-type': 'application/json' };
    const listFrom = (day: number, page = '') => {
      const from = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000);
      const to = new Date(from.getTime() + 365 * 86_400_000);
      return new Request(
        `https://www.googleapis.com/calendar/v3/calendars/primary/events?singleEvents=true&orderBy=startTime${page}&timeMin=${from.toISOString()}&timeMax=${to.toISOString()}`,
        { headers },
      );
    };
    const list = () => listFrom(0);
    const listAll = () => listFrom(0, '&maxResults=2500');
    let day = 0;
    const listCold = () => listFrom(++day);
    const freeBusy = () =>
      new Request('https://www.googleapis.com/calendar/v3/freeBusy', {
        method: 'POST',
        headers,
        body: JSON.stringify({ timeMin: '2026-01-01T00:00:00Z', timeMax: '2027-01-01T00:00:00Z', items: [{ id: 'primary' }] }),
      });
    // Wall time per request, and the process's CPU time per request (less sensitive to a machine shared with
    // other work; PGlite runs in this thread).
    const time = async (make: () => Request, read: (body: any) => number) => {
      const times: number[] = [];
      const cpu: number[] = [];
      let count = 0;
      for (let i = 0; i < n + 3; i++) {
        const t = performance.now();
        const c = process.cpuUsage();
        const res = await router.route(make(), env);
        const body = await res.json();
        if (i >= 3) {
          // the first calls warm caches and JIT
          times.push(performance.now() - t);
          const used = process.cpuUsage(c);
          cpu.push((used.user + used.system) / 1000);
        }
        count = read(body);
      }
      return { ...stats(times), cpuMedian: stats(cpu).median, count };
    };
    const l = await time(list, (b) => b.items.length);
    const c = await time(listCold, (b) => b.items.length);
    const all = await time(listAll, (b) => b.items.length);
    const f = await time(freeBusy, (b) => b.calendars.primary.busy.length);
    await env.dispose();
    return {
      eventsListYear: { median: l.median, p95: l.p95, cpuMedian: l.cpuMedian, n: l.n, instances: l.count },
      eventsListYearCold: { median: c.median, p95: c.p95, cpuMedian: c.cpuMedian, n: c.n, instances: c.count },
      eventsListYearAllInOnePage: { median: all.median, p95: all.p95, cpuMedian: all.cpuMedian, n: all.n, instances: all.count },
      freeBusyYear: { median: f.median, p95: f.p95, cpuMedian: f.cpuMedian, n: f.n, busySpans: f.count },
    };
  } finally {
    await engine.close();
  }
}
