/**
 * Google Calendar's fixed colour palettes (colors.get): calendar colours 1–24 and event colours 1–11, each a
 * background with a dark foreground. A calendar-list entry or event stores only its `colorId`; the hex values are
 * read from here, so changing `colorId` changes nothing else.
 */
const CALENDAR_BACKGROUNDS = [
  '#ac725e', '#d06b64', '#f83a22', '#fa573c', '#ff7537', '#ffad46', '#42d692', '#16a765', '#7bd148', '#b3dc6c', '#fbe983', '#fad165',
  '#92e1c0', '#9fe1e7', '#9fc6e7', '#4986e7', '#9a9cff', '#b99aff', '#c2c2c2', '#cabdbf', '#cca6ac', '#f691b2', '#cd74e6', '#a47ae2',
];
const EVENT_BACKGROUNDS = ['#a4bdfc', '#7ae7bf', '#dbadff', '#ff887c', '#fbd75b', '#ffb878', '#46d6db', '#e1e1e1', '#5484ed', '#51b749', '#dc2127'];
const FOREGROUND = '#1d1d1d';

const palette = (backgrounds: string[]) =>
  Object.fromEntries(backgrounds.map((background, i) => [String(i + 1), { background, foreground: FOREGROUND }]));

export const calendarColors: Record<string, { background: string; foreground: string }> = palette(CALENDAR_BACKGROUNDS);
export const eventColors: Record<string, { background: string; foreground: string }> = palette(EVENT_BACKGROUNDS);

/** The palette's last change, as colors.get reports it. */
export const COLORS_UPDATED = '2012-02-14T00:00:00.000Z';
