import { describe, expect, it } from 'vitest';
import { bucketSends, MAX_MINUTES, skippedByReason } from '../../shared/mailing/tasks/send-series.js';

const at = (minute: number, second = 0) => new Date(Date.UTC(2026, 10, 27, 6, minute, second)).toISOString();
const t = (minute: number) => Date.UTC(2026, 10, 27, 6, minute) / 1000;

describe('sends per minute of a task', () => {
  it('counts final items by the minute of their transition: SENT by sentAt, BOUNCED and FAILED by updatedAt', () => {
    const series = bucketSends([
      { status: 'SENT', sentAt: at(0, 5), updatedAt: at(9) },
      { status: 'SENT', sentAt: at(0, 59) },
      { status: 'BOUNCED', updatedAt: at(0, 30) },
      { status: 'SENT', sentAt: at(2, 1) },
      { status: 'FAILED', updatedAt: at(2, 40) },
    ]);
    expect(series).toEqual([
      { t: t(0), sent: 2, bounced: 1, failed: 0 },
      { t: t(1), sent: 0, bounced: 0, failed: 0 }, // a minute without sends is a zero, not a gap joined over
      { t: t(2), sent: 1, bounced: 0, failed: 1 },
    ]);
  });

  it('leaves out items that are not final, and final items without a readable time', () => {
    expect(
      bucketSends([
        { status: 'QUEUED', updatedAt: at(1) },
        { status: 'SENDING', updatedAt: at(1) },
        { status: 'SKIPPED', updatedAt: at(1) },
        { status: 'SENT' },
      ]),
    ).toEqual([]);
  });

  it('answers at most the newest MAX_MINUTES minutes', () => {
    const first = Date.UTC(2026, 10, 1) / 1000;
    const items = [0, MAX_MINUTES + 10].map((m) => ({ status: 'SENT', sentAt: new Date((first + m * 60) * 1000).toISOString() }));
    const series = bucketSends(items);
    expect(series).toHaveLength(MAX_MINUTES);
    expect(series[series.length - 1]).toMatchObject({ t: first + (MAX_MINUTES + 10) * 60, sent: 1 });
    expect(series[0].t).toBe(first + 11 * 60);
  });

  it('counts skipped items by reason', () => {
    expect(
      skippedByReason([
        { status: 'SKIPPED', reason: 'suppressed' },
        { status: 'SKIPPED', reason: 'suppressed' },
        { status: 'SKIPPED', reason: 'no_email_channel' },
        { status: 'SENT', reason: null },
      ]),
    ).toEqual({ suppressed: 2, no_email_channel: 1 });
  });
});
