/** The one clock every rule, expiry and workflow reads, so tests can move time forward. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/** A clock with a movable offset (local runtime: `POST /_local/clock`). */
export class AdjustableClock implements Clock {
  constructor(private offsetMs = 0) {}
  now() {
    return Date.now() + this.offsetMs;
  }
  advance(ms: number) {
    this.offsetMs += ms;
    return this.now();
  }
  get offset() {
    return this.offsetMs;
  }
}

export const isoNow = (clock: Clock) => new Date(clock.now()).toISOString();
