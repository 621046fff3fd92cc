/** The one clock every rule, expiry and workflow reads, so tests can move time forward. Implementations: shared/runtime/clock.ts. */
export interface Clock {
  now(): number;
}

export const isoNow = (clock: Clock) => new Date(clock.now()).toISOString();

// Moved to shared/runtime/clock.ts; kept so in-flight imports keep working. New code imports from there.
export { AdjustableClock, systemClock } from '../runtime/clock.js';
