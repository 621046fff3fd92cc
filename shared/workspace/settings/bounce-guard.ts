import * as z from 'zod';
import { badRequest } from '../../platform/errors.js';

/**
 * Bounce-rate protection of the workspace's sender mailboxes (shared/mailing/sending/bounce-guard.ts applies
 * it). A mailbox is paused when its hard bounces (5xx refusals) over its last `windowSends` sends pass
 * `maxBounceRatePercent`: either the bounces already in the window are more than the threshold allows
 * for a whole window (8 of 10 refused: at 5 % of 100 at most 5 may bounce, so the 6th pauses at once),
 * or at least `minSends` sends are in the window and their rate is over the threshold. The minimum keeps
 * one or two early bounces of a healthy list (at 20 sends each bounce is 5 points) from pausing it.
 */
export const BounceGuardSchema = z.strictObject({
  enabled: z.boolean().describe('false turns the protection off for every mailbox of the workspace'),
  maxBounceRatePercent: z.number().min(0.5).max(50).describe('Hard-bounce rate that pauses a mailbox, in percent (default 5)'),
  windowSends: z.number().int().min(20).max(1000).describe('The sliding window: the mailbox’s last N sends, accepted or refused (default 100)'),
  minSends: z.number().int().min(1).max(1000).describe('Sends in the window before the rate alone can pause (default 50; not above windowSends)'),
});
export type BounceGuard = z.infer<typeof BounceGuardSchema>;
export const BounceGuardPatchSchema = BounceGuardSchema.partial();

export const DEFAULT_BOUNCE_GUARD: BounceGuard = { enabled: true, maxBounceRatePercent: 5, windowSends: 100, minSends: 50 };

/** The stored value over the defaults (a value stored before a field existed keeps working). */
export const bounceGuardOf = (stored: unknown): BounceGuard => ({ ...DEFAULT_BOUNCE_GUARD, ...((stored as Partial<BounceGuard> | undefined) ?? {}) });

/** Merges a patch into the current value; 400 when minSends would exceed windowSends. */
export function mergeBounceGuard(current: unknown, patch: Partial<BounceGuard>): BounceGuard {
  const next = { ...bounceGuardOf(current), ...patch };
  if (next.minSends > next.windowSends) throw badRequest(['minSends must not be greater than windowSends']);
  return next;
}
