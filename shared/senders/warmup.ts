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
