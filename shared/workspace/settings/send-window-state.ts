import { SendWindowSchema, type SendWindow } from './send-window.js';

export interface SendWindowState {
  windowOpen: boolean;
  /** The next opening (ISO UTC) when closed; null when open, disabled (24/7), or never opening (no work days, bad zone). */
  nextOpenAt: string | null;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Is the window open at `now`, and when does it next open. Pure; the zone's offsets (DST) come from Intl (below). */
export function sendWindowState(window: SendWindow | undefined | null, now: number | Date): SendWindowState {
  const closed = { windowOpen: false, nextOpenAt: null };
  const nowMs = typeof now === 'number' ? now : now.getTime();
  if (!window || !Number.isFinite(nowMs)) return closed;
  const parsed = SendWindowSchema.safeParse(window);
  if (!parsed.success) return closed;
  const w = parsed.data;
  if (!w.enabled) return { windowOpen: true, nextOpenAt: null };
  const zone = zoneOffsets(w.timezone);
  if (!zone) return closed;
  const local = zonedAt(zone, nowMs);
  if (!Number.isFinite(local.o)) return closed;
  const [s, e] = [minutes(w.startTime), minutes(w.endTime)];
  const length = e > s ? e - s : e + 24 * 60 - s; // overnight (or start == end: a full 24 h from start)
  const midnight = setLocal(zone, local, { hour: 0, minute: 0, second: 0, millisecond: 0 });
  let nextOpen: number | null = null;
  // Yesterday's overnight window may still be open; look ahead 8 days for the next opening.
  for (let offset = -1; offset <= 8; offset++) {
    const day = setLocal(zone, midnight, { day: midnight.c.day + offset });
    if (!w.workDays.includes(isoWeekday(day))) continue;
    const start = setLocal(zone, day, { hour: Math.floor(s / 60), minute: s % 60 }).ts;
    const end = start + length * 60_000;
    if (start <= nowMs && nowMs < end) return { windowOpen: true, nextOpenAt: null };
    if (start > nowMs && nextOpen === null) nextOpen = start;
  }
  return { windowOpen: false, nextOpenAt: nextOpen === null ? null : new Date(nextOpen).toISOString() };
}

// Wall-clock arithmetic in an IANA zone with the platform's Intl (no date library: issue 25). It is
// luxon's own algorithm (IANAZone.offset, fixOffset, set/plus), which the window used before, so
// DST behaves exactly as it did: a local time in a spring-forward gap moves forward by the gap, an
// ambiguous one in a fall-back overlap keeps the offset of the time it was derived from.

type Offsets = (ts: number) => number;
interface LocalFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}
/** An instant with its zone offset (minutes) and its wall-clock fields there. */
interface Zoned {
  ts: number;
  o: number;
  c: LocalFields;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset at an instant, in minutes east of UTC; undefined for a zone Intl does not know. */
function zoneOffsets(timeZone: string): Offsets | undefined {
  let dtf = formatters.get(timeZone);
  if (!dtf) {
    try {
      dtf = new Intl.DateTimeFormat('en-US', {
        hour12: false,
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        era: 'short',
      });
    } catch {
      return undefined;
    }
    formatters.set(timeZone, dtf);
  }
  const format = dtf;
  return (ts) => {
    const date = new Date(ts);
    if (Number.isNaN(date.getTime())) return Number.NaN;
    const p: Record<string, string> = {};
    for (const { type, value } of format.formatToParts(date)) p[type] = value;
    let year = parseInt(p.year, 10);
    if (p.era === 'BC') year = -Math.abs(year) + 1;
    const hour = parseInt(p.hour, 10);
    const asUtc = localTs({
      year,
      month: parseInt(p.month, 10),
      day: parseInt(p.day, 10),
      hour: hour === 24 ? 0 : hour, // some engines format midnight as 24 with hour12: false
      minute: parseInt(p.minute, 10),
      second: parseInt(p.second, 10),
      millisecond: 0,
    });
    const over = ts % 1000;
    return (asUtc - (ts - (over >= 0 ? over : 1000 + over))) / 60_000;
  };
}

/** Wall-clock fields read as if they were UTC (years 0..99 stay themselves, not 19xx). */
function localTs(c: LocalFields) {
  const d = new Date(Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second, c.millisecond));
  if (c.year >= 0 && c.year < 100) d.setUTCFullYear(c.year, c.month - 1, c.day);
  return d.getTime();
}

function zonedAt(offsets: Offsets, ts: number): Zoned {
  const o = offsets(ts);
  const d = new Date(ts + o * 60_000);
  const c = {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
  };
  return { ts, o, c };
}

/**
 * The instant of a wall-clock time, guessing the offset of the time it came from: kept if the zone
 * agrees, else corrected once; in a gap (no such wall-clock time) the time moves forward by the gap.
 */
function instantOf(offsets: Offsets, local: number, guess: number) {
  let utc = local - guess * 60_000;
  const o2 = offsets(utc);
  if (guess === o2) return utc;
  utc -= (o2 - guess) * 60_000;
  const o3 = offsets(utc);
  if (o2 === o3) return utc;
  return local - Math.min(o2, o3) * 60_000;
}

/** The same wall-clock time with some fields replaced (a day past the month's end rolls over). */
function setLocal(offsets: Offsets, z: Zoned, fields: Partial<LocalFields>): Zoned {
  const ts = instantOf(offsets, localTs({ ...z.c, ...fields }), z.o);
  return ts === z.ts ? z : zonedAt(offsets, ts);
}

/** ISO weekday (1 = Monday .. 7 = Sunday) of the wall-clock date. */
const isoWeekday = (z: Zoned) => new Date(localTs({ ...z.c, hour: 0, minute: 0, second: 0, millisecond: 0 })).getUTCDay() || 7;
