import type { DateTime } from 'luxon';
import { rfc3339, type EventTime } from './time.ts';

/**
 * events.quickAdd's text parsing, a small version of Google's: a date ("today", "tomorrow", a weekday, "June 23",
 * "6/23", "2018-06-23"), a time or time range ("at 7pm", "7:30pm", "19:00", "3pm-5pm", "from 3 to 5pm") and
 * "at <place>" after the time. The rest is the summary. A time without an end lasts an hour; no time at all makes an
 * all-day event. Relative dates resolve against `now` in the calendar's zone.
 */
export interface QuickAdd {
  summary: string;
  location?: string;
  start: EventTime;
  end: EventTime;
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

function hour(h: string, m: string | undefined, ampm: string | undefined, fallbackAmPm?: string): { h: number; m: number } {
  let hh = Number(h);
  const mm = m ? Number(m) : 0;
  const suffix = (ampm ?? fallbackAmPm)?.toLowerCase();
  if (suffix === 'pm' && hh < 12) hh += 12;
  if (suffix === 'am' && hh === 12) hh = 0;
  return { h: hh, m: mm };
}

export function parseQuickAdd(text: string, now: DateTime): QuickAdd {
  let rest = ` ${text} `;
  let day = now.startOf('day');
  let dated = false;
  const take = (re: RegExp): RegExpExecArray | null => {
    const m = re.exec(rest);
    if (m) rest = rest.slice(0, m.index) + ' ' + rest.slice(m.index + m[0].length);
    return m;
  };

  let m = take(/\s(?:on\s+)?(\d{4})-(\d{2})-(\d{2})\s/i);
  if (m) {
    day = now.set({ year: +m[1], month: +m[2], day: +m[3] }).startOf('day');
    dated = true;
  }
  if (!dated && (m = take(new RegExp(`\\s(?:on\\s+)?(${MONTHS.join('|')}|${MONTHS.map((x) => x.slice(0, 3)).join('|')})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?\\s`, 'i')))) {
    const month = MONTHS.findIndex((x) => x.startsWith(m![1].toLowerCase().slice(0, 3))) + 1;
    day = now.set({ month, day: +m[2], ...(m[3] ? { year: +m[3] } : {}) }).startOf('day');
    if (!m[3] && day < now.startOf('day')) day = day.plus({ years: 1 });
    dated = true;
  }
  if (!dated && (m = take(/\s(?:on\s+)?(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\s/))) {
    const year = m[3] ? (m[3].length === 2 ? 2000 + +m[3] : +m[3]) : now.year;
    day = now.set({ year, month: +m[1], day: +m[2] }).startOf('day');
    dated = true;
  }
  if (!dated && (m = take(/\s(today|tonight|tomorrow)\s/i))) {
    if (m[1].toLowerCase() === 'tomorrow') day = day.plus({ days: 1 });
    dated = true;
  }
  if (!dated && (m = take(new RegExp(`\\s(?:on\\s+|next\\s+|this\\s+)?(${WEEKDAYS.join('|')})\\s`, 'i')))) {
    const target = WEEKDAYS.indexOf(m[1].toLowerCase()) + 1;
    let add = (target - now.weekday + 7) % 7;
    if (add === 0) add = 7;
    day = day.plus({ days: add });
    dated = true;
  }

  const T = '(\\d{1,2})(?::(\\d{2}))?\\s*(am|pm)?';
  let start: { h: number; m: number } | undefined;
  let end: { h: number; m: number } | undefined;
  if ((m = take(new RegExp(`\\s(?:from\\s+|at\\s+)?${T}\\s*(?:-|–|to|until)\\s*${T}\\s`, 'i'))) && (m[3] || m[6] || m[2] || m[5])) {
    end = hour(m[4], m[5], m[6]);
    start = hour(m[1], m[2], m[3], m[3] ? undefined : m[6]);
  } else if ((m = take(new RegExp(`\\s(?:at\\s+|@\\s*)?${T}\\s`, 'i'))) && (m[3] || m[2])) {
    start = hour(m[1], m[2], m[3]);
  } else if (m) {
    rest = ` ${text} `; // a bare number is not a time: undo
  }

  let location: string | undefined;
  const loc = /\s(?:at|in|@)\s+(.+?)\s*$/i.exec(rest);
  if (loc && start) {
    location = loc[1].trim();
    rest = rest.slice(0, loc.index);
  }
  const summary = rest.replace(/\s+(on|at|from)\s*$/i, '').replace(/\s+/g, ' ').trim() || text.trim();

  if (!start) {
    return { summary, location, start: { date: day.toISODate()! }, end: { date: day.plus({ days: 1 }).toISODate()! } };
  }
  const s = day.set({ hour: start.h, minute: start.m });
  let e = end ? day.set({ hour: end.h, minute: end.m }) : s.plus({ hours: 1 });
  if (e <= s) e = e.plus({ days: 1 });
  return { summary, location, start: { dateTime: rfc3339(s) }, end: { dateTime: rfc3339(e) } };
}
