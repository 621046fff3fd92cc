/** The one clock every rule, expiry and workflow reads, so tests can move time forward. Implementations: shared/platform/runtime/clock.ts. */
export interface Clock {
  now(): number;
}
