import { describe, expect, it } from 'vitest';
import { bounceWindowAdd, judgeBounceWindow } from '../../shared/mailing/sending/bounce-guard.js';
import { DEFAULT_BOUNCE_GUARD, mergeBounceGuard } from '../../shared/workspace/settings/bounce-guard.js';

const guard = DEFAULT_BOUNCE_GUARD; // 5 % over the last 100 sends, minimum 50

describe('bounce window verdict', () => {
  it('8 of 10 refused trips at once: more bounces than a whole window may hold', () => {
    expect(judgeBounceWindow({ sends: 10, bounces: 8 }, guard)).toMatchObject({ trip: true, windowSends: 10, windowBounces: 8, ratePercent: 80 });
    expect(judgeBounceWindow({ sends: 6, bounces: 6 }, guard).trip).toBe(true);
    expect(judgeBounceWindow({ sends: 5, bounces: 5 }, guard).trip).toBe(false); // 5 of a future 100 is still 5 %
  });

  it('a small sample does not trip on the rate alone', () => {
    expect(judgeBounceWindow({ sends: 3, bounces: 1 }, guard).trip).toBe(false);
    expect(judgeBounceWindow({ sends: 49, bounces: 4 }, guard).trip).toBe(false);
  });

  it('from minSends on, the rate over the window decides (strictly over the threshold)', () => {
    expect(judgeBounceWindow({ sends: 50, bounces: 2 }, guard).trip).toBe(false); // 4 %
    expect(judgeBounceWindow({ sends: 60, bounces: 3 }, guard).trip).toBe(false); // exactly 5 %
    expect(judgeBounceWindow({ sends: 50, bounces: 3 }, guard).trip).toBe(true); // 6 %
    expect(judgeBounceWindow({ sends: 0, bounces: 0 }, guard).trip).toBe(false);
  });

  it('slides: bounces older than the window (before the newest checkpoint N sends back) no longer count', () => {
    // 400 sends, 30 bounces, but 28 of them before send 300: the last 100 hold 2.
    const w = {
      sends: 400,
      bounces: 30,
      checkpoints: [
        { s: 280, b: 27 },
        { s: 300, b: 28 },
        { s: 320, b: 28 },
        { s: 380, b: 29 },
      ],
    };
    expect(judgeBounceWindow(w, guard)).toMatchObject({ windowSends: 100, windowBounces: 2, trip: false });
    // The same counts with the bounces recent trip it.
    expect(judgeBounceWindow({ ...w, checkpoints: [{ s: 300, b: 2 }] }, guard)).toMatchObject({ windowBounces: 28, trip: true });
  });

  it('asks for a checkpoint every windowSends / 5 sends', () => {
    expect(judgeBounceWindow({ sends: 19, bounces: 0 }, guard).checkpoint).toBeUndefined();
    expect(judgeBounceWindow({ sends: 21, bounces: 1 }, guard).checkpoint).toEqual({ s: 21, b: 1 });
    expect(judgeBounceWindow({ sends: 39, bounces: 1, checkpoints: [{ s: 21, b: 1 }] }, guard).checkpoint).toBeUndefined();
    expect(judgeBounceWindow({ sends: 41, bounces: 1, checkpoints: [{ s: 21, b: 1 }] }, guard).checkpoint).toEqual({ s: 41, b: 1 });
  });

  it('a custom threshold, window and minimum apply; minSends above windowSends is refused', () => {
    const strict = mergeBounceGuard(undefined, { maxBounceRatePercent: 2, windowSends: 50, minSends: 20 });
    expect(judgeBounceWindow({ sends: 20, bounces: 1 }, strict).trip).toBe(true); // 5 % > 2 %
    expect(judgeBounceWindow({ sends: 10, bounces: 2 }, strict).trip).toBe(true); // 2 > 2 % of 50
    expect(() => mergeBounceGuard({ windowSends: 100 }, { minSends: 101 })).toThrow();
  });

  it('counts accepted and refused answers, not deferrals (added to the day row)', () => {
    expect(bounceWindowAdd([{ outcome: 'accepted' }, { outcome: 'rejected' }, { outcome: 'deferred' }])).toEqual({ guardSends: 2, guardBounces: 1 });
    expect(bounceWindowAdd([{ outcome: 'deferred' }])).toBeUndefined();
  });
});
