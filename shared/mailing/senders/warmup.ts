import * as z from 'zod';
import type { EmailAccountItem } from './entities.js';

/**
 * Warm-up: a linear daily ramp the send engine obeys as the account's daily cap.
 * Day 1 (the UTC day warm-up starts) allows `startPerDay`; each following day adds `increasePerDay`,
 * up to `maxPerDay`, which then stays the cap. Without warm-up the configured `dailyLimit` (or none) applies.
 */
export const WARMUP_DEFAULTS = { startPerDay: 10, increasePerDay: 5, maxPerDay: 50 } as const;

export const WarmupSchema = z.strictObject({
  startPerDay: z.number().int().min(1).max(1000).default(WARMUP_DEFAULTS.startPerDay).describe('Messages allowed on the first day'),
  increasePerDay: z.number().int().min(0).max(1000).default(WARMUP_DEFAULTS.increasePerDay).describe('Added to the cap each following day'),
  maxPerDay: z.number().int().min(1).max(10_000).default(WARMUP_DEFAULTS.maxPerDay).describe('The ramp stops here; this stays the daily cap'),
});

const DAY = 86_400_000;
const dayStart = (ms: number) => Math.floor(ms / DAY) * DAY;

export function dailyCapOn(a: Pick<EmailAccountItem, 'warmup' | 'warmupStartedAt' | 'dailyLimit'>, now: number): number | null {
  if (a.warmup && a.warmupStartedAt) {
    const days = Math.max(0, Math.floor((dayStart(now) - dayStart(Date.parse(a.warmupStartedAt))) / DAY));
    const ramp = Math.min(a.warmup.maxPerDay, a.warmup.startPerDay + days * a.warmup.increasePerDay);
    return a.dailyLimit ? Math.min(ramp, a.dailyLimit) : ramp;
  }
  return a.dailyLimit ?? null;
}

/** The first days of a ramp, for the warmupStart answer (documents what the engine will obey). */
export function rampPreview(w: { startPerDay: number; increasePerDay: number; maxPerDay: number }, days = 14) {
  return Array.from({ length: days }, (_, i) => ({ day: i + 1, cap: Math.min(w.maxPerDay, w.startPerDay + i * w.increasePerDay) }));
}

/**
 * The daily cap against what was sent, one row per UTC day: from the warm-up's first day (at most
 * `pastDays` back; without warm-up the last `pastDays`) through `aheadDays` after today, so a plot shows
 * the ramp still to come. Days after today have `sent: null`.
 */
export function capByDay(
  a: Pick<EmailAccountItem, 'warmup' | 'warmupStartedAt' | 'dailyLimit'>,
  now: number,
  sentOn: (day: string) => number,
  { pastDays = 13, aheadDays = 7 } = {},
) {
  const today = dayStart(now);
  const started = a.warmup && a.warmupStartedAt ? dayStart(Date.parse(a.warmupStartedAt)) : today - pastDays * DAY;
  const from = Math.max(started, today - pastDays * DAY);
  const rows: { day: string; cap: number | null; sent: number | null }[] = [];
  for (let t = from; t <= today + aheadDays * DAY; t += DAY) {
    const day = new Date(t).toISOString().slice(0, 10);
    rows.push({ day, cap: dailyCapOn(a, t), sent: t <= today ? sentOn(day) : null });
  }
  return rows;
}
