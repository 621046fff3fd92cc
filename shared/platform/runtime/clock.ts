import type { Clock } from '../ports/clock.js';

export const systemClock: Clock = { now: () => Date.now() };

/** A clock with a movable offset (local runtime: `POST /_local/clock`). */
export class AdjustableClock implements Clock {
  private frozenAt?: number;
  constructor(private offsetMs = 0) {}
  now() {
    return (this.frozenAt ?? Date.now()) + this.offsetMs;
  }
  advance(ms: number) {
    this.offsetMs += ms;
    return this.now();
  }
  /** Stops time (until `unfreeze`), so tests of rates do not depend on how fast the machine is. */
  freeze() {
    this.frozenAt = Date.now();
  }
  unfreeze() {
    if (this.frozenAt !== undefined) this.offsetMs -= Date.now() - this.frozenAt;
    this.frozenAt = undefined;
  }
  get offset() {
    return this.offsetMs;
  }
}
