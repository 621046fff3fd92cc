import { DateTime } from 'luxon';
import { SendWindowSchema, type SendWindow } from './send-window.js';

export interface SendWindowState {
  windowOpen: boolean;
  /** The next opening (ISO UTC) when closed; null when open, disabled (24/7), or never opening (no work days, bad zone). */
  nextOpenAt: string | null;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Is the window open at `now`, and when does it next open. Pure; luxon handles DST. */
export function sendWindowState(window: SendWindow | undefined | null, now: number | Date): SendWindowState {
  const closed = { windowOpen: false, nextOpenAt: null };
  const nowMs = typeof now === 'number' ? now : now.getTime();
  if (!window || !Number.isFinite(nowMs)) return closed;
  const parsed = SendWindowSchema.safeParse(window);
  if (!parsed.success) return closed;
  const w = parsed.data;
  if (!w.enabled) return { windowOpen: true, nextOpenAt: null };
  const local = DateTime.fromMillis(nowMs, { zone: w.timezone });
  if (!local.isValid) return closed;
  const [s, e] = [minutes(w.startTime), minutes(w.endTime)];
  const length = e > s ? e - s : e + 24 * 60 - s; // overnight (or start == end: a full 24 h from start)
  let nextOpen: number | null = null;
  // Yesterday's overnight window may still be open; look ahead 8 days for the next opening.
  for (let offset = -1; offset <= 8; offset++) {
    const day = local.startOf('day').plus({ days: offset });
    if (!w.workDays.includes(day.weekday)) continue;
    const start = day.set({ hour: Math.floor(s / 60), minute: s % 60 });
    const end = start.plus({ minutes: length });
    if (start.toMillis() <= nowMs && nowMs < end.toMillis()) return { windowOpen: true, nextOpenAt: null };
    if (start.toMillis() > nowMs && nextOpen === null) nextOpen = start.toMillis();
  }
  return { windowOpen: false, nextOpenAt: nextOpen === null ? null : new Date(nextOpen).toISOString() };
}
