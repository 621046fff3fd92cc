import { describe, expect, it } from 'vitest';
import { atCronTimes } from '../../infra/local/background.js';
import { defineSchedule, eventBridgeCron } from '../../shared/platform/registry/background.js';
import { AdjustableClock } from '../../shared/platform/runtime/clock.js';

/**
 * A schedule's `cron`: the five UTC fields the local runtime evaluates, and EventBridge's six-field
 * `cron(...)` derived from them; what would mean other times on one side is refused at declaration.
 * (The template and local times are compared in test/infra/background-parity.test.ts.)
 */
describe('schedule cron: the EventBridge expression', () => {
  it.each([
    ['0 3 1 * *', 'cron(0 3 1 * ? *)'],
    ['30 9 * * MON-FRI', 'cron(30 9 ? * MON-FRI *)'],
    ['0 6 * * sun', 'cron(0 6 ? * SUN *)'],
    ['*/15 * * * *', 'cron(0/15 * * * ? *)'],
    ['0 */6 */2 JAN,JUL *', 'cron(0 0/6 1/2 JAN,JUL ? *)'],
    ['5,35 8-18 * * *', 'cron(5,35 8-18 * * ? *)'],
  ])('%s → %s', (cron, expression) => {
    expect(eventBridgeCron(cron)).toBe(expression);
  });

  it.each([
    ['0 3 1 *', 'five fields'],
    ['0 0 3 1 * *', 'five fields'],
    ['0 9 * * 1-5', 'names days of the week'],
    ['0 9 * * */2', 'names days of the week'],
    ['0 9 1 * MON', 'day of month and day of week both'],
    ['5/10 * * * *', 'field 1'],
    ['0 9 L * *', 'field 3'],
    ['0 9 * * MON#2', 'field 5'],
    ['JAN 9 * * *', 'field 1'],
  ])('refuses %s (%s)', (cron, why) => {
    expect(() => defineSchedule({ name: 'bad_cron', tag: 't', cron, timeout: 10, resources: [], handler: async () => undefined })).toThrow(why);
  });

  it('refuses a schedule without a whole number of minutes when it has no cron', () => {
    expect(() => defineSchedule({ name: 'bad_rate', tag: 't', every: { minutes: 0.5 }, timeout: 10, resources: [], handler: async () => undefined })).toThrow(
      'whole number of minutes',
    );
  });
});

describe('schedule cron: the local timer', () => {
  it("runs when the runtime's clock passes a due time, once however far it moved, never overlapping itself, and stops", async () => {
    const clock = new AdjustableClock(Date.parse('2026-11-30T02:59:00Z') - Date.now());
    let runs = 0;
    let release: () => void = () => undefined;
    const timer = atCronTimes('daily_example', '0 3 * * *', clock, () => (runs++, new Promise<void>((r) => (release = r))), { checkMs: 10 });
    try {
      expect(timer.nextRuns(clock.now(), 2)).toEqual([Date.parse('2026-11-30T03:00:00Z'), Date.parse('2026-12-01T03:00:00Z')]);
      await sleepUntil(() => false, 100); // not due yet: no run
      expect(runs).toBe(0);
      clock.advance(3 * 86_400_000); // past three due times
      await sleepUntil(() => runs > 0, 5_000);
      expect(runs).toBe(1);
      clock.advance(86_400_000); // due again while the first run still runs: no second run at once
      await sleepUntil(() => false, 100);
      expect(runs).toBe(1);
      release();
    } finally {
      await timer.stop();
    }
    clock.advance(2 * 86_400_000);
    await sleepUntil(() => false, 100);
    expect(runs).toBe(1);
  });
});

/** Waits until `done()` or `ms` have passed (bounded either way). */
async function sleepUntil(done: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}
