// The mailing task pages' pure logic (web/src/pages/tasks/tasks-api.ts): the plot's series, the measured
// pace, and every 409 code of the task actions said in words.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../web/src/api/errors';
import {
  pauseInWords,
  PLOT_MIN_MINUTES,
  recentPace,
  seriesForPlot,
  taskErrorInWords,
  TASK_CONFLICT_WORDS,
  type SendSeries,
} from '../../web/src/pages/tasks/tasks-api';

const series = (data: SendSeries['data']): SendSeries => ({ taskId: 't1', status: 'ACTIVE', bucketSeconds: 60, data, skippedByReason: {}, truncated: false });

describe('mailing task values', () => {
  it('pads a short series with zero minutes before its first, so the time axis spans minutes', () => {
    const plot = seriesForPlot(series([{ t: 6000, sent: 4, bounced: 1, failed: 0 }]));
    expect(plot.times).toHaveLength(PLOT_MIN_MINUTES);
    expect(plot.times[0]).toBe(6000 - (PLOT_MIN_MINUTES - 1) * 60);
    expect(plot.times[PLOT_MIN_MINUTES - 1]).toBe(6000);
    expect(plot.series.map((s) => [s.label, s.values[PLOT_MIN_MINUTES - 1], s.values[0]])).toEqual([
      ['Sent', 4, 0],
      ['Bounced', 1, 0],
      ['Failed', 0, 0],
    ]);
    expect(seriesForPlot(series([])).times).toEqual([]);
    const long = Array.from({ length: 12 }, (_, i) => ({ t: i * 60, sent: i, bounced: 0, failed: 0 }));
    expect(seriesForPlot(series(long)).times).toEqual(long.map((m) => m.t)); // long enough: as answered
  });

  it('measures the pace over the last minutes, finals of every kind', () => {
    expect(recentPace(undefined)).toBeNull();
    expect(
      recentPace(
        series([
          { t: 0, sent: 100, bounced: 0, failed: 0 },
          { t: 60, sent: 3, bounced: 1, failed: 0 },
          { t: 120, sent: 4, bounced: 0, failed: 0 },
        ]),
        2,
      ),
    ).toBe(4);
  });

  it('says every 409 code of approve, start, pause, resume and cancel in words, and the rest as every page does', () => {
    for (const code of [
      'not_approved',
      'approval_stale',
      'sender_suspended',
      'sender_bounce_rate_exceeded',
      'sender_dns_failed',
      'sender_dns_unchecked',
      'sender_connection_failed',
      'sender_missing',
      'sender_unavailable',
      'physical_address_missing',
      'list_empty',
      'task_not_startable',
      'task_not_active',
      'task_not_paused',
      'task_final',
      'task_not_approvable',
      'task_changed',
    ]) {
      const words = taskErrorInWords(new ApiError(409, { statusCode: 409, code, message: 'POST /api/mailing/:taskId/approve first' }), 'start mailing tasks');
      expect(words).toBe(TASK_CONFLICT_WORDS[code]);
      expect(words).not.toMatch(/\/api\//);
    }
    expect(taskErrorInWords(new ApiError(403, { statusCode: 403, message: 'Forbidden' }), 'start mailing tasks')).toBe('Your role cannot start mailing tasks.');
    expect(taskErrorInWords(new ApiError(409, { statusCode: 409, code: 'something_new', message: 'Something new happened' }), 'x')).toBe(
      'Something new happened',
    );
  });

  it('says why a task is paused', () => {
    expect(pauseInWords('insufficient_balance')).toMatch(/balance/);
    expect(pauseInWords('sender_dns_failed')).toBe('Paused: the mailbox cannot send (dns failed). Fix the mailbox, then resume.');
    expect(pauseInWords(null)).toBe('');
  });
});
